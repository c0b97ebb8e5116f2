/**
 * Development logs, one readable line each (docs/decisions/0067-metrics-and-request-ids.md): pino's
 * JSON lines turned into `12:03:04 GET /en/courses 200 12ms <reqId>` and `12:03:05 WARN message
 * <reqId> {fields}`, with an error's stack below its line. Production (and tests) keep the JSON.
 * No second logging library: this is a stream pino writes to.
 */

const LEVELS: Record<number, string> = { 10: "TRACE", 20: "DEBUG", 30: "INFO", 40: "WARN", 50: "ERROR", 60: "FATAL" };
/** Fields every line has, or that the line shows in its own way. */
const SHOWN = new Set(["level", "time", "pid", "hostname", "msg", "reqId", "req", "res", "responseTime", "err"]);

const clock = (time: unknown) => new Date(typeof time === "number" ? time : Date.now()).toISOString().slice(11, 23);

/** One JSON log line as text; anything that is not a JSON object passes as it is. */
export function formatDevLine(line: string): string {
  let entry: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(line);
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return line.trimEnd();
    entry = parsed as Record<string, unknown>;
  } catch {
    return line.trimEnd();
  }
  const reqId = typeof entry.reqId === "string" ? ` ${entry.reqId}` : "";
  const req = entry.req as { method?: string; url?: string } | undefined;
  const res = entry.res as { statusCode?: number } | undefined;
  if (entry.msg === "request completed" && req && res) {
    const ms = typeof entry.responseTime === "number" ? `${entry.responseTime.toFixed(1)}ms` : "";
    return `${clock(entry.time)} ${req.method} ${req.url} ${res.statusCode} ${ms}${reqId}`;
  }
  const level = LEVELS[entry.level as number] ?? String(entry.level);
  const rest = Object.fromEntries(Object.entries(entry).filter(([k]) => !SHOWN.has(k)));
  const fields = Object.keys(rest).length ? ` ${JSON.stringify(rest)}` : "";
  const err = entry.err as { stack?: string; message?: string } | undefined;
  const stack = err ? `\n  ${(err.stack ?? err.message ?? "").replace(/\n/g, "\n  ")}` : "";
  return `${clock(entry.time)} ${level} ${String(entry.msg ?? "")}${reqId}${fields}${stack}`;
}

/** A stream for pino that writes each line readable to `out` (stdout by default). */
export function devLogStream(out: { write(text: string): unknown } = process.stdout) {
  return {
    write(line: string) {
      out.write(`${formatDevLine(line)}\n`);
    },
  };
}
