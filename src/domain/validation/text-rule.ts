/**
 * The safe-text rule itself (safe-text.ts explains it and makes schemas of it), without zod: the
 * browser checks return paths with it on every page (docs/decisions/0020-lean-client.md).
 */

/** U+0000 or a surrogate that is not half of a pair. With the `u` flag, pairs match as one astral code point. */
const UNSAFE = /[\0\p{Cs}]/u;

/** True for text without NUL and without lone surrogates. */
export function isSafeText(s: string): boolean {
  return !UNSAFE.test(s);
}

/** NFC, the form browsers send and PostgreSQL compares by (it does not normalise by itself). */
export function nfc(s: string): string {
  return s.normalize("NFC");
}
