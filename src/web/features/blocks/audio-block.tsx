import { useTranslation } from "../../i18n/use-translation";
import { safeHref } from "../../../domain/blocks/safe-url";
import type { BlockOf } from "./types";

/** A recording with the browser's player, its description and, when given, a transcript. */
export function AudioBlock({ block }: { block: BlockOf<"audio"> }) {
  const { t } = useTranslation("blocks");
  const { title, src, description, transcript } = block.props;
  const href = safeHref(src);
  const titleId = `${block.id}-title`;
  return (
    <figure className="mx-auto flex max-w-3xl flex-col gap-3 rounded-component border border-line bg-surface p-6 shadow-sm" data-testid="audio">
      <figcaption>
        <span id={titleId} className="block font-title text-xl font-bold text-ink">
          {title}
        </span>
        {description ? <span className="mt-1 block text-muted">{description}</span> : null}
      </figcaption>
      {href ? (
        // The transcript below is the text alternative of a recording (captions are for video).
        // eslint-disable-next-line jsx-a11y/media-has-caption
        <audio controls preload="metadata" src={href} aria-labelledby={titleId} className="w-full">
          <a href={href} download>
            {t("audio.download")}
          </a>
        </audio>
      ) : null}
      {transcript ? (
        <details className="rounded-xl bg-surface-alt p-4">
          <summary className="cursor-pointer font-medium text-ink">{t("audio.transcript")}</summary>
          <p className="mt-2 whitespace-pre-line text-ink">{transcript}</p>
        </details>
      ) : null}
    </figure>
  );
}
