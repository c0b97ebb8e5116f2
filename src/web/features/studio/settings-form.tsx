import { useState } from "react";
import type { z } from "zod";
import { Button } from "../../components/ui/button";
import type { ApiResult } from "../../lib/api";
import { loadKeyNamespace } from "../../i18n/key-namespace";
import { useTranslation } from "../../i18n/use-translation";
import { BlockPropsForm } from "./block-props-form";
import { clearedFields, serverIssuesOf, settingsPatch } from "./course-settings-value";
import type { PathIssue } from "./form-value";
import { SaveStatus, type SaveState } from "./save-status";

/**
 * Settings of a studio entity (a course, an element, a microcourse, a video event, an episode) in the
 * form generated from its patch schema. Save sends only what changed (texts per changed language);
 * the server's refusals are shown at their fields and in the save state.
 */
export function SettingsForm<T>({
  schema,
  initial,
  languages,
  save,
  settingsOf,
  onSaved,
  testId,
  saveTestId = `${testId}-save`,
  stateTestId = `${testId}-state`,
}: {
  schema: z.ZodType;
  initial: Record<string, unknown>;
  languages: readonly string[];
  save: (patch: Record<string, unknown>) => Promise<ApiResult<T>>;
  settingsOf: (saved: T) => Record<string, unknown>;
  onSaved?: (saved: T) => void;
  testId: string;
  saveTestId?: string;
  stateTestId?: string;
}) {
  const { t, i18n } = useTranslation("studio");
  const { t: tAny } = useTranslation();
  const [saved, setSaved] = useState(initial);
  const [value, setValue] = useState(initial);
  const [state, setState] = useState<SaveState>({ kind: "idle" });
  const [serverIssues, setServerIssues] = useState<PathIssue[]>([]);
  const patch = { ...settingsPatch(saved, value), ...clearedFields(schema, saved, value) };
  const dirty = Object.keys(patch).length > 0;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (state.kind === "saving") return;
    if (!dirty) return setState({ kind: "nothing" });
    if (!schema.safeParse(value).success) return setState({ kind: "failed", reason: t("form.hasIssues") });
    setState({ kind: "saving" });
    const res = await save(patch);
    if (res.ok) {
      const next = settingsOf(res.data);
      setSaved(next);
      setValue(next);
      setState({ kind: "saved" });
      onSaved?.(res.data);
      return;
    }
    await loadKeyNamespace(i18n, res.error.key);
    setServerIssues(serverIssuesOf(res.error.validationErrors));
    setState({ kind: "failed", reason: tAny(res.error.key) });
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" data-testid={testId}>
      <BlockPropsForm
        schema={schema}
        value={value}
        languages={languages}
        serverIssues={serverIssues}
        onChange={(next) => {
          setValue(next as Record<string, unknown>);
          setServerIssues([]);
          if (state.kind !== "saving") setState({ kind: "idle" });
        }}
      />
      <div className="flex flex-wrap items-center gap-4 border-t border-line pt-4">
        <Button type="submit" disabled={state.kind === "saving"} data-testid={saveTestId}>
          {t("course.save")}
        </Button>
        <SaveStatus state={state} dirty={dirty} testId={stateTestId} />
      </div>
    </form>
  );
}
