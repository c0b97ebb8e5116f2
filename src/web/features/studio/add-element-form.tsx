import { useState } from "react";
import { dirOf } from "../../../domain/locale";
import { ELEMENT_TYPES, type TElementType } from "../../../domain/element";
import type { TStudioElement } from "../../../domain/studio";
import { Button } from "../../components/ui/button";
import { SelectField } from "../../components/ui/select-field";
import { TextField } from "../../components/ui/text-field";
import { loadKeyNamespace } from "../../i18n/key-namespace";
import { useTranslation } from "../../i18n/use-translation";
import { languageName } from "./field-label";
import { addElement } from "./studio-calls";
import { TitleLanguageSelect, useTitleLanguage } from "./title-language";

/** Adds a lesson, a test or a webinar at the end of the course, titled in the studio's language (or another of the portal's). */
export function AddElementForm({ courseId, primaryLang, onAdded }: { courseId: string; primaryLang: string; onAdded: (e: TStudioElement) => void }) {
  const { t, i18n } = useTranslation("studio");
  const { t: tAny } = useTranslation();
  const { langs, titleLang, setTitleLang, uiLang } = useTitleLanguage(primaryLang);
  const [type, setType] = useState<TElementType>("lesson");
  const [title, setTitle] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const language = languageName(uiLang, titleLang);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!title.trim()) {
      setError(t("issues.invalid_type"));
      return;
    }
    setBusy(true);
    setError(undefined);
    const res = await addElement(courseId, { type, title: { [titleLang]: title } });
    setBusy(false);
    if (res.ok) {
      onAdded(res.data);
      setTitle("");
      return;
    }
    await loadKeyNamespace(i18n, res.error.key);
    setError(t("elements.failed", { reason: tAny(res.error.key) }));
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-3 rounded-component border border-dashed border-line bg-surface p-4"
      data-testid="add-element"
    >
      <h3 className="font-semibold text-ink">{t("elements.add")}</h3>
      <div className={`grid items-start gap-3 ${langs.length > 1 ? "md:grid-cols-[12rem_1fr_12rem_auto]" : "md:grid-cols-[12rem_1fr_auto]"}`}>
        <SelectField
          label={t("elements.type")}
          placeholder={t("choose")}
          required
          options={ELEMENT_TYPES.map((k) => ({ value: k, label: t(`elements.types.${k}`) }))}
          value={type}
          onChange={(e) => setType((e.target.value || "lesson") as TElementType)}
          data-testid="add-element-type"
        />
        <TextField
          label={t("elements.newTitle", { language })}
          lang={titleLang}
          dir={dirOf(titleLang)}
          required
          value={title}
          error={error}
          onChange={(e) => setTitle(e.target.value)}
          data-testid="add-element-title"
        />
        <TitleLanguageSelect langs={langs} value={titleLang} onChange={setTitleLang} uiLang={uiLang} testId="add-element-title-lang" />
        <Button type="submit" className="md:mt-7" disabled={busy} data-testid="add-element-submit">
          {busy ? t("elements.adding") : t("elements.addButton")}
        </Button>
      </div>
    </form>
  );
}
