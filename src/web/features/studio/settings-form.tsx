import { useState } from "react";
import type { z } from "zod";
import { Button } from "../../components/ui/button";
import type { ApiResult } from "../../lib/api";
import { loadKeyNamespace } from "../../i18n/key-namespace";
import { useTranslation } from "../../i18n/use-translation";
import { BlockPropsForm } from "./block-props-form";
import { serverIssuesOf, settingsPatch } from "./course-settings-value";
import type { PathIssue } from "./form-value";

type SaveState = { kind: "idle" } | { kind: "saving" } | { kind: "saved" } | { kind: "nothing" } | { kind: "failed"; reason: string };

/**
 * Settings of a studio entity (a microcourse, a video event, an episode) in the form generated from
 * its patch schema. Save sends only what changed (texts per changed language); the server's
 * refusals are shown at their fields and in the save state.
 */
export function SettingsForm<T>({
  schema,
  initial,
  languages,
  save,
  settingsOf,
  onSaved,
  testId,
}: {
  schema: z.ZodType;
  initial: Record<string, unknown>;
  languages: readonly string[];
  save: (patch: Record<string, unknown>) => Promise<ApiResult<T>>;
  settingsOf: (saved: T) => Record<string, unknown>;
  onSaved?: (saved: T) => void;
  testId: string;
}) {
  const { t, i18n } = useTranslation("studio");
  const { t: tAny } = useTranslation();
  const [saved, setSaved] = useState(initial);
  const [value, setValue] = useState(initial);
  const [state, setState] = useState<SaveState>({ kind: "idle" });
  const [serverIssues, setServerIssues] = useState<PathIssue[]>([]);
  const patch = settingsPatch(saved, value) as Record<string, unknown>;
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

  const status =
    state.kind === "saving"
      ? t("course.saving")
      : state.kind === "saved"
        ? t("course.saved")
        : state.kind === "nothing"
          ? t("course.nothingToSave")
          : state.kind === "failed"
            ? t("course.failed", { reason: state.reason })
            : dirty
              ? t("course.unsaved")
              : "";

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
        <Button type="submit" disabled={state.kind === "saving"} data-testid={`${testId}-save`}>
          {t("course.save")}
        </Button>
        <p
          role="status"
          className={state.kind === "failed" ? "font-medium text-danger" : state.kind === "saved" ? "font-medium text-success" : "text-muted"}
          data-testid={`${testId}-state`}
          data-state={state.kind === "idle" && dirty ? "dirty" : state.kind}
        >
          {status}
        </p>
      </div>
    </form>
  );
}
