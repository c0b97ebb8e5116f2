/** A titled table printed on the console and written as Markdown into the history, and the number formats they share. */

export interface Table {
  title: string;
  header: string[];
  rows: string[][];
  /** Columns whose figures are right-aligned (by index). */
  numeric: number[];
  /** Lines printed under the table. */
  notes?: string[];
}

export function consoleTable(t: Table): string {
  const all = [t.header, ...t.rows];
  const widths = t.header.map((_, i) => Math.max(...all.map((r) => (r[i] ?? "").length)));
  const line = (r: string[]) =>
    r
      .map((c, i) => (t.numeric.includes(i) ? c.padStart(widths[i]) : c.padEnd(widths[i])))
      .join("  ")
      .trimEnd();
  return [`== ${t.title}`, line(t.header), widths.map((w) => "-".repeat(w)).join("  "), ...t.rows.map(line), ...(t.notes ?? []).map((n) => `   ${n}`)].join(
    "\n",
  );
}

export function markdownTable(t: Table): string {
  const line = (r: string[]) => `| ${r.map((c) => c.replaceAll("|", "\\|")).join(" | ")} |`;
  const align = t.header.map((_, i) => (t.numeric.includes(i) ? "---:" : "---"));
  return [`### ${t.title}`, "", line(t.header), line(align), ...t.rows.map(line), ...(t.notes?.length ? ["", ...t.notes.map((n) => `- ${n}`)] : [])].join("\n");
}

export function ms(v: number): string {
  if (!Number.isFinite(v)) return "—";
  return v < 10 ? v.toFixed(2) : v < 1000 ? v.toFixed(1) : v.toFixed(0);
}

export function ratio(v: number): string {
  if (!Number.isFinite(v)) return "—";
  // Two significant digits below 1: SSR can sit at a few thousandths of the baseline's req/s.
  return `${v < 1 ? v.toPrecision(2) : v < 10 ? v.toFixed(2) : v < 100 ? v.toFixed(1) : v.toFixed(0)}×`;
}

/** Kilobytes of 1000 bytes, as Chromium's DevTools counts them. */
export function kB(bytes: number): string {
  return Number.isFinite(bytes) ? `${(bytes / 1000).toFixed(1)} kB` : "—";
}

export function mb(bytes: number | undefined): string {
  return bytes === undefined || !Number.isFinite(bytes) ? "—" : `${Math.round(bytes / 2 ** 20)} MiB`;
}

export function counts(statuses: Record<string, number>): string {
  const entries = Object.entries(statuses);
  return entries.length ? entries.map(([s, n]) => `${s}×${n}`).join(", ") : "none";
}
