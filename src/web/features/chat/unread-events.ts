/**
 * A thread tells the chat button at once that its unread count changed (after a read mark), instead
 * of the button waiting for the socket's `unread` event or its next 15 s check. A window event, so
 * that neither imports the other: the button is on every page, the thread loads on demand.
 */
export const UNREAD_EVENT = "mentora:chat-unread";

export interface UnreadDetail {
  chatId: string;
  unreadMessagesCount: number;
}

export function announceUnread(chatId: string, unreadMessagesCount: number): void {
  window.dispatchEvent(new CustomEvent<UnreadDetail>(UNREAD_EVENT, { detail: { chatId, unreadMessagesCount } }));
}
