import { useState } from "react";
import type { z } from "zod";
import { Button } from "../../../components/ui/button";
import type { ApiResult } from "../../../lib/api";
import { loadKeyNamespace } from "../../../i18n/key-namespace";
import type { TFunction } from "../../../i18n/translator";
import { useTranslation } from "../../../i18n/use-translation";
import { BlockPropsForm } from "../../studio/block-props-form";
import type { CustomEditors } from "../../studio/form-context";
import { serverIssuesOf } from "../../studio/course-settings-value";
import type { PathIssue } from "../../studio/form-value";
import { SaveStatus, type SaveState } from "../../studio/save-status";

/** Field and option labels from the back-office pack (backoffice:settings.fields.*), else the studio pack's. */
export function useSettingsLabels(): TFunction {
  const { t: tb } = useTranslation("backoffice");
  const { t: ts } = useTranslation("studio");
  return (key, options) => (/^(fields|options)\./.test(key) ? tb(`settings.${key}`, { ...options, defaultValue: ts(key, options) }) : ts(key, options));
}

/**
 * One settings section (portal, environment, registration) in the form generated from its schema
 * (the studio's generator, form-model.ts). Save sends the whole section with the version it was read
 * at: a newer one is SETTINGS-STALE, shown in the save state; refusals are drawn at their fields.
 */
export function SectionForm<T extends { settings: Record<string, unknown>; version: string }>({
  schema,
  initial,
  languages,
  save,
  onChange,
  onSaved,
  testId,
  label,
  customEditors,
}: {
  schema: z.ZodType;
  initial: T;
  languages: readonly string[];
  save: (body: Record<string, unknown>) => Promise<ApiResult<T>>;
  onChange?: (value: Record<string, unknown>) => void;
  onSaved?: (saved: T) => void;
  testId: string;
  label: string;
  customEditors?: CustomEditors;
}) {
  const { t, i18n } = useTranslation("studio");
  const { t: tAny } = useTranslation();
  const labels = useSettingsLabels();
  const [saved, setSaved] = useState(initial);
  const [value, setValue] = useState(initial.settings);
  const [state, setState] = useState<SaveState>({ kind: "idle" });
  const [serverIssues, setServerIssues] = useState<PathIssue[]>([]);
  const dirty = JSON.stringify(value) !== JSON.stringify(saved.settings);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (state.kind === "saving") return;
    if (!dirty) return setState({ kind: "nothing" });
    if (!schema.safeParse(value).success) return setState({ kind: "failed", reason: t("form.hasIssues") });
    setState({ kind: "saving" });
    const res = await save({ ...value, baseVersion: saved.version });
    if (res.ok) {
      setSaved(res.data);
      setValue(res.data.settings);
      onChange?.(res.data.settings);
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
        translate={labels}
        label={label}
        customEditors={customEditors}
        onChange={(next) => {
          const v = next as Record<string, unknown>;
          setValue(v);
          onChange?.(v);
          setServerIssues([]);
          if (state.kind !== "saving") setState({ kind: "idle" });
        }}
      />
      <div className="flex flex-wrap items-center gap-4 border-t border-line pt-4">
        <Button type="submit" disabled={state.kind === "saving"} data-testid={`${testId}-save`}>
          {t("course.save")}
        </Button>
        <SaveStatus state={state} dirty={dirty} testId={`${testId}-state`} />
      </div>
    </form>
  );
}
