import { dateTimeFormat } from "./intl";

/*
 * An instant (stored as UTC ISO) shown and edited as a wall-clock time in a time zone, the way
 * `<input type="datetime-local">` takes it: "2026-05-01T18:00" (seconds and milliseconds only when the
 * instant has them, so nothing of it is lost). Used by the studio's date-time fields (issue 15): the
 * creator edits in their own zone; the server keeps the instant.
 */

const PARTS: Intl.DateTimeFormatOptions = {
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
};

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?$/;

/** The wall-clock fields of an instant in a zone, as milliseconds of a UTC date with the same fields. */
function wallClock(ms: number, timeZone: string): number {
  const parts = Object.fromEntries(
    dateTimeFormat("en-US", { ...PARTS, timeZone })
      .formatToParts(new Date(ms))
      .map((p) => [p.type, p.value]),
  );
  const wall = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  return wall + (((ms % 1000) + 1000) % 1000);
}

/** The zone's offset from UTC at an instant, in milliseconds (+3 h in Istanbul). */
const offsetAt = (ms: number, timeZone: string) => wallClock(ms, timeZone) - ms;

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** An instant's wall-clock time in the zone, as datetime-local takes it; "" for a value that is no instant. */
export function isoToLocalInput(iso: string, timeZone: string): string {
  const ms = Date.parse(iso);
  if (!iso || Number.isNaN(ms)) return "";
  const w = new Date(wallClock(ms, timeZone));
  const date = `${pad(w.getUTCFullYear(), 4)}-${pad(w.getUTCMonth() + 1)}-${pad(w.getUTCDate())}`;
  const time = `${pad(w.getUTCHours())}:${pad(w.getUTCMinutes())}`;
  const seconds = w.getUTCSeconds();
  const millis = w.getUTCMilliseconds();
  // As the browser normalises the value: no seconds when zero, no trailing zeros in the fraction.
  const rest = millis ? `:${pad(seconds)}.${pad(millis, 3).replace(/0+$/, "")}` : seconds ? `:${pad(seconds)}` : "";
  return `${date}T${time}${rest}`;
}

/**
 * The instant (UTC ISO) a wall-clock time in the zone stands for; null for text that is no date-time.
 * A time the clocks skip (spring forward) is read with the offset before the change, as clocks and
 * Temporal's "compatible" do (02:30 becomes 03:30). A time that happens twice (fall back) is the
 * earlier instant, unless `previous` is the later one: a value the author did not change stays the
 * same instant.
 */
export function localInputToIso(local: string, timeZone: string, previous?: string): string | null {
  const m = LOCAL.exec(local);
  if (!m) return null;
  const [, y, mo, d, h, mi, s, frac] = m;
  const wall = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s ?? 0), Number((frac ?? "").padEnd(3, "0") || 0));
  if (Number.isNaN(wall) || new Date(wall).getUTCDate() !== Number(d)) return null;
  // The offsets around that wall time: a day before and after covers every zone's change.
  const day = 86_400_000;
  const offsets = [...new Set([offsetAt(wall - day, timeZone), offsetAt(wall, timeZone), offsetAt(wall + day, timeZone)])];
  const candidates = offsets
    .map((o) => wall - o)
    .filter((ms) => wallClock(ms, timeZone) === wall)
    .sort((a, b) => a - b);
  const previousMs = previous ? Date.parse(previous) : Number.NaN;
  const chosen = candidates.find((ms) => ms === previousMs) ?? candidates[0] ?? wall - offsetAt(wall - day, timeZone);
  return new Date(chosen).toISOString();
}

/** The zone as the creator reads it next to the field: "Europe/Istanbul (GMT+3)". */
export function zoneLabel(timeZone: string, lang: string, at = Date.now()): string {
  const offset = dateTimeFormat(lang, { timeZone, timeZoneName: "shortOffset" })
    .formatToParts(new Date(at))
    .find((p) => p.type === "timeZoneName")?.value;
  return offset ? `${timeZone} (${offset})` : timeZone;
}
