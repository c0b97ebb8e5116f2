import { z } from "zod";
import { MSG } from "./messages";
import { isSafeText, nfc } from "./text-rule";

/**
 * The one rule every piece of free text obeys before it reaches a service or the database
 * (docs/decisions/0014): no NUL character (PostgreSQL text and jsonb cannot hold U+0000, so it
 * surfaced as a 500), no lone UTF-16 surrogate (not Unicode at all: jsonb and UTF-8 encoders refuse
 * it), and Unicode NFC, so "é" typed as e + combining accent and "é" are the same name, search
 * query or variable.
 *
 * Three places use it: `safeText()` / `ZText` in zod schemas (the API and the web forms), the
 * request guard in platform/input-guard.ts that checks every string of every request before
 * validation, and `findUnsafeText` for anything else that walks untrusted data.
 */

/** The rule as a zod check, shared by every safe string schema; tests recognise it by identity. */
export const SAFE_TEXT_CHECK = z.refine<string>(isSafeText, { error: MSG.unsafeText, abort: true });

/**
 * A string schema with the shared rule: refuses NUL and lone surrogates (message key
 * MSG.unsafeText) and, unless `normalize: false`, yields the NFC form. Chain further rules as on
 * z.string(): `safeText().min(1).max(120)`.
 *
 * `normalize: false` is for secrets compared byte for byte (passwords: an existing hash was made
 * from the characters as typed) and opaque tokens.
 */
export function safeText(opts: { normalize?: boolean; error?: z.core.$ZodStringParams["error"] } = {}) {
  const base = z.string(opts.error === undefined ? undefined : { error: opts.error }).check(SAFE_TEXT_CHECK);
  return opts.normalize === false ? base : base.overwrite(nfc);
}

/** Free text: any safe string, NFC. `ZText.max(200)` etc. */
export const ZText = safeText();

/** Where an unsafe string sits in a value: a dotted path ("" for the value itself). */
export interface UnsafeTextHit {
  path: string;
}

/**
 * Walks parsed JSON, a query object or route params and returns the first string (value or object
 * key) that breaks the rule, or null. Bounded by `maxDepth` so a deeply nested body cannot blow
 * the stack; deeper values count as unsafe.
 */
export function findUnsafeText(value: unknown, maxDepth = 64): UnsafeTextHit | null {
  const walk = (v: unknown, path: string[], depth: number): UnsafeTextHit | null => {
    if (typeof v === "string") return isSafeText(v) ? null : { path: path.join(".") };
    if (v === null || typeof v !== "object") return null;
    if (depth > maxDepth) return { path: path.join(".") };
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        const hit = walk(v[i], [...path, String(i)], depth + 1);
        if (hit) return hit;
      }
      return null;
    }
    // A raw body (bytes or a stream, as the SSR routes receive it) is not parsed text to check here.
    if (ArrayBuffer.isView(v) || v instanceof ArrayBuffer || typeof (v as { pipe?: unknown }).pipe === "function") return null;
    for (const [k, child] of Object.entries(v)) {
      if (!isSafeText(k)) return { path: [...path, k.replace(UNSAFE_GLOBAL, "\uFFFD")].join(".") };
      const hit = walk(child, [...path, k], depth + 1);
      if (hit) return hit;
    }
    return null;
  };
  return walk(value, [], 0);
}

const UNSAFE_GLOBAL = /[\0\p{Cs}]/gu;

/** A path for messages and logs: unsafe characters shown as U+FFFD, never echoed raw. */
export function printableText(s: string): string {
  return s.replace(UNSAFE_GLOBAL, "\uFFFD");
}

export type TJsonValue = string | number | boolean | null | TJsonValue[] | { [key: string]: TJsonValue };

/** Any JSON value whose strings (and keys) obey the rule: for request fields that take free-form data. */
export const ZJsonValue: z.ZodType<TJsonValue> = z.lazy(() =>
  z.union([ZText, z.number().finite(), z.boolean(), z.null(), z.array(ZJsonValue), z.record(ZText, ZJsonValue)]),
);
