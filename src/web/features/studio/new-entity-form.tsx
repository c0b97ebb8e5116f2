import { useId, useState } from "react";
import { useNavigate } from "react-router";
import { dirOf } from "../../../domain/locale";
import { ZCourseId } from "../../../domain/course";
import { ELEMENT_TYPES } from "../../../domain/element";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { SelectField } from "../../components/ui/select-field";
import { TextField } from "../../components/ui/text-field";
import type { ApiResult } from "../../lib/api";
import { loadKeyNamespace } from "../../i18n/key-namespace";
import { useTranslation } from "../../i18n/use-translation";
import { useLang } from "../../root-data";
import { languageName, optionLabel } from "./field-label";

/**
 * A new microcourse or video event: its address, its title in the primary language (and a
 * microcourse's type); the rest is set on its own page, which opens at once. A taken address is
 * shown at the address field.
 */
export function NewEntityForm({
  kind,
  primaryLang,
  create,
}: {
  kind: "microcourse" | "videoEvent";
  primaryLang: string;
  create: (body: { id: string; title: Record<string, string>; type?: string }) => Promise<ApiResult<{ id: string }>>;
}) {
  const { t, i18n } = useTranslation("studio");
  const { t: tAny } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const [id, setId] = useState("");
  const [title, setTitle] = useState("");
  const [type, setType] = useState<string>(ELEMENT_TYPES[0]);
  const [errors, setErrors] = useState<{ id?: string; title?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  const headingId = useId();
  const base = kind === "microcourse" ? "microcourses" : "video-events";

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const next: typeof errors = {};
    if (!ZCourseId.safeParse(id.trim()).success) next.id = t("newCourse.idFormat");
    if (!title.trim()) next.title = t("issues.too_small_string", { limit: 1 });
    setErrors(next);
    if (next.id || next.title) return;
    setBusy(true);
    const res = await create({ id: id.trim(), title: { [primaryLang]: title.trim() }, ...(kind === "microcourse" ? { type } : {}) });
    if (res.ok) {
      await navigate(`/${lang}/studio/${base}/${encodeURIComponent(res.data.id)}`);
      return;
    }
    setBusy(false);
    await loadKeyNamespace(i18n, res.error.key);
    if (res.error.status === 409) setErrors({ id: tAny(res.error.key) });
    else setErrors({ form: tAny(res.error.key) });
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-component border border-line bg-surface p-5"
      data-testid="new-entity"
    >
      <h2 id={headingId} className="font-title text-xl font-bold text-ink">
        {t(`${kind}s.new`)}
      </h2>
      {errors.form ? <Alert tone="danger" title={errors.form} /> : null}
      <div className="grid gap-4 md:grid-cols-2">
        <TextField
          label={t(`${kind}s.id`)}
          hint={t("newCourse.idHint")}
          name="id"
          dir="ltr"
          autoComplete="off"
          required
          value={id}
          error={errors.id}
          onChange={(e) => setId(e.target.value)}
          data-testid="new-entity-id"
        />
        <TextField
          label={t("newCourse.courseTitle", { language: languageName(lang, primaryLang) })}
          name="title"
          lang={primaryLang}
          dir={dirOf(primaryLang)}
          required
          value={title}
          error={errors.title}
          onChange={(e) => setTitle(e.target.value)}
          data-testid="new-entity-title"
        />
        {kind === "microcourse" ? (
          <SelectField
            label={t("fields.type")}
            name="type"
            placeholder={t("choose")}
            value={type}
            onChange={(e) => setType(e.target.value)}
            options={ELEMENT_TYPES.map((v) => ({ value: v, label: optionLabel(t, v) }))}
          />
        ) : null}
      </div>
      <div>
        <Button type="submit" disabled={busy} data-testid="new-entity-create">
          {busy ? t("newCourse.creating") : t(`${kind}s.create`)}
        </Button>
      </div>
    </form>
  );
}
