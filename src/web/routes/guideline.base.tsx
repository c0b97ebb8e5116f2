import { useTranslation } from "../i18n/use-translation";
import type { Route } from "./+types/guideline.base";
import { GuidelineFrame } from "../features/guideline/guideline-frame";
import { THEME_PALETTE } from "../theme";
import { useRootData } from "../root-data";
import type { PacksHandle } from "../i18n/page-packs";

export const meta: Route.MetaFunction = () => [{ title: "Mentora — guideline" }, { name: "robots", content: "noindex" }];

const TOKENS = ["primary", "primary-strong", "primary-soft", "ink", "muted", "line", "surface", "surface-alt", "danger", "success", "warning"] as const;

/** The language packs this screen adds to the page's (docs/decisions/0020-lean-client.md). */
export const handle: PacksHandle = { packs: ["guideline"] };

/** /{lang}/guideline/base: the tokens the portal theme drives (colour, type, radius). */
export default function GuidelineBase() {
  const { t } = useTranslation("guideline");
  const theme = useRootData()?.settings.environment.theme;
  return (
    <GuidelineFrame active="base">
      <section aria-labelledby="g-colors" className="flex flex-col gap-4">
        <h2 id="g-colors" className="font-title text-2xl font-bold text-ink">
          {t("base.colors")}
        </h2>
        <p className="text-muted">{t("base.colorsText", { color: theme ? t(`base.colorNames.${theme.color}`) : "" })}</p>
        <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
          {TOKENS.map((token) => (
            <li key={token} className="overflow-hidden rounded-component border border-line">
              <div className="h-16" style={{ background: `var(--color-${token})` }} />
              <div className="p-3 text-sm">
                <code className="text-ink">--color-{token}</code>
              </div>
            </li>
          ))}
        </ul>
        <h3 className="font-title text-lg font-semibold text-ink">{t("base.themeColors")}</h3>
        <ul className="flex flex-wrap gap-3">
          {Object.entries(THEME_PALETTE).map(([name, [base]]) => (
            <li key={name} className="flex items-center gap-2 rounded-button border border-line px-3 py-1.5 text-sm text-ink">
              <span className="size-4 rounded-full" style={{ background: base }} aria-hidden="true" />
              {t(`base.colorNames.${name}`)}
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="g-type" className="flex flex-col gap-3">
        <h2 id="g-type" className="font-title text-2xl font-bold text-ink">
          {t("base.typography")}
        </h2>
        <p className="font-title text-4xl font-extrabold text-ink">{t("base.sampleHeading")}</p>
        <p className="font-title text-2xl font-bold text-ink">{t("base.sampleSubheading")}</p>
        <p className="max-w-2xl text-lg text-ink">{t("base.sampleBody")}</p>
        <p className="text-sm text-muted">{t("base.sampleSmall")}</p>
      </section>
      <section aria-labelledby="g-radius" className="flex flex-col gap-3">
        <h2 id="g-radius" className="font-title text-2xl font-bold text-ink">
          {t("base.radius")}
        </h2>
        <div className="flex flex-wrap gap-6">
          <div className="flex h-24 w-40 items-center justify-center rounded-component border-2 border-primary text-sm text-ink">
            {t("base.componentRadius", { px: theme?.componentBorderRadius ?? 20 })}
          </div>
          <div className="flex h-12 w-48 items-center justify-center rounded-button border-2 border-primary text-sm text-ink">
            {t("base.buttonRadius", { px: theme?.button.borderRadius ?? 30 })}
          </div>
        </div>
      </section>
    </GuidelineFrame>
  );
}
