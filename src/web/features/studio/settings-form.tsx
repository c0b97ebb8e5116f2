import { useState } from "react";
import type { z } from "zod";
import type { ApiResult } from "../../lib/api";
import { BlockPropsForm } from "./block-props-form";
import { clearedFields, settingsPatch } from "./course-settings-value";
import { FormSaveBar } from "./form-save-bar";
import { useFormSave } from "./use-form-save";

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
  helpScope,
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
  /** Help texts of the form's fields (studio:help.<helpScope>.<field>). */
  helpScope?: string;
}) {
  const [saved, setSaved] = useState(initial);
  const [value, setValue] = useState(initial);
  const { state, serverIssues, submit, edited } = useFormSave();
  const patch = { ...settingsPatch(saved, value, schema), ...clearedFields(schema, saved, value) };
  const dirty = Object.keys(patch).length > 0;

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    void submit({
      dirty,
      valid: schema.safeParse(value).success,
      send: () => save(patch),
      onSaved: (data: T) => {
        const next = settingsOf(data);
        setSaved(next);
        setValue(next);
        onSaved?.(data);
      },
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" data-testid={testId}>
      <BlockPropsForm
        schema={schema}
        value={value}
        languages={languages}
        serverIssues={serverIssues}
        helpScope={helpScope}
        onChange={(next) => {
          setValue(next as Record<string, unknown>);
          edited();
        }}
      />
      <FormSaveBar state={state} dirty={dirty} saveTestId={saveTestId} stateTestId={stateTestId} />
    </form>
  );
}
