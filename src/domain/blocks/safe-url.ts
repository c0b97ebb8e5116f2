/*
 * Every address a block renders into href/src is checked here: a site path or an http(s) URL, never
 * `javascript:` or `data:`. Without zod: the browser runs these when it draws blocks
 * (docs/decisions/0020-lean-client.md); ZSafeUrl in common.ts is the schema of it.
 */

/** "/demo/a.svg" (but not "//host") or an absolute http(s) URL. */
export function isSafeUrl(value: string): boolean {
  if (value.startsWith("/")) return !value.startsWith("//") && !value.startsWith("/\\");
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
}

/** The href a component may render: the value itself when safe, else undefined (nothing is linked). */
export function safeHref(value: string | undefined): string | undefined {
  return value && isSafeUrl(value) ? value : undefined;
}
