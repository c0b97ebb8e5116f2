/**
 * CSV as spreadsheets read it (RFC 4180): every cell quoted, quotes doubled, rows ended by CRLF, and
 * a UTF-8 byte order mark so Excel reads non-Latin text. A cell that starts with = + - @ (or a tab or
 * carriage return) would run as a formula when opened: it gets a leading apostrophe (OWASP "CSV
 * injection"), so a learner's e-mail or a course title can never become a formula on an admin's machine.
 */

export const CSV_BOM = "\uFEFF";

/** One cell, quoted and made inert. */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '""';
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

/** The whole file: the BOM, the header row, then every row. */
export function toCsv(header: readonly string[], rows: ReadonlyArray<ReadonlyArray<string | number | null | undefined>>): string {
  return CSV_BOM + [header, ...rows].map((r) => r.map(csvCell).join(",")).join("\r\n") + "\r\n";
}
