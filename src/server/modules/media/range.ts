import type { ByteRange } from "./storage/storage";

/**
 * One HTTP byte range (RFC 9110 §14.1.2) against an object of `size` bytes: `a-b`, `a-` or `-n`.
 * null when there is no usable Range header (several ranges or a malformed one: the whole object,
 * as the RFC allows), "unsatisfiable" when it starts past the end (416).
 */
export function parseRange(header: string | undefined, size: number): ByteRange | "unsatisfiable" | null {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === "" && m[2] === "")) return null;
  if (m[1] === "") {
    const n = Number(m[2]);
    if (n === 0) return "unsatisfiable";
    return { start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === "" ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size) return "unsatisfiable";
  if (end < start) return null;
  return { start, end };
}
