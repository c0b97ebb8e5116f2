import { useState } from "react";
import { SelectField } from "../../components/ui/select-field";
import { useTranslation } from "../../i18n/use-translation";
import { useLang, useRootData } from "../../root-data";
import { languageName } from "./field-label";

/**
 * The language a new item's title is written in: the studio's own language when the portal has it,
 * else the primary one. An author working in English starts in English; the server takes a title in
 * any of the portal's languages, and readers of the others get it through localized()'s fallback.
 */
export function authoringLang(uiLang: string, langs: readonly string[], primaryLang: string): string {
  return langs.includes(uiLang) ? uiLang : primaryLang;
}

/** The portal's languages (primary first) and the language a title starts in; `only` narrows them (a page's title: the primary language). */
export function useTitleLanguage(primaryLang: string, only?: readonly string[]) {
  const uiLang = useLang();
  const portal = useRootData()?.settings.portal.i18n.langs ?? [];
  const all = only ?? (portal.length ? [primaryLang, ...portal.filter((l) => l !== primaryLang)] : [primaryLang]);
  const [titleLang, setTitleLang] = useState(() => authoringLang(uiLang, all, primaryLang));
  return { langs: all, titleLang: all.includes(titleLang) ? titleLang : all[0]!, setTitleLang, uiLang };
}

/** The choice of the title's language; nothing when the portal has one language. */
export function TitleLanguageSelect({
  langs,
  value,
  onChange,
  uiLang,
  testId,
}: {
  langs: readonly string[];
  value: string;
  onChange: (lang: string) => void;
  uiLang: string;
  testId: string;
}) {
  const { t } = useTranslation("studio");
  if (langs.length < 2) return null;
  return (
    <SelectField
      label={t("newCourse.titleLanguage")}
      hint={t("newCourse.titleLanguageHint")}
      name="titleLang"
      placeholder={t("choose")}
      required
      value={value}
      onChange={(e) => onChange(e.target.value)}
      options={langs.map((l) => ({ value: l, label: languageName(uiLang, l) }))}
      data-testid={testId}
    />
  );
}
