import { useState } from "react";
import type { z } from "zod";
import type { ApiResult } from "../../../lib/api";
import type { TFunction } from "../../../i18n/translator";
import { useTranslation } from "../../../i18n/use-translation";
import { BlockPropsForm } from "../../studio/block-props-form";
import type { CustomEditors } from "../../studio/form-context";
import { FormSaveBar } from "../../studio/form-save-bar";
import { useFormSave } from "../../studio/use-form-save";

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
  const labels = useSettingsLabels();
  const [saved, setSaved] = useState(initial);
  const [value, setValue] = useState(initial.settings);
  const { state, serverIssues, submit, edited } = useFormSave();
  const dirty = JSON.stringify(value) !== JSON.stringify(saved.settings);

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    void submit({
      dirty,
      valid: schema.safeParse(value).success,
      send: () => save({ ...value, baseVersion: saved.version }),
      onSaved: (data: T) => {
        setSaved(data);
        setValue(data.settings);
        onChange?.(data.settings);
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
        translate={labels}
        label={label}
        customEditors={customEditors}
        onChange={(next) => {
          const v = next as Record<string, unknown>;
          setValue(v);
          onChange?.(v);
          edited();
        }}
      />
      <FormSaveBar state={state} dirty={dirty} saveTestId={`${testId}-save`} stateTestId={`${testId}-state`} />
    </form>
  );
}
