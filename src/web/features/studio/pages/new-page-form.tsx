import { useId, useState } from "react";
import { useNavigate } from "react-router";
import { dirOf } from "../../../../domain/locale";
import { ZPageCreate } from "../../../../domain/studio-pages";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/text-field";
import { loadKeyNamespace } from "../../../i18n/key-namespace";
import { useTranslation } from "../../../i18n/use-translation";
import { useLang } from "../../../root-data";
import { languageName } from "../field-label";
import { type FieldIssue, fieldIssueOf } from "../form-value";
import { createPage } from "../page-calls";

interface FieldErrors {
  alias?: string;
  title?: string;
  form?: string;
}

/** A new page: its alias and its title in the primary language, checked with the API's schema first; a created page opens in the designer. */
export function NewPageForm({ primaryLang }: { primaryLang: string }) {
  const { t, i18n } = useTranslation("studio");
  const { t: tAny } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const [alias, setAlias] = useState("");
  const [title, setTitle] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const headingId = useId();

  const fieldErrors = (issues: readonly { path: readonly PropertyKey[]; issue?: FieldIssue }[]): FieldErrors => {
    const out: FieldErrors = {};
    for (const { path, issue } of issues) {
      if (path[0] === "alias") out.alias ??= t("newPage.aliasFormat");
      else if (path[0] === "title") out.title ??= t(`issues.${issue?.key ?? "custom"}`, issue?.params);
    }
    return out;
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const body = { alias: alias.trim(), title: { [primaryLang]: title }, model: null };
    const checked = ZPageCreate.safeParse(body);
    if (!checked.success) {
      setErrors(fieldErrors(checked.error.issues.map((i) => ({ path: i.path, issue: fieldIssueOf(i) }))));
      return;
    }
    setBusy(true);
    setErrors({});
    const res = await createPage(checked.data);
    if (res.ok) {
      await navigate(`/${lang}/studio/pages/${encodeURIComponent(res.data.alias)}`);
      return;
    }
    setBusy(false);
    await loadKeyNamespace(i18n, res.error.key);
    const atFields = fieldErrors((res.error.validationErrors ?? []).map((e) => ({ path: e.path.split(".") })));
    if (res.error.code === "PAGE-ALIAS-TAKEN") setErrors({ alias: tAny(res.error.key) });
    else if (atFields.alias || atFields.title) setErrors(atFields);
    else setErrors({ form: tAny(res.error.key) });
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-component border border-line bg-surface p-5"
      data-testid="new-page"
    >
      <h2 id={headingId} className="font-title text-xl font-bold text-ink">
        {t("newPage.title")}
      </h2>
      {errors.form ? <Alert tone="danger" title={errors.form} /> : null}
      <div className="grid gap-4 md:grid-cols-2">
        <TextField
          label={t("newPage.alias")}
          hint={t("newPage.aliasHint")}
          name="alias"
          dir="ltr"
          autoComplete="off"
          required
          value={alias}
          error={errors.alias}
          onChange={(e) => setAlias(e.target.value)}
          data-testid="new-page-alias"
        />
        <TextField
          label={t("newPage.pageTitle", { language: languageName(lang, primaryLang) })}
          name="title"
          lang={primaryLang}
          dir={dirOf(primaryLang)}
          required
          value={title}
          error={errors.title}
          onChange={(e) => setTitle(e.target.value)}
          data-testid="new-page-title"
        />
      </div>
      <div>
        <Button type="submit" disabled={busy} data-testid="new-page-create">
          {busy ? t("newPage.creating") : t("newPage.create")}
        </Button>
      </div>
    </form>
  );
}
