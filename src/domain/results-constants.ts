/*
 * Results constants without zod (docs/decisions/0020-lean-client.md): the browser's entry checks for
 * queued interaction results on every page, so what it needs stays out of results.ts.
 */

/** Seed §9: a failed interaction result send is retried every 15 s until it succeeds. */
export const INTERACTION_RETRY_MS = 15_000;
/** The cookie the browser mirrors its guest session id into, so a sign-in attaches its results. */
export const GUEST_SESSION_COOKIE = "mentora-guest-session";
/** Seed §3 local storage: the per-browser session token. */
export const GUEST_SESSION_STORAGE_KEY = "session-token";
/** Where the browser keeps interaction results not yet sent (they survive a reload). */
export const INTERACTION_QUEUE_STORAGE_KEY = "mentora-interaction-results";
/** Queued results kept at most; the oldest go first when more arrive offline. */
export const INTERACTION_QUEUE_MAX = 200;
