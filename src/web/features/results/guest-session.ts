import { GUEST_SESSION_COOKIE, GUEST_SESSION_STORAGE_KEY } from "../../../domain/results-constants";

/** A random id of 32 url-safe characters. */
export function randomKey(): string {
  const bytes = new Uint8Array(24);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

const VALID = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * The browser's guest session (seed 000 §3: a per-browser session token in local storage): a guest's
 * quiz and interaction results are this session's until a sign-in gives them to the account. It is
 * mirrored into a cookie so that the sign-in request itself carries it (the server attaches then).
 */
export function guestSessionId(): string {
  let id: string | null = null;
  try {
    id = localStorage.getItem(GUEST_SESSION_STORAGE_KEY);
    if (!id || !VALID.test(id)) {
      id = randomKey();
      localStorage.setItem(GUEST_SESSION_STORAGE_KEY, id);
    }
  } catch {
    id ??= randomKey();
  }
  const secure = location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${GUEST_SESSION_COOKIE}=${id}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
  return id;
}
