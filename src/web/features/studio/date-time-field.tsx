import { useSyncExternalStore } from "react";
import { isoToLocalInput, localInputToIso, zoneLabel } from "../../../domain/local-date-time";
import { TextField } from "../../components/ui/text-field";
import type { TFunction } from "../../i18n/translator";

const noSubscription = () => () => undefined;
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * The creator's time zone: the browser's. The server does not know it, so the server's render and the
 * hydrating one have none (the field waits, disabled) and the next render has it.
 */
function useTimeZone(): string | null {
  return useSyncExternalStore(noSubscription, browserZone, () => null);
}

export interface DateTimeFieldProps {
  id: string;
  label: string;
  /** The instant as UTC ISO (what the API stores), or "" for none. */
  value: string;
  onChange(next: string): void;
  t: TFunction;
  uiLang: string;
  error?: string;
  required?: boolean;
}

/**
 * A date and time (issue 15): edited in the creator's own time zone with the browser's date-time
 * control, the zone named under the label, and stored as the UTC instant (src/domain/local-date-time.ts).
 * A value the creator does not touch stays the same instant, to the millisecond.
 */
export function DateTimeField({ id, label, value, onChange, t, uiLang, error, required }: DateTimeFieldProps) {
  const zone = useTimeZone();
  const local = zone ? isoToLocalInput(value, zone) : "";
  const at = Date.parse(value);
  return (
    <TextField
      id={id}
      label={label}
      error={error}
      required={required}
      type="datetime-local"
      // Seconds show (and stay editable) only when the instant has them.
      step={local.length > 16 ? 1 : undefined}
      value={local}
      disabled={!zone}
      hint={zone ? t("dateTime.zone", { zone: zoneLabel(zone, uiLang, Number.isNaN(at) ? Date.now() : at) }) : undefined}
      onChange={(e) => {
        if (!zone) return;
        const next = e.target.value;
        onChange(next === "" ? "" : (localInputToIso(next, zone, value) ?? value));
      }}
      data-testid="date-time-field"
    />
  );
}
