import { useId, useState } from "react";
import { useNavigate } from "react-router";
import type { z } from "zod";
import { dirOf } from "../../../domain/locale";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { TextField } from "../../components/ui/text-field";
import type { ApiResult } from "../../lib/api";
import { loadKeyNamespace } from "../../i18n/key-namespace";
import { useTranslation } from "../../i18n/use-translation";
import { languageName } from "./field-label";
import { type FieldIssue, fieldIssueOf } from "./form-value";
import { TitleLanguageSelect, useTitleLanguage } from "./title-language";

interface FieldErrors {
  key?: string;
  title?: string;
  /** A refusal that names no field (a lost connection, a server error). */
  form?: string;
}

export interface NewItemFormProps<R> {
  /** The body field that is the new item's address: a course's id, a page's alias. */
  keyName: string;
  /** The API's create schema: the body is checked with it before it is sent. */
  schema: z.ZodType;
  /** The body sent: the address, the title in the language the author chose and anything `children` edits. */
  body: (key: string, title: Record<string, string>) => Record<string, unknown>;
  create: (body: Record<string, unknown>) => Promise<ApiResult<R>>;
  /** Where the created item opens. */
  href: (created: R) => string;
  primaryLang: string;
  /** The languages the title may be written in (every portal language unless given: a page's title is the primary language's). */
  titleLangs?: readonly string[];
  texts: { heading: string; key: string; keyHint: string; keyFormat: string; create: string; creating: string };
  /** The title field's label, naming the language it is written in. */
  titleLabel: (language: string) => string;
  testIds: { form: string; key: string; title: string; create: string; titleLang?: string };
  /** More fields, between the title and the button (a microcourse's type). */
  children?: React.ReactNode;
}

/**
 * A new studio item: its address and its title, written in the studio's language when the portal has
 * it (or another of the portal's languages the author picks); the rest is set on the item's own page,
 * which opens at once. Checked with the API's own schema first; the API's
 * refusals (a taken address: 409, an invalid field) are shown translated at their field.
 */
export function NewItemForm<R>({ keyName, schema, body, create, href, primaryLang, titleLangs, texts, titleLabel, testIds, children }: NewItemFormProps<R>) {
  const { t, i18n } = useTranslation("studio");
  const { langs, titleLang, setTitleLang, uiLang } = useTitleLanguage(primaryLang, titleLangs);
  const { t: tAny } = useTranslation();
  const navigate = useNavigate();
  const [key, setKey] = useState("");
  const [title, setTitle] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const headingId = useId();

  /** The address has one rule to explain; a title's issue is explained like the studio forms' (the server's names no rule). */
  const fieldErrors = (issues: readonly { path: readonly PropertyKey[]; issue?: FieldIssue }[]): FieldErrors => {
    const out: FieldErrors = {};
    for (const { path, issue } of issues) {
      if (path[0] === keyName) out.key ??= texts.keyFormat;
      else if (path[0] === "title") out.title ??= t(`issues.${issue?.key ?? "custom"}`, issue?.params);
    }
    return out;
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const sent = body(key.trim(), { [titleLang]: title });
    const checked = schema.safeParse(sent);
    if (!checked.success) {
      setErrors(fieldErrors(checked.error.issues.map((i) => ({ path: i.path, issue: fieldIssueOf(i) }))));
      return;
    }
    setBusy(true);
    setErrors({});
    // What the author gave, not the schema's defaults: the server fills those (and its audit row names only what was sent).
    const res = await create(sent);
    if (res.ok) {
      await navigate(href(res.data));
      return;
    }
    setBusy(false);
    await loadKeyNamespace(i18n, res.error.key);
    const atFields = fieldErrors((res.error.validationErrors ?? []).map((e) => ({ path: e.path.split(".") })));
    if (res.error.status === 409) setErrors({ key: tAny(res.error.key) });
    else if (atFields.key || atFields.title) setErrors(atFields);
    else setErrors({ form: tAny(res.error.key) });
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-component border border-line bg-surface p-5"
      data-testid={testIds.form}
    >
      <h2 id={headingId} className="font-title text-xl font-bold text-ink">
        {texts.heading}
      </h2>
      {errors.form ? <Alert tone="danger" title={errors.form} /> : null}
      <div className="grid gap-4 md:grid-cols-2">
        <TextField
          label={texts.key}
          hint={texts.keyHint}
          name={keyName}
          dir="ltr"
          autoComplete="off"
          required
          value={key}
          error={errors.key}
          onChange={(e) => setKey(e.target.value)}
          data-testid={testIds.key}
        />
        <TextField
          label={titleLabel(languageName(uiLang, titleLang))}
          name="title"
          lang={titleLang}
          dir={dirOf(titleLang)}
          required
          value={title}
          error={errors.title}
          onChange={(e) => setTitle(e.target.value)}
          data-testid={testIds.title}
        />
        <TitleLanguageSelect
          langs={langs}
          value={titleLang}
          onChange={setTitleLang}
          uiLang={uiLang}
          testId={testIds.titleLang ?? `${testIds.form}-title-lang`}
        />
        {children}
      </div>
      <div>
        <Button type="submit" disabled={busy} data-testid={testIds.create}>
          {busy ? texts.creating : texts.create}
        </Button>
      </div>
    </form>
  );
}
