import { useTranslation } from "../../i18n/use-translation";
import { NavLink } from "react-router";
import { cn } from "../../components/ui/cn";
import { useLang } from "../../root-data";
import { ThemeProvider } from "../../components/ui/theme-context";
import { useThemePreview } from "./theme-preview";

const SECTIONS = ["base", "components", "icons"] as const;

export function GuidelineFrame({ active, children }: { active: (typeof SECTIONS)[number]; children: React.ReactNode }) {
  const { t } = useTranslation("guideline");
  const lang = useLang();
  // In the environment settings' preview frame: the unsaved theme (theme-preview.ts).
  const preview = useThemePreview();
  const page = (
    <div className="flex flex-col gap-10" data-testid="guideline-frame" data-preview-color={preview?.color}>
      <header className="flex flex-col gap-4">
        <h1 className="font-title text-4xl font-extrabold text-ink">{t(`${active}.title`)}</h1>
        <nav aria-label={t("nav")}>
          <ul className="flex flex-wrap gap-2">
            {SECTIONS.map((s) => (
              <li key={s}>
                <NavLink
                  to={`/${lang}/guideline/${s}`}
                  className={cn(
                    "inline-block rounded-button px-4 py-2 text-sm font-medium",
                    s === active ? "bg-primary text-white" : "bg-surface-alt text-ink hover:bg-primary-soft",
                  )}
                  aria-current={s === active ? "page" : undefined}
                >
                  {t(`${s}.title`)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      {children}
    </div>
  );
  return preview ? <ThemeProvider theme={preview}>{page}</ThemeProvider> : page;
}
