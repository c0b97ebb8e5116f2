import { useId, useState } from "react";
import { useNavigate } from "react-router";
import { dirOf } from "../../../domain/locale";
import { ZCourseCreate } from "../../../domain/studio";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { TextField } from "../../components/ui/text-field";
import { loadKeyNamespace } from "../../i18n/key-namespace";
import { useTranslation } from "../../i18n/use-translation";
import { useLang } from "../../root-data";
import { languageName } from "./field-label";
import { type FieldIssue, fieldIssueOf } from "./form-value";
import { createCourse } from "./studio-calls";

interface FieldErrors {
  id?: string;
  title?: string;
  /** A refusal that names no field (a lost connection, a server error). */
  form?: string;
}

/**
 * A new course: its address and its title in the portal's primary language (the rest is set on the
 * course's page). Checked with the API's own schema first; the API's refusals (a taken address, an
 * invalid field) are shown translated at their field. A created course opens at once.
 */
export function NewCourseForm({ primaryLang }: { primaryLang: string }) {
  const { t, i18n } = useTranslation("studio");
  const { t: tAny } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const [id, setId] = useState("");
  const [title, setTitle] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const headingId = useId();
  const language = languageName(lang, primaryLang);

  /** The address has one rule to explain; a title's issue is explained like the studio forms' (the server's names no rule). */
  const fieldErrors = (issues: readonly { path: readonly PropertyKey[]; issue?: FieldIssue }[]): FieldErrors => {
    const out: FieldErrors = {};
    for (const { path, issue } of issues) {
      if (path[0] === "id") out.id ??= t("newCourse.idFormat");
      else if (path[0] === "title") out.title ??= t(`issues.${issue?.key ?? "custom"}`, issue?.params);
    }
    return out;
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const body = { id: id.trim(), title: { [primaryLang]: title } };
    const checked = ZCourseCreate.safeParse(body);
    if (!checked.success) {
      setErrors(fieldErrors(checked.error.issues.map((i) => ({ path: i.path, issue: fieldIssueOf(i) }))));
      return;
    }
    setBusy(true);
    setErrors({});
    const res = await createCourse(body);
    if (res.ok) {
      await navigate(`/${lang}/studio/courses/${encodeURIComponent(res.data.id)}`);
      return;
    }
    setBusy(false);
    await loadKeyNamespace(i18n, res.error.key);
    const atFields = fieldErrors((res.error.validationErrors ?? []).map((e) => ({ path: e.path.split(".") })));
    if (res.error.code === "COURSE-ID-TAKEN") setErrors({ id: tAny(res.error.key) });
    else if (atFields.id || atFields.title) setErrors(atFields);
    else setErrors({ form: tAny(res.error.key) });
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-component border border-line bg-surface p-5"
      data-testid="new-course"
    >
      <h2 id={headingId} className="font-title text-xl font-bold text-ink">
        {t("newCourse.title")}
      </h2>
      {errors.form ? <Alert tone="danger" title={errors.form} /> : null}
      <div className="grid gap-4 md:grid-cols-2">
        <TextField
          label={t("newCourse.id")}
          hint={t("newCourse.idHint")}
          name="id"
          dir="ltr"
          autoComplete="off"
          required
          value={id}
          error={errors.id}
          onChange={(e) => setId(e.target.value)}
          data-testid="new-course-id"
        />
        <TextField
          label={t("newCourse.courseTitle", { language })}
          name="title"
          lang={primaryLang}
          dir={dirOf(primaryLang)}
          required
          value={title}
          error={errors.title}
          onChange={(e) => setTitle(e.target.value)}
          data-testid="new-course-name"
        />
      </div>
      <div>
        <Button type="submit" disabled={busy} data-testid="new-course-create">
          {busy ? t("newCourse.creating") : t("newCourse.create")}
        </Button>
      </div>
    </form>
  );
}
