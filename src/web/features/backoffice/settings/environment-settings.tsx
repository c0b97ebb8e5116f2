import { useState } from "react";
import { BackOfficeScreen } from "../backoffice-screen";
import { type TAdminEnvironmentSettings, ZEnvironmentSettingsForm } from "../../../../domain/backoffice-settings";
import { Badge } from "../../../components/ui/badge";
import { Card } from "../../../components/ui/card";
import { useTranslation } from "../../../i18n/use-translation";
import { SectionForm } from "./section-form";
import { putEnvironmentSettings } from "./settings-calls";
import { ThemePreviewFrame } from "./theme-preview-frame";

/**
 * /{lang}/studio/settings/environment (issue 16): theme with a live preview, logos, contacts, socials,
 * SEO defaults and integrations; the cookie-consent categories are the platform's, shown read-only.
 */
export function EnvironmentSettings({ initial, lang, languages }: { initial: TAdminEnvironmentSettings; lang: string; languages: readonly string[] }) {
  const { t } = useTranslation("backoffice");
  const [theme, setTheme] = useState<unknown>(initial.settings.theme);
  return (
    <BackOfficeScreen title={t("settings.environment.title")} intro={t("settings.environment.intro")}>
      <div className="grid gap-6 xl:grid-cols-2">
        <Card>
          <SectionForm
            schema={ZEnvironmentSettingsForm}
            initial={initial}
            languages={languages}
            save={(body) => putEnvironmentSettings(body as never)}
            onChange={(v) => setTheme(v.theme)}
            testId="environment-settings"
            label={t("settings.environment.title")}
          />
          <p className="mt-4 text-sm text-muted">{t("settings.environment.scriptsHint")}</p>
        </Card>
        <div className="flex flex-col gap-6">
          <ThemePreviewFrame lang={lang} theme={theme} />
          <Card as="div" className="flex flex-col gap-2">
            <h2 className="font-title text-lg font-bold text-ink">{t("settings.environment.consentTitle")}</h2>
            <p className="text-sm text-muted">{t("settings.environment.consentHint")}</p>
            <ul className="flex flex-wrap gap-2" data-testid="consent-categories">
              {initial.consentCategories.map((c) => (
                <li key={c}>
                  <Badge tone="neutral">{c}</Badge>
                </li>
              ))}
            </ul>
          </Card>
        </div>
      </div>
    </BackOfficeScreen>
  );
}
