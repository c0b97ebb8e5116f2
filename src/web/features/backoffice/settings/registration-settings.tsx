import { useMemo, useRef, useState } from "react";
import { BackOfficeScreen } from "../backoffice-screen";
import { z } from "zod";
import {
  type TAdminRegistrationSettings,
  type TRegistrationSettingsForm,
  ZRegistrationFieldForm,
  ZRegistrationSettingsForm,
} from "../../../../domain/backoffice-settings";
import { BlockPropsForm } from "../../studio/block-props-form";
import type { CustomEditorProps, CustomEditors } from "../../studio/form-context";
import { MESSENGERS } from "../../../../domain/messenger-ids";
import { Badge } from "../../../components/ui/badge";
import { Card } from "../../../components/ui/card";
import { useTranslation } from "../../../i18n/use-translation";
import { languageName } from "../../studio/field-label";
import { SectionForm, useSettingsLabels } from "./section-form";
import { putRegistrationSettings } from "./settings-calls";

/**
 * /{lang}/studio/settings/registration (issue 16): sign-in paths, registration fields per language,
 * swapPopups and gdpr. A path switched on whose provider the server lacks is marked: visitors are not offered it.
 */
export function RegistrationSettings({ initial, lang, languages }: { initial: TAdminRegistrationSettings; lang: string; languages: readonly string[] }) {
  const { t } = useTranslation("backoffice");
  const [value, setValue] = useState<TRegistrationSettingsForm>(initial.settings);
  const labels = useSettingsLabels();
  const { i18n } = useTranslation("backoffice");
  // Read at render time: the editor component below must keep its identity (a new one would remount the fields).
  const labelsRef = useRef(labels);
  labelsRef.current = labels;
  const uiLang = i18n.language;
  // The registration fields are a record of lists per language, which the generator does not draw: one list per portal language.
  const customEditors = useMemo<CustomEditors>(() => {
    const schema = z.object(Object.fromEntries(languages.map((l) => [l, z.array(ZRegistrationFieldForm).max(30).optional()])));
    function FieldsByLanguage({ value: v, label, onChange }: CustomEditorProps) {
      const translate = (key: string, options?: Parameters<typeof labels>[1]) => {
        const lang = /^fields\.(.+)$/.exec(key)?.[1];
        return lang && languages.includes(lang) ? languageName(uiLang, lang) : labelsRef.current(key, options);
      };
      return <BlockPropsForm schema={schema} value={v ?? {}} languages={languages} label={label} translate={translate} onChange={onChange} />;
    }
    return (model) => (model.name === "fields" && model.kind === "unsupported" ? FieldsByLanguage : null);
  }, [languages, uiLang]);
  const paths: { id: string; on: boolean; server: boolean }[] = [
    { id: "email", on: value.email, server: true },
    { id: "anonymous", on: value.anonymous, server: true },
    { id: "google", on: value.google, server: initial.server.google },
    { id: "facebook", on: value.facebook, server: initial.server.facebook },
    { id: "googleOneTap", on: value.googleOneTap, server: initial.server.googleOneTap },
    ...MESSENGERS.map((m) => ({ id: m, on: Array.isArray(value.messengers) && value.messengers.includes(m), server: !!initial.server.messengers[m] })),
  ];
  return (
    <BackOfficeScreen title={t("settings.registration.title")} intro={t("settings.registration.intro")}>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <Card>
          <SectionForm
            schema={ZRegistrationSettingsForm}
            initial={initial}
            languages={languages}
            save={(body) => putRegistrationSettings(body as never)}
            onChange={(v) => setValue(v as TRegistrationSettingsForm)}
            testId="registration-settings"
            customEditors={customEditors}
            label={t("settings.registration.title")}
          />
        </Card>
        <div className="flex flex-col gap-6">
          <Card as="div" className="flex flex-col gap-2">
            <h2 className="font-title text-lg font-bold text-ink">{t("settings.registration.pathsTitle")}</h2>
            <ul className="flex flex-col gap-2" data-testid="sign-in-paths">
              {paths.map((p) => (
                <li key={p.id} className="flex flex-wrap items-center gap-2" data-testid={`sign-in-path-${p.id}`} data-on={p.on} data-server={p.server}>
                  <span className="font-medium">{t(`settings.paths.${p.id}`)}</span>
                  <Badge tone={p.on ? "success" : "neutral"}>{p.on ? t("settings.registration.on") : t("settings.registration.off")}</Badge>
                  {!p.server ? <Badge tone="danger">{t("settings.registration.notConfigured")}</Badge> : null}
                </li>
              ))}
            </ul>
          </Card>
          <Card as="div" className="flex flex-col gap-2">
            <h2 className="font-title text-lg font-bold text-ink">{t("settings.registration.policiesTitle")}</h2>
            <p className="text-sm text-muted">{t("settings.registration.policiesHint")}</p>
            <ul className="flex flex-col gap-1" data-testid="policy-pages">
              {initial.policies.map((p) => (
                <li key={p}>
                  <a className="text-primary underline" href={`/${lang}/studio/pages/${p}`}>
                    {p}
                  </a>
                </li>
              ))}
            </ul>
          </Card>
        </div>
      </div>
    </BackOfficeScreen>
  );
}
