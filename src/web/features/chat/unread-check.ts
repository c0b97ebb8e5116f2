import { fetchReply } from "../../lib/fetch-reply";

/**
 * The chat button's unread check (seed §7: every 15 s without the socket): a plain fetch that reads
 * one number, so that the button weighs nothing on pages that never open the chat (no zod, no API
 * client; docs/decisions/0020-lean-client.md). Seed §8: unread failures are silent (null).
 */
export async function fetchUnreadCount(signal?: AbortSignal): Promise<number | null> {
  try {
    const { res, text } = await fetchReply("/api/chats/unread", { method: "GET", headers: { accept: "application/json" }, signal });
    if (!res.ok) return null;
    const body = JSON.parse(text) as { unreadMessagesCount?: unknown };
    return typeof body.unreadMessagesCount === "number" && Number.isInteger(body.unreadMessagesCount) && body.unreadMessagesCount >= 0
      ? body.unreadMessagesCount
      : null;
  } catch {
    return null;
  }
}
