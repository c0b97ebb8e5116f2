import { useEffect, useSyncExternalStore } from "react";
import { CHAT_TIMERS, USER_TOPIC } from "../../../domain/chat-rules";
import { fetchReply } from "../../lib/fetch-reply";

/**
 * The one unread-notifications count of a tab, for the badge in the account menu and the
 * notifications page (issue 12 "one unread count"). Lives in a leaf without zod or TanStack Query:
 * the account menu is on every page (docs/decisions/0020-lean-client.md). Read from
 * GET /api/chats/unread; re-read when the page, a realtime event or a mark-as-read says it changed.
 */

let count = 0;
const listeners = new Set<() => void>();
let inFlight: Promise<void> | null = null;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function emit(next: number) {
  if (next === count) return;
  count = next;
  for (const l of listeners) l();
}

/** Sets the count from a reply that carries it (mark as read answers `{ unreadCount }`). */
export function setUnreadNotifications(next: number): void {
  if (Number.isInteger(next) && next >= 0) emit(next);
}

/** Asks the server again; concurrent asks share one request. Failures keep the count shown. */
export function refreshUnreadNotifications(): Promise<void> {
  inFlight ??= fetchReply("/api/chats/unread", { method: "GET", headers: { accept: "application/json" } })
    .then(({ res, text }) => {
      const body = parseJson(text);
      if (!res.ok || typeof body !== "object" || body === null) return;
      const value = (body as { unreadNotificationsCount?: unknown }).unreadNotificationsCount;
      if (typeof value === "number") setUnreadNotifications(value);
    })
    .catch(() => undefined)
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The count for a signed-in account (0 otherwise, and on the server: nothing personal is rendered
 * there), kept live through `user:{id}`. The realtime client is fetched after the page is up, not
 * shipped with the account menu.
 */
export function useUnreadNotifications(signedIn: boolean, userId: string): number {
  const value = useSyncExternalStore(
    subscribe,
    () => count,
    () => 0,
  );
  useEffect(() => {
    if (!signedIn) {
      setUnreadNotifications(0);
      return;
    }
    void refreshUnreadNotifications();
    let stop: (() => void) | null = null;
    let gone = false;
    void import("../chat/realtime-client").then(({ realtime }) => {
      if (gone) return;
      const reread = () => void refreshUnreadNotifications();
      stop = realtime().subscribe(USER_TOPIC(userId), { event: reread, resync: reread, pollMs: CHAT_TIMERS.unreadCheckMs });
    });
    return () => {
      gone = true;
      stop?.();
    };
  }, [signedIn, userId]);
  return signedIn ? value : 0;
}
