import { z } from "zod";
import { CHAT_LIMITS } from "./chat-rules";
import { ZText } from "./validation/safe-text";

export {
  CHAT_EVENT_KINDS,
  CHAT_LIMITS,
  CHAT_READ_VISIBLE_RATIO,
  CHAT_TIMERS,
  CHAT_TOPIC,
  DISTRIBUTION_BOT_ID,
  HELLO_COOKIE,
  INBOX_TOPIC,
  SYSTEM_PARTICIPANT_ID,
  USER_EVENT_KINDS,
  USER_TOPIC,
  canSend,
  newClientMessageId,
} from "./chat-rules";
export type { TClientMessageStatus } from "./chat-rules";

/**
 * Mentor chat (issue 12, docs/decisions/0033): the contract the server, the learner's widget and the
 * mentors' inbox share. Seed 000 §3 (mentor state, mentor profile, chat, chat message), §4 (modes,
 * chat states), §5 (validation), §7 "Mentor" and "Chat v2", §9 (limits and timers).
 */

/** Seed §6: the roles a mentor profile may have; mp-leader and mp-admin see every chat. */
export const MENTOR_ROLES = ["mentor", "mp-leader", "mp-admin"] as const;
export const ZMentorRole = z.enum(MENTOR_ROLES);
export type TMentorRole = z.infer<typeof ZMentorRole>;

/** Seed §4 modes. */
export const CHAT_MODES = ["single", "multiple", "mentor-chooses"] as const;
export const ZChatMode = z.enum(CHAT_MODES);
export type TChatMode = z.infer<typeof ZChatMode>;

/** Message ids are made by the client so that a resend never duplicates: `lpmmsg:` + 8..64 of [A-Za-z0-9_-]. */
export const ZChatMessageId = ZText.regex(/^lpmmsg:[A-Za-z0-9_-]{8,64}$/);
export const ZChatId = ZText.regex(/^cht_[a-z2-7]{26}$/);
/** Mentor profile ids (`mnt_...`); `uid` is the mentor's user id. */
export const ZMentorProfileId = ZText.regex(/^mnt_[A-Za-z0-9_-]{1,64}$/);
export const ZNotificationId = ZText.regex(/^ntf_[a-z2-7]{26}$/);
/** Opaque paging cursor (a message's position in its chat). */
export const ZChatCursor = ZText.regex(/^[0-9]{1,18}$/);

/**
 * The text a participant sends: trimmed of outer whitespace, not blank, at most 1500 characters
 * (seed §5). Never rendered as HTML anywhere: clients print it as text and linkify http(s) URLs only.
 */
export const ZChatText = ZText.trim().min(1).max(CHAT_LIMITS.messageMax);

/** Where the learner was when they wrote: shown to the mentor as "asked from: Course / Lesson 3". */
export const ZChatContext = z.strictObject({
  kind: z.enum(["course", "lesson", "test", "webinar", "microcourse", "video-event", "page"]),
  courseId: ZText.max(100).optional(),
  elementId: ZText.max(100).optional(),
  /** A same-origin path (`/en/courses/x/lesson/y/`), checked by the server; never an absolute URL. */
  path: ZText.max(300).regex(/^\/[^/\\]/),
});
export type TChatContext = z.infer<typeof ZChatContext>;

/** The context as the server hands it back: with titles in the reader's language. */
export const ZChatContextView = ZChatContext.extend({
  courseTitle: z.string().nullable(),
  elementTitle: z.string().nullable(),
  /** 1-based position of the element in its course, for "Lesson 3". */
  elementNumber: z.number().int().nullable(),
});

export const ZChatParticipant = z.object({
  id: z.string(),
  fullName: z.string(),
  avatarUrl: z.string().nullable(),
  isStudent: z.boolean(),
});
export type TChatParticipant = z.infer<typeof ZChatParticipant>;

export const ZChatMessage = z.object({
  id: z.string(),
  chatId: z.string(),
  text: z.string(),
  createdAt: z.string(),
  participant: ZChatParticipant,
  /** Not yet read by the viewer (their own messages: false). Seed "isNew". */
  isNew: z.boolean(),
  /** For the author's own messages: whether the other side has read it. */
  readByOther: z.boolean(),
  context: ZChatContextView.nullable(),
});
export type TChatMessage = z.infer<typeof ZChatMessage>;

