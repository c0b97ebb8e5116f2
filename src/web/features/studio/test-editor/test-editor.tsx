import { useCallback, useEffect, useState } from "react";
import { QUESTION_KINDS, type TQuestionDef, type TQuestionKind, type TTestDefinition } from "../../../../domain/assessment/definition";
import { ZTestConflict, type TTestConflict } from "../../../../domain/assessment/editor";
import { Button } from "../../../components/ui/button";
import { SelectField } from "../../../components/ui/select-field";
import { loadKeyNamespace } from "../../../i18n/key-namespace";
import { useTranslation } from "../../../i18n/use-translation";
import { useLang } from "../../../root-data";
import { languageName } from "../field-label";
import { moveItem } from "../form-value";
import { SaveStatus, type SaveState } from "../save-status";
import { getTest, putTest } from "../studio-calls";
import { QuestionCard } from "./question-card";
import { cleaned, type DraftIssue, draftIssues, issuesUnder, newQuestion, newTest, serverDraftIssues } from "./test-draft";
import { TestImport } from "./test-import";
import { TestSettingsFields } from "./test-settings-fields";
import { TestStatistics } from "./test-statistics";

type Loaded = { revision: string | null; saved: TTestDefinition | null; def: TTestDefinition };
type Load = { kind: "loading" } | { kind: "failed"; reason: string } | { kind: "ready" };

/**
 * A test element's questions (issue 15, docs/decisions/0053): the list with add, delete (asked first)
 * and reorder (buttons, Alt+arrows), each question's kind, texts in the primary and a chosen second
 * language side by side, variants and right answers; the test's settings; one Save that replaces the
 * whole test from the revision loaded (a newer save by someone else is a conflict to reload); and the
 * CSV/GIFT import.
 */
