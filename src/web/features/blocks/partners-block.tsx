import { useTranslation } from "../../i18n/use-translation";
import { safeHref } from "../../../domain/blocks/safe-url";
import { BlockTitle, isExternal } from "./block-title";
import type { BlockOf } from "./types";

/** Partner logos, each linking to the partner; the logo's text alternative is the partner's name. */
export function PartnersBlock({ block }: { block: BlockOf<"partners"> }) {
  const { t } = useTranslation("blocks");
  const { title, items } = block.props;
  return (
    <div className="mx-auto max-w-5xl" data-testid="partners">
      {title ? <BlockTitle className="text-center">{title}</BlockTitle> : null}
      <ul className="flex flex-wrap items-center justify-center gap-6">
        {items.map((partner) => {
          const href = safeHref(partner.url);
          const external = href ? isExternal(href) : false;
          return (
            <li key={partner.name}>
              <a
                href={href}
                {...(external ? { target: "_blank", rel: "noopener noreferrer" } : {})}
                className="flex h-20 items-center rounded-xl border border-line bg-surface px-6 transition hover:border-primary"
              >
                <img src={partner.logo} alt={partner.name} width={180} height={48} className="h-12 w-auto max-w-48 object-contain" loading="lazy" />
                {external ? <span className="sr-only"> {t("newTab")}</span> : null}
              </a>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