/** Seed §7 "List messages": connections as edges with node, pageInfo with hasPreviousPage and startCursor. */
export const ZChatMessagePage = z.object({
  edges: z.array(z.object({ cursor: z.string(), node: ZChatMessage })),
  pageInfo: z.object({ hasPreviousPage: z.boolean(), startCursor: z.string().nullable(), endCursor: z.string().nullable() }),
});
export type TChatMessagePage = z.infer<typeof ZChatMessagePage>;

export const ZChatMessagesQuery = z.object({
  before: ZChatCursor.optional(),
  limit: z.coerce.number().int().min(1).max(CHAT_LIMITS.pageSize).default(CHAT_LIMITS.pageSize),
});

/** Seed §7 "Get updates (chatId, after cursor)": new messages after the cursor, oldest first, plus read changes. */
export const ZChatUpdatesQuery = z.object({ after: ZChatCursor });
export const ZChatUpdates = z.object({
  updates: z.array(z.object({ cursor: z.string(), node: ZChatMessage })),
  /** The viewer's own messages the other side has read since (ids), for the "read" ticks. */
  readIds: z.array(z.string()),
  /** Ask again after this (the last update's cursor, or the one sent). */
  endCursor: z.string(),
  hasMore: z.boolean(),
  chat: z.lazy(() => ZChat),
});

export const ZMentorProfile = z.object({
  id: z.string(),
  /** The mentor's user id. */
  uid: z.string(),
  learningPortalId: z.string(),
  role: ZMentorRole,
  fullName: z.string(),
  avatarUrl: z.string().nullable(),
  bio: z.string(),
  /** Whether new chats may be given to this mentor now. */
  available: z.boolean(),
  /** Median minutes to a first reply over the last 30 days; null without enough replies. */
  typicalReplyMinutes: z.number().nullable(),
  core: z.object({ utm_campaign_name: z.string().nullable() }),
});
export type TMentorProfile = z.infer<typeof ZMentorProfile>;

/** Seed §7 "Mentor profiles list: filter mentorOnLpIds, roleIds, optionally campaign name, limit 100". */
export const ZMentorProfilesQuery = z.object({
  /** Comma-separated portal ids. */
  mentorOnLpIds: ZText.max(500).optional(),
  /** Comma-separated roles among mentor, mp-leader, mp-admin. */
  roleIds: ZText.max(100).optional(),
  campaign: ZText.max(200).optional(),
  lang: ZText.regex(/^[a-z]{2,3}$/).optional(),
  limit: z.coerce.number().int().min(1).max(CHAT_LIMITS.mentorProfilesMax).default(CHAT_LIMITS.mentorProfilesMax),
});

export const CHAT_STATUSES = ["open", "resolved"] as const;
export const ZChatStatus = z.enum(CHAT_STATUSES);

/** A chat as its viewer sees it (seed "Chat: id, unreadMessagesCount"). */
export const ZChat = z.object({
  id: z.string(),
  learningPortalId: z.string(),
  studentId: z.string(),
  /** The assigned mentor; the distribution bot's profile-less id while it is still assigning. */
  mentorId: z.string().nullable(),
  mentor: ZMentorProfile.nullable(),
  mode: ZChatMode,
  status: ZChatStatus,
  unreadMessagesCount: z.number().int(),
  createdAt: z.string(),
  lastMessageAt: z.string().nullable(),
});
export type TChat = z.infer<typeof ZChat>;

/** What the learner's widget needs before a chat exists: the mode, the mentors to pick from, the promise. */
export const ZChatSetup = z.object({
  mode: ZChatMode,
  mentors: z.array(ZMentorProfile),
  /** The mentor the learner's arrival campaign (utm_campaign) points to, if any. */
  campaignMentorId: z.string().nullable(),
  chat: ZChat.nullable(),
  /** Median minutes to a first reply across the portal over the last 30 days; null without data. */
  typicalReplyMinutes: z.number().nullable(),
  replyPromiseHours: z.number(),
});
export type TChatSetup = z.infer<typeof ZChatSetup>;

