import { useTranslation } from "../../i18n/use-translation";
import { safeHref } from "../../../domain/blocks/safe-url";
import { formatFileSize } from "../../../domain/blocks/media-rules";
import { useLang } from "../../root-data";
import { BlockTitle } from "./block-title";
import type { BlockOf } from "./types";

/** A file to download: its name, its size in the page language, and a download link. */
export function FileBlock({ block }: { block: BlockOf<"file"> }) {
  const { t } = useTranslation("blocks");
  const lang = useLang();
  const { title, description, name, url, size } = block.props;
  const href = safeHref(url);
  const sizeText = formatFileSize(size, lang);
  return (
    <div className="mx-auto max-w-3xl" data-testid="file">
      {title ? <BlockTitle>{title}</BlockTitle> : null}
      {description ? <p className="mb-4 text-muted">{description}</p> : null}
      <a
        href={href}
        download={name}
        className="flex items-center gap-4 rounded-component border border-line bg-surface p-4 text-ink shadow-sm transition hover:border-primary hover:bg-primary-soft"
      >
        <svg
          viewBox="0 0 24 24"
          className="size-10 shrink-0 text-primary"
          fill="none"
          stroke="currentColor"
          strokeWidth={1.8}
          aria-hidden="true"
          focusable="false"
        >
          <path d="M6 2h8l5 5v15H6V2Zm8 0v5h5M12 10v7m-3-3 3 3 3-3" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        <span className="flex min-w-0 flex-1 flex-col">
          <span className="truncate font-semibold">{name}</span>
          <span className="text-sm text-muted">{sizeText}</span>
        </span>
        <span className="shrink-0 font-semibold text-primary-strong">{t("file.download")}</span>
      </a>
    </div>
  );
}
