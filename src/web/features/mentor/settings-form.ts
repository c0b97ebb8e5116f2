import { type TChatSettings, ZChatSettings } from "../../../domain/chat";

/** The chat settings form as typed: numbers are text until checked. */
export interface SettingsFormValues {
  assignment: string;
  reofferAfterMinutes: string;
  mentorDigestAfterMinutes: string;
}

export type SettingsField = keyof SettingsFormValues;

/** The bounds of the minute fields, from the shared schema (the server checks the same). */
export const MINUTES_BOUNDS = {
  min: ZChatSettings.shape.reofferAfterMinutes.minValue ?? 5,
  max: ZChatSettings.shape.reofferAfterMinutes.maxValue ?? 10_080,
};

export function settingsToForm(s: TChatSettings): SettingsFormValues {
  return { assignment: s.assignment, reofferAfterMinutes: String(s.reofferAfterMinutes), mentorDigestAfterMinutes: String(s.mentorDigestAfterMinutes) };
}

function asNumber(text: string): number {
  // "" and "1e3" are not minutes a leader typed; only plain digits are.
  return /^\s*\d{1,6}\s*$/.test(text) ? Number(text) : Number.NaN;
}

/** Checks the form with ZChatSettings: the settings, or which fields are wrong. */
export function parseSettingsForm(values: SettingsFormValues): { ok: true; data: TChatSettings } | { ok: false; fields: SettingsField[] } {
  const result = ZChatSettings.safeParse({
    assignment: values.assignment,
    reofferAfterMinutes: asNumber(values.reofferAfterMinutes),
    mentorDigestAfterMinutes: asNumber(values.mentorDigestAfterMinutes),
  });
  if (result.success) return { ok: true, data: result.data };
  const fields = new Set<SettingsField>();
  for (const issue of result.error.issues) fields.add(String(issue.path[0]) as SettingsField);
  return { ok: false, fields: [...fields] };
}
