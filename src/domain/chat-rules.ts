/*
 * The chat's constants and rules without zod (docs/decisions/0020-lean-client.md): the chat button and
 * the realtime client run on every page of the default layout, so what they need must not bring zod
 * along. `chat.ts` re-exports all of it next to the schemas.
 */

/** Seed §9 limits. */
export const CHAT_LIMITS = {
  /** Messages per page when reading back (seed "chat page size 20"). */
  pageSize: 20,
  /** Characters of one message (seed "chat message 1500 characters"). */
  messageMax: 1500,
  /** Mentor profiles per list (seed "mentor profiles 100"). */
  mentorProfilesMax: 100,
  /** Message ids a learner marks read in one call. */
  markReadMax: 100,
  /** Messages an updates call returns at most; the client asks again after the returned cursor. */
  updatesMax: 100,
  /** Chats the unread check lists with their counts (newest unread first); the total counts them all. */
  unreadChatsMax: 30,
} as const;

/** Seed §9 timers, and Mentora's own around them. */
export const CHAT_TIMERS = {
  /** Polling fallback: unread check (seed). */
  unreadCheckMs: 15_000,
  /** Polling fallback: updates after the last cursor (seed). */
  updatePollMs: 30_000,
  /** A new message's isNew flag is cleared after this (seed). */
  newFlagMs: 2_000,
  /** The hello bubble's dismissal cookie lasts this long (seed). */
  helloCookieDays: 30,
  /** Replies are promised within this (seed "Chat replies are promised within 24 hours"). */
  replyPromiseHours: 24,
  /** A learner who has not read a mentor's reply after this gets one letter for all unread replies. */
  learnerDigestAfterMs: 15 * 60_000,
  /** Default wait before mentors get a letter about chats waiting for an answer (leader-set, CHAT_SETTINGS). */
  mentorDigestAfterMinutes: 60,
  /** Default wait before a waiting chat is offered to another available mentor (leader-set). */
  reofferAfterMinutes: 240,
  /** The typical reply time is the median over this many days. */
  replyTimeWindowDays: 30,
} as const;

/** A message counts as read once this share of it is visible (seed "70% visibility"). */
export const CHAT_READ_VISIBLE_RATIO = 0.7;

/** Seed §3: the cookie that remembers a dismissed hello bubble. */
export const HELLO_COOKIE = "hideChatHelloMsg";

/** Seed §3: system messages come from this participant (the distribution bot's notes). */
export const SYSTEM_PARTICIPANT_ID = "lpmusr:system";
/** Seed §4: in mentor-chooses mode the chat is first connected to this special mentor id. */
export const DISTRIBUTION_BOT_ID = "lpmusr:distribution-bot";

/** Realtime topics and kinds (docs/decisions/0032): the socket says what changed; the API says what. */
export const CHAT_TOPIC = (chatId: string) => `chat:${chatId}`;
export const USER_TOPIC = (userId: string) => `user:${userId}`;
/** Every mentor of a portal listens here for new and reassigned chats (inbox refresh). */
export const INBOX_TOPIC = (portalId: string) => `inbox:${portalId}`;
export const CHAT_EVENT_KINDS = ["message", "read", "assigned", "status"] as const;
export const USER_EVENT_KINDS = ["notification", "unread"] as const;

/** The outcome of a send in the client: seed §3 status sending | sending-failed; sent once the server has it. */
export type TClientMessageStatus = "sending" | "sent" | "sending-failed";

/** A fresh client-made message id (browser or server; crypto.getRandomValues exists in both). */
export function newClientMessageId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  let s = "";
  for (const b of bytes) s += b.toString(16).padStart(2, "0");
  return `lpmmsg:${s}`;
}

/** Seed §5: send is disabled while a message is sending or the text is empty or blank (or too long). */
export function canSend(text: string, sending: boolean): boolean {
  const trimmed = text.trim();
  return !sending && trimmed.length > 0 && trimmed.length <= CHAT_LIMITS.messageMax;
}
