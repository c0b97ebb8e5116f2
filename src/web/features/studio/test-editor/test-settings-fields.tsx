import { type TTestDefinition, VERIFICATION_TYPES, type TVerificationType } from "../../../../domain/assessment/definition";
import { SelectField } from "../../../components/ui/select-field";
import { TextField } from "../../../components/ui/text-field";
import { useTranslation } from "../../../i18n/use-translation";
import type { DraftIssue } from "./test-draft";

/** A whole number typed in a field: "" is null (no limit); anything else as typed, the schema judges it. */
const numberOrNull = (s: string) => (s.trim() === "" ? null : Number(s));

/**
 * The test-level settings of a definition: pass mark, verification (by the machine or a mentor),
 * attempt limit, cool-down before a retake, and how many questions an attempt draws.
 */
export function TestSettingsFields({
  def,
  issues,
  onChange,
}: {
  def: TTestDefinition;
  issues: readonly DraftIssue[];
  onChange: (def: TTestDefinition) => void;
}) {
  const { t } = useTranslation("studio");
  const issueAt = (field: string) => (issues.some((i) => i.path[0] === field) ? t("questions.issue.setting") : undefined);
  return (
    <fieldset className="grid grid-cols-1 gap-3 md:grid-cols-3" data-testid="test-settings">
      <legend className="mb-2 font-title text-lg font-bold text-ink">{t("questions.settings")}</legend>
      <TextField
        label={t("questions.passMark")}
        type="number"
        inputMode="numeric"
        min={0}
        max={100}
        value={String(def.passMark)}
        error={issueAt("passMark")}
        onChange={(e) => onChange({ ...def, passMark: Number(e.target.value) })}
        data-testid="test-pass-mark"
      />
      <SelectField
        label={t("questions.verification")}
        placeholder={t("questions.verification")}
        value={def.verificationType}
        onChange={(e) => e.target.value && onChange({ ...def, verificationType: e.target.value as TVerificationType })}
        options={VERIFICATION_TYPES.map((v) => ({ value: v, label: t(`questions.verificationTypes.${v}`) }))}
        data-testid="test-verification"
      />
      <TextField
        label={t("questions.draw")}
        type="number"
        inputMode="numeric"
        min={1}
        value={def.draw === null ? "" : String(def.draw)}
        error={issueAt("draw")}
        onChange={(e) => onChange({ ...def, draw: numberOrNull(e.target.value) })}
      />
      <TextField
        label={t("questions.attemptLimit")}
        type="number"
        inputMode="numeric"
        min={1}
        value={def.retake.attemptLimit === null ? "" : String(def.retake.attemptLimit)}
        error={issueAt("retake")}
        onChange={(e) => onChange({ ...def, retake: { ...def.retake, attemptLimit: numberOrNull(e.target.value) } })}
      />
      <TextField
        label={t("questions.cooldown")}
        type="number"
        inputMode="numeric"
        min={0}
        value={String(def.retake.cooldownSeconds)}
        onChange={(e) => onChange({ ...def, retake: { ...def.retake, cooldownSeconds: Number(e.target.value) } })}
      />
    </fieldset>
  );
}