export function TestEditor({ elementId, languages, primaryLang }: { elementId: string; languages: readonly string[]; primaryLang: string }) {
  const { t, i18n } = useTranslation("studio");
  const { t: tAny } = useTranslation();
  const uiLang = useLang();
  const [load, setLoad] = useState<Load>({ kind: "loading" });
  const [data, setData] = useState<Loaded>({ revision: null, saved: null, def: newTest() });
  const [state, setState] = useState<SaveState>({ kind: "idle" });
  const [conflict, setConflict] = useState<TTestConflict | null>(null);
  const [serverIssues, setServerIssues] = useState<DraftIssue[]>([]);
  const [kind, setKind] = useState<TQuestionKind>("single");
  const others = languages.filter((l) => l !== primaryLang);
  const [second, setSecond] = useState<string>(others[0] ?? "");
  const shown = second ? [primaryLang, second] : [primaryLang];

  const reload = useCallback(async () => {
    setLoad({ kind: "loading" });
    const res = await getTest(elementId);
    if (!res.ok) {
      await loadKeyNamespace(i18n, res.error.key);
      return setLoad({ kind: "failed", reason: tAny(res.error.key) });
    }
    setData({ revision: res.data.revision, saved: res.data.definition, def: res.data.definition ?? newTest() });
    setConflict(null);
    setServerIssues([]);
    setState({ kind: "idle" });
    setLoad({ kind: "ready" });
  }, [elementId, i18n, tAny]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const def = data.def;
  const dirty = JSON.stringify(def) !== JSON.stringify(data.saved);
  const issues = [...draftIssues(cleaned(def)), ...serverIssues];
  const edit = (next: TTestDefinition) => {
    setData((d) => ({ ...d, def: next }));
    setServerIssues([]);
    if (state.kind !== "saving") setState({ kind: "idle" });
  };
  const setQuestions = (questions: TQuestionDef[]) => edit({ ...def, questions });
  const ids = def.questions.map((q) => q.id);

  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    if (state.kind === "saving") return;
    if (!dirty) return setState({ kind: "nothing" });
    const body = cleaned(def);
    if (draftIssues(body).length > 0) return setState({ kind: "failed", reason: t("form.hasIssues") });
    setState({ kind: "saving" });
    const res = await putTest(elementId, { baseRevision: data.revision, definition: body });
    if (res.ok) {
      setData({ revision: res.data.revision, saved: res.data.definition, def: res.data.definition ?? body });
      setConflict(null);
      return setState({ kind: "saved" });
    }
    await loadKeyNamespace(i18n, res.error.key);
    const c = res.error.code === "TEST-CONFLICT" ? ZTestConflict.safeParse(res.error.details) : null;
    setConflict(c?.success ? c.data : null);
    setServerIssues(serverDraftIssues(res.error.validationErrors));
    setState({ kind: "failed", reason: tAny(res.error.key) });
  };

  if (load.kind === "loading") return <p role="status">{t("questions.loading")}</p>;
  if (load.kind === "failed") return <p className="font-medium text-danger">{t("questions.loadFailed", { reason: load.reason })}</p>;

  return (
    <div className="flex flex-col gap-5" data-testid="test-editor">
      <form onSubmit={save} noValidate className="flex flex-col gap-5">
        <TestSettingsFields def={def} issues={issues} onChange={edit} />
        {others.length > 0 ? (
          <SelectField
            className="w-full max-w-md"
            label={t("questions.secondLanguage")}
            placeholder={t("questions.primaryOnly")}
            value={second}
            onChange={(e) => setSecond(e.target.value)}
            options={others.map((code) => ({ value: code, label: languageName(uiLang, code) }))}
            data-testid="test-second-language"
          />
        ) : null}
        <p className="text-sm text-muted">{t("questions.keyboardHint")}</p>
        <ol className="flex flex-col gap-4" data-testid="test-questions" aria-label={t("questions.listLabel")}>
          {def.questions.map((q, i) => (
            <QuestionCard
              key={q.id}
              question={q}
              index={i}
              count={def.questions.length}
              languages={shown}
              uiLang={uiLang}
              issues={issuesUnder(issues, ["questions", i]).map((x) => ({ ...x, path: x.path.slice(2) }))}
              onChange={(next) => setQuestions(def.questions.map((x, k) => (k === i ? next : x)))}
              onMove={(delta) => setQuestions(moveItem(def.questions, i, i + delta))}
              onDelete={() => setQuestions(def.questions.filter((_, k) => k !== i))}
            />
          ))}
        </ol>
        {issues.some((x) => x.path.length === 1 && x.path[0] === "questions") ? (
          <p className="text-sm font-medium text-danger">{t("questions.issue.questions")}</p>
        ) : null}
        <div className="flex flex-wrap items-end gap-3">
          <SelectField
            className="w-56"
            label={t("questions.newKind")}
            placeholder={t("questions.newKind")}
            value={kind}
            onChange={(e) => e.target.value && setKind(e.target.value as TQuestionKind)}
            options={QUESTION_KINDS.map((k) => ({ value: k, label: t(`questions.kinds.${k}`) }))}
            data-testid="question-new-kind"
          />
          <Button variant="outline" onClick={() => setQuestions([...def.questions, newQuestion(kind, ids)])} data-testid="question-add">
            {t("questions.add")}
          </Button>
        </div>
        <div className="flex flex-wrap items-center gap-4 border-t border-line pt-4">
          <Button type="submit" disabled={state.kind === "saving"} data-testid="test-save">
            {t("questions.save")}
          </Button>
          <SaveStatus state={state} dirty={dirty} testId="test-save-state" />
        </div>
        {conflict ? (
          <div role="alert" className="flex flex-wrap items-center gap-3 rounded-component bg-danger/10 p-3" data-testid="test-conflict">
            <span className="font-medium text-danger">
              {t("questions.conflict", {
                name: conflict.savedBy?.name || t("questions.someone"),
                time: conflict.savedAt ? new Date(conflict.savedAt).toLocaleString(uiLang) : "",
              })}
            </span>
            <Button variant="outline" size="sm" onClick={() => void reload()} data-testid="test-reload">
              {t("questions.reload")}
            </Button>
          </div>
        ) : null}
      </form>
      <TestStatistics elementId={elementId} lang={uiLang} />
      <TestImport elementId={elementId} languages={languages} uiLang={uiLang} disabled={dirty} onImported={() => void reload()} />
    </div>
  );
}
