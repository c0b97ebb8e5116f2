/*
 * Window events the chat button (on every page) listens to, sent by code that loads on demand, so
 * that neither imports the other. One small module: each more would be one more file on first load.
 */

/**
 * A thread tells the chat button at once that its unread count changed (after a read mark), instead
 * of the button waiting for the socket's `unread` event or its next 15 s check.
 */
export const UNREAD_EVENT = "mentora:chat-unread";

export interface UnreadDetail {
  chatId: string;
  unreadMessagesCount: number;
}

export function announceUnread(chatId: string, unreadMessagesCount: number): void {
  window.dispatchEvent(new CustomEvent<UnreadDetail>(UNREAD_EVENT, { detail: { chatId, unreadMessagesCount } }));
}

/** Opens the chat widget from anywhere on the page (a discussion's "ask my mentor privately"). */
export const OPEN_CHAT_EVENT = "mentora:chat-open";

export function openChatWidget(): void {
  window.dispatchEvent(new CustomEvent(OPEN_CHAT_EVENT));
}
