import { useTranslation } from "../../i18n/use-translation";
import { safeHref } from "../../../domain/blocks/safe-url";
import type { APP_STORES } from "../../../domain/blocks/engagement";
import { isExternal } from "./block-title";
import type { BlockOf } from "./types";

type Store = (typeof APP_STORES)[number];

/** Store names are brand names, the same in every language. */
const STORE_NAMES: Record<Store, string> = { "app-store": "App Store", "google-play": "Google Play", "app-gallery": "AppGallery", rustore: "RuStore" };

/** Simple store marks drawn inline: no third-party badge images to fetch. */
const STORE_ICONS: Record<Store, string> = {
  "app-store":
    "M16.4 12.6c0-2.3 1.9-3.4 2-3.5-1.1-1.6-2.8-1.8-3.4-1.8-1.4-.1-2.8.9-3.5.9-.7 0-1.8-.8-3-.8-1.6 0-3 .9-3.8 2.3-1.6 2.8-.4 7 1.2 9.3.8 1.1 1.7 2.4 2.9 2.3 1.2 0 1.6-.7 3-.7s1.8.7 3 .7c1.3 0 2.1-1.1 2.8-2.3.9-1.3 1.3-2.6 1.3-2.6s-2.5-1-2.5-3.8ZM14.2 5.8c.6-.8 1.1-1.8 1-2.8-.9 0-2 .6-2.7 1.4-.6.7-1.1 1.7-1 2.7 1 .1 2-.5 2.7-1.3Z",
  "google-play":
    "M4 3.5v17l9.2-8.5L4 3.5Zm10.6 7.2 2.8-2.6L6.3 2.2l8.3 8.5Zm0 2.6-8.3 8.5 11.1-5.9-2.8-2.6Zm3.9-4.5-2.9 2.7 2.9 2.7 2.7-1.4c.8-.5.8-1.6 0-2.1l-2.7-1.9Z",
  "app-gallery": "M5 7h14l-1.2 13.1a1 1 0 0 1-1 .9H7.2a1 1 0 0 1-1-.9L5 7Zm4 0a3 3 0 0 1 6 0h-1.6a1.4 1.4 0 0 0-2.8 0H9Z",
  rustore: "M4 6.5 12 3l8 3.5V17l-8 4-8-4V6.5Zm4 2.5v6l4 2 4-2V9l-4-2-4 2Z",
};

/** Promotes the mobile app: a text, a screenshot and a badge link per store. */
export function AppPromoBlock({ block }: { block: BlockOf<"app-promo"> }) {
  const { t } = useTranslation("blocks");
  const { title, text, image, stores } = block.props;
  const imageSrc = safeHref(image?.src);
  return (
    <div className="mx-auto flex max-w-5xl flex-col items-center gap-8 rounded-component bg-surface-alt p-6 sm:p-10 md:flex-row" data-testid="app-promo">
      <div className="flex flex-1 flex-col gap-4 text-center md:text-start">
        <h2 className="font-title text-2xl font-bold text-ink sm:text-3xl">{title}</h2>
        {text ? <p className="text-lg text-ink">{text}</p> : null}
        <ul className="flex flex-wrap justify-center gap-3 md:justify-start">
          {stores.map(({ store, url }) => {
            const href = safeHref(url);
            if (!href) return null;
            const external = isExternal(href);
            return (
              <li key={store}>
                <a
                  href={href}
                  {...(external ? { target: "_blank", rel: "noopener noreferrer" } : {})}
                  className="inline-flex min-w-44 items-center gap-3 rounded-xl bg-ink px-4 py-2 text-start text-white transition hover:bg-ink/85"
                >
                  <svg viewBox="0 0 24 24" className="size-7 shrink-0" fill="currentColor" aria-hidden="true" focusable="false">
                    <path d={STORE_ICONS[store]} />
                  </svg>
                  <span className="flex flex-col leading-tight">
                    <span className="text-xs">{t(`appPromo.${store}`)}</span>
                    <span className="text-lg font-semibold">{STORE_NAMES[store]}</span>
                  </span>
                  {external ? <span className="sr-only"> {t("newTab")}</span> : null}
                </a>
              </li>
            );
          })}
        </ul>
      </div>
      {imageSrc ? <img src={imageSrc} alt={image?.alt ?? ""} loading="lazy" className="w-56 shrink-0 md:w-64" /> : null}
    </div>
  );
}
