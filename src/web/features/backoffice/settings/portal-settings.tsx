import { useState } from "react";
import { BackOfficeScreen } from "../backoffice-screen";
import { type TAdminPortalSettings, type TPortalSettingsForm, ZPortalSettingsForm } from "../../../../domain/backoffice-settings";
import { Card } from "../../../components/ui/card";
import { useTranslation } from "../../../i18n/use-translation";
import { localized } from "../../../../domain/localized";
import { LanguageGaps } from "./language-gaps";
import { SectionForm } from "./section-form";
import { putPortalSettings } from "./settings-calls";

/** /{lang}/studio/settings/portal (issue 16): titles, type, languages, icons, auth migration; the children portals read-only. */
export function PortalSettings({ initial, lang }: { initial: TAdminPortalSettings; lang: string; languages?: readonly string[] }) {
  const { t } = useTranslation("backoffice");
  const [value, setValue] = useState<TPortalSettingsForm>(initial.settings);
  const langs = Array.isArray(value.i18n?.langs) ? value.i18n.langs.filter((l): l is string => typeof l === "string" && l.length >= 2) : [];
  return (
    <BackOfficeScreen title={t("settings.portal.title")} intro={t("settings.portal.intro")}>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <Card>
          <SectionForm
            schema={ZPortalSettingsForm}
            initial={initial}
            languages={langs.length ? langs : [initial.settings.i18n.primaryLang]}
            save={(body) => putPortalSettings(body as never)}
            onChange={(v) => setValue(v as TPortalSettingsForm)}
            testId="portal-settings"
            label={t("settings.portal.title")}
          />
        </Card>
        <div className="flex flex-col gap-6">
          <LanguageGaps langs={langs} primaryLang={value.i18n?.primaryLang ?? initial.settings.i18n.primaryLang} known={initial.packs} />
          <Card as="div" className="flex flex-col gap-2">
            <h2 className="font-title text-lg font-bold text-ink">{t("settings.portal.childrenTitle")}</h2>
            <p className="text-sm text-muted">{t("settings.portal.childrenHint")}</p>
            {initial.children.length === 0 ? (
              <p>{t("settings.portal.noChildren")}</p>
            ) : (
              <ul className="flex flex-col gap-1" data-testid="portal-children">
                {initial.children.map((c) => (
                  <li key={c.id}>
                    <span className="font-medium">{localized(c.title, lang, initial.settings.i18n.primaryLang)}</span>{" "}
                    <span className="text-muted">
                      ({c.id}, {c.type})
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </div>
      </div>
    </BackOfficeScreen>
  );
}