/** Seed §7 "Create student chat (learningPortalId, studentId; returns id)", plus the mentor picked in multiple mode. */
export const ZCreateChatRequest = z.object({
  learningPortalId: ZText.min(1).max(100),
  studentId: ZText.min(1).max(100),
  mentorId: ZMentorProfileId.optional(),
});

/** Seed §7 "Create message (id, text, chatId, userId)". userId must be the caller's own. */
export const ZSendMessageRequest = z.object({
  id: ZChatMessageId,
  text: ZChatText,
  userId: ZText.max(100).optional(),
  context: ZChatContext.optional(),
});

/** Seed §7 "Mark as read (chatId, ids)". */
export const ZMarkReadRequest = z.object({ ids: z.array(ZChatMessageId).min(1).max(CHAT_LIMITS.markReadMax) });

/**
 * The unread check every 15 s: one number for the chat button (a mentor: over all their chats), how
 * many chats have unread messages, and the newest of those (at most CHAT_LIMITS.unreadChatsMax).
 */
export const ZUnreadSummary = z.object({
  unreadMessagesCount: z.number().int(),
  unreadChatsCount: z.number().int(),
  chats: z.array(z.object({ chatId: z.string(), unreadMessagesCount: z.number().int() })),
  unreadNotificationsCount: z.number().int(),
});
export type TUnreadSummary = z.infer<typeof ZUnreadSummary>;

/* Mentor side. */

export const INBOX_FILTERS = ["waiting", "mine", "all"] as const;
export const ZInboxQuery = z.object({
  filter: z.enum(INBOX_FILTERS).default("waiting"),
  /** Paging: chats whose last activity is older than this cursor. */
  before: ZText.max(100).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(30),
});

export const ZInboxChat = z.object({
  id: z.string(),
  status: ZChatStatus,
  student: z.object({ id: z.string(), fullName: z.string(), avatarUrl: z.string().nullable() }),
  mentorId: z.string().nullable(),
  mentorName: z.string().nullable(),
  unreadMessagesCount: z.number().int(),
  lastMessage: z.object({ text: z.string(), createdAt: z.string(), fromStudent: z.boolean() }).nullable(),
  /** The learner's oldest unanswered message, for the 24-hour promise; null when answered. */
  waitingSince: z.string().nullable(),
  lastActivityAt: z.string(),
});
export const ZInboxPage = z.object({ items: z.array(ZInboxChat), nextCursor: z.string().nullable() });

/** One chat from the mentor's side: who the learner is and where they came from. */
export const ZInboxChatDetail = ZInboxChat.extend({
  chat: ZChat,
  student: z.object({
    id: z.string(),
    fullName: z.string(),
    avatarUrl: z.string().nullable(),
    email: z.string().nullable(),
    /** The learner's arrival campaigns (utm_source, utm_campaign ...), newest last. */
    utm: z.array(z.record(z.string(), z.string())),
    /** The learner's progress page (the existing progress route), relative. */
    progressPath: z.string().nullable(),
  }),
  /** Mentors this chat can be given to (leaders only; empty for a mentor). */
  assignable: z.array(z.object({ id: z.string(), uid: z.string(), fullName: z.string(), openChats: z.number().int(), available: z.boolean() })),
});

export const ZAssignRequest = z.object({ mentorId: ZMentorProfileId });

/** Leader-set timers of the chat service (minutes). */
export const ZChatSettings = z.object({
  /**
   * Who picks the mentor: the learner (mode single with one available mentor, multiple with more),
   * the distribution bot (mode mentor-chooses), or single: the least busy available mentor, learners
   * do not pick (set in the back office, issue 16).
   */
  assignment: z.enum(["learner-chooses", "mentor-chooses", "single"]),
  reofferAfterMinutes: z
    .number()
    .int()
    .min(5)
    .max(7 * 24 * 60),
  mentorDigestAfterMinutes: z
    .number()
    .int()
    .min(5)
    .max(7 * 24 * 60),
});
export type TChatSettings = z.infer<typeof ZChatSettings>;

export const ZAvailabilityRequest = z.object({ available: z.boolean() });
