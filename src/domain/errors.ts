/**
 * Typed error codes: each has an HTTP status and a language-pack key for the user-facing text.
 * The internal message (for logs) is kept separate from what the user reads.
 */
export const ERROR_CODES = {
  NOT_FOUND: { status: 404, key: "errors:codes.NOT_FOUND" },
  PAGE_NOT_FOUND: { status: 404, key: "errors:codes.PAGE_NOT_FOUND" },
  AUTH_DENY: { status: 403, key: "errors:codes.AUTH_DENY" },
  UNAUTHORIZED: { status: 401, key: "errors:codes.UNAUTHORIZED" },
  TOKEN_BAD: { status: 401, key: "errors:codes.TOKEN_BAD" },
  INVALID_CREDENTIALS: { status: 401, key: "errors:codes.INVALID_CREDENTIALS" },
  DUPLICATE_EMAIL: { status: 409, key: "errors:codes.DUPLICATE_EMAIL" },
  DUPLICATE_EMAIL_OR_PHONE: { status: 409, key: "errors:codes.DUPLICATE_EMAIL_OR_PHONE" },
  DUPLICATE_USERNAME: { status: 409, key: "errors:codes.DUPLICATE_USERNAME" },
  RESET_TOKEN_INVALID: { status: 400, key: "errors:codes.RESET_TOKEN_INVALID" },
  QUICK_TOKEN_INVALID: { status: 401, key: "errors:codes.QUICK_TOKEN_INVALID" },
  EMAIL_VERIFY_INVALID: { status: 400, key: "errors:codes.EMAIL_VERIFY_INVALID" },
  EMAIL_ALREADY_VERIFIED: { status: 409, key: "errors:codes.EMAIL_ALREADY_VERIFIED" },
  EMAIL_UNVERIFIED_ACCOUNT: { status: 409, key: "errors:codes.EMAIL_UNVERIFIED_ACCOUNT" },
  ERR_REDIRECT: { status: 400, key: "errors:codes.ERR_REDIRECT", wire: "ERR_REDIRECT" },
  WEBHOOK_SIGNATURE: { status: 401, key: "errors:codes.WEBHOOK_SIGNATURE" },
  CONNECT_CODE_INVALID: { status: 404, key: "errors:codes.CONNECT_CODE_INVALID" },
  CONNECT_CODE_EXPIRED: { status: 410, key: "errors:codes.CONNECT_CODE_EXPIRED" },
  CONNECT_CODE_USED: { status: 409, key: "errors:codes.CONNECT_CODE_USED" },
  CONNECT_NOT_CONFIRMED: { status: 409, key: "errors:codes.CONNECT_NOT_CONFIRMED" },
  IDENTITY_LINKED: { status: 409, key: "errors:codes.IDENTITY_LINKED" },
  ONE_TAP_INVALID: { status: 401, key: "errors:codes.ONE_TAP_INVALID" },
  CSRF_MISMATCH: { status: 403, key: "errors:codes.CSRF_MISMATCH" },
  VALIDATION: { status: 400, key: "errors:codes.VALIDATION" },
  /** A list cursor that names no row of the list the caller may see (issue 30): forged, stale or of another list. */
  CURSOR_INVALID: { status: 400, key: "errors:codes.CURSOR_INVALID" },
  UNSUPPORTED_LANG: { status: 400, key: "errors:codes.UNSUPPORTED_LANG" },
  /** A new course, element, microcourse or video event with no title in any of the portal's languages. */
  TITLE_REQUIRED: { status: 400, key: "errors:codes.TITLE_REQUIRED" },
  RATE_LIMITED: { status: 429, key: "errors:codes.RATE_LIMITED" },
  METHOD_NOT_ALLOWED: { status: 405, key: "errors:codes.METHOD_NOT_ALLOWED" },
  PAYLOAD_TOO_LARGE: { status: 413, key: "errors:codes.PAYLOAD_TOO_LARGE" },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, key: "errors:codes.UNSUPPORTED_MEDIA_TYPE" },
  HEADERS_TOO_LARGE: { status: 431, key: "errors:codes.HEADERS_TOO_LARGE" },
  BAD_ORIGIN: { status: 403, key: "errors:codes.BAD_ORIGIN" },
  COURSE_NOT_RECEIVED: { status: 404, key: "errors:codes.COURSE_NOT_RECEIVED" },
  ELEMENTS_NO_COURSE: { status: 404, key: "errors:codes.ELEMENTS_NO_COURSE" },
  REVIEWS_NO_COURSE: { status: 404, key: "errors:codes.REVIEWS_NO_COURSE" },
  REVIEWS_NOT_RECEIVED: { status: 502, key: "errors:codes.REVIEWS_NOT_RECEIVED" },
  ELEMENT_NOT_RECEIVED: { status: 404, key: "errors:codes.ELEMENT_NOT_RECEIVED" },
  ELEMENT_LOCKED: { status: 403, key: "errors:codes.ELEMENT_LOCKED" },
  COURSE_NOT_BOUGHT: { status: 403, key: "errors:codes.COURSE_NOT_BOUGHT" },
  REGISTRATION_REQUIRED: { status: 403, key: "errors:codes.REGISTRATION_REQUIRED" },
  PROGRESS_NOT_TRACKED: { status: 403, key: "errors:codes.PROGRESS_NOT_TRACKED" },
  /** A paging cursor of the progress list this server did not make (malformed, forged, cut). */
  PROGRESS_CURSOR_INVALID: { status: 400, key: "errors:codes.PROGRESS_CURSOR_INVALID" },
  PREVIEW_DENIED: { status: 403, key: "errors:codes.PREVIEW_DENIED" },
  MICROCOURSE_NOT_PROVIDED: { status: 404, key: "errors:codes.MICROCOURSE_NOT_PROVIDED" },
  VIDEO_EVENT_NOT_FOUND: { status: 404, key: "errors:codes.VIDEO_EVENT_NOT_FOUND" },
  /* Orders and payments (issue 11, docs/decisions/0031). */
  ORDER_NOT_FOUND: { status: 404, key: "errors:codes.ORDER_NOT_FOUND" },
  /** Unknown, unpublished or of another portal: a draft looks like a missing course. */
  ORDER_COURSE_UNAVAILABLE: { status: 404, key: "errors:codes.ORDER_COURSE_UNAVAILABLE" },
  ORDER_COURSE_FREE: { status: 400, key: "errors:codes.ORDER_COURSE_FREE" },
  ORDER_ALREADY_BOUGHT: { status: 409, key: "errors:codes.ORDER_ALREADY_BOUGHT" },
  ORDER_ENVIRONMENT_INVALID: { status: 400, key: "errors:codes.ORDER_ENVIRONMENT_INVALID" },
  ORDER_RESULT_URL_INVALID: { status: 400, key: "errors:codes.ORDER_RESULT_URL_INVALID" },
  GATEWAY_UNAVAILABLE: { status: 400, key: "errors:codes.GATEWAY_UNAVAILABLE" },
  CURRENCY_NOT_SUPPORTED: { status: 400, key: "errors:codes.CURRENCY_NOT_SUPPORTED" },
  PAYMENT_CALLBACK_REFUSED: { status: 400, key: "errors:codes.PAYMENT_CALLBACK_REFUSED" },
  SANDBOX_DISABLED: { status: 404, key: "errors:codes.SANDBOX_DISABLED" },
  SANDBOX_CHECKOUT_INVALID: { status: 400, key: "errors:codes.SANDBOX_CHECKOUT_INVALID" },
  SANDBOX_TICKET_INVALID: { status: 403, key: "errors:codes.SANDBOX_TICKET_INVALID" },
  /** The sandbox could not deliver its callback to this server's callback route. */
  SANDBOX_DELIVERY_FAILED: { status: 502, key: "errors:codes.SANDBOX_DELIVERY_FAILED" },
  COUPON_UNKNOWN: { status: 400, key: "errors:codes.COUPON_UNKNOWN" },
  COUPON_EXPIRED: { status: 400, key: "errors:codes.COUPON_EXPIRED" },
  COUPON_USED_UP: { status: 400, key: "errors:codes.COUPON_USED_UP" },
  COUPON_NOT_FOR_COURSE: { status: 400, key: "errors:codes.COUPON_NOT_FOR_COURSE" },
  COUPON_EXISTS: { status: 409, key: "errors:codes.COUPON_EXISTS" },
  GIFT_NOT_FOUND: { status: 404, key: "errors:codes.GIFT_NOT_FOUND" },
  GIFT_OTHER_EMAIL: { status: 403, key: "errors:codes.GIFT_OTHER_EMAIL" },
  GIFT_ALREADY_CLAIMED: { status: 409, key: "errors:codes.GIFT_ALREADY_CLAIMED" },
  GIFT_CANCELLED: { status: 410, key: "errors:codes.GIFT_CANCELLED" },
  /* Certificates (issue 13, docs/decisions/0037). */
  /** No certificate has this number (or it is not the viewer's to download). */
  CERTIFICATE_NOT_FOUND: { status: 404, key: "errors:codes.CERTIFICATE_NOT_FOUND" },
  /** The course does not give a certificate (or is not there). */
  CERTIFICATE_NOT_OFFERED: { status: 404, key: "errors:codes.CERTIFICATE_NOT_OFFERED" },
  /** The learner has not finished every element of the course yet. */
  CERTIFICATE_NOT_EARNED: { status: 409, key: "errors:codes.CERTIFICATE_NOT_EARNED" },
  CERTIFICATE_ALREADY_REVOKED: { status: 409, key: "errors:codes.CERTIFICATE_ALREADY_REVOKED" },
  /* The realtime socket (docs/decisions/0032): sent in its frames, never as HTTP replies. */
  REALTIME_TOPIC_UNKNOWN: { status: 404, key: "errors:codes.REALTIME_TOPIC_UNKNOWN" },
  /** Not the viewer's, or not there: the two are not told apart (no probing of ids). */
  REALTIME_TOPIC_DENIED: { status: 403, key: "errors:codes.REALTIME_TOPIC_DENIED" },
  REALTIME_TOO_MANY_TOPICS: { status: 429, key: "errors:codes.REALTIME_TOO_MANY_TOPICS" },
  REALTIME_MESSAGE_INVALID: { status: 400, key: "errors:codes.REALTIME_MESSAGE_INVALID" },
  REALTIME_MESSAGE_TOO_LARGE: { status: 413, key: "errors:codes.REALTIME_MESSAGE_TOO_LARGE" },
  REALTIME_TOO_BUSY: { status: 429, key: "errors:codes.REALTIME_TOO_BUSY" },
  /* Mentor chat and notifications (issue 12, docs/decisions/0033). */
  /** Not there, or not the viewer's: the two are not told apart (no probing of ids). */
  CHAT_NOT_FOUND: { status: 404, key: "errors:codes.CHAT_NOT_FOUND" },
  /** A message id already used for another text or chat: a resend must repeat the same message. */
  CHAT_MESSAGE_CONFLICT: { status: 409, key: "errors:codes.CHAT_MESSAGE_CONFLICT" },
  /** studentId or userId of a request is not the caller's own. */
  CHAT_NOT_YOURS: { status: 403, key: "errors:codes.CHAT_NOT_YOURS" },
  MENTOR_NOT_FOUND: { status: 404, key: "errors:codes.MENTOR_NOT_FOUND" },
  /** The inbox and its actions are for mentors (mentor, mp-leader, mp-admin). */
  MENTORS_ONLY: { status: 403, key: "errors:codes.MENTORS_ONLY" },
  /** Reassigning and the chat timers are for leaders (mp-leader, mp-admin) and admins. */
  LEADERS_ONLY: { status: 403, key: "errors:codes.LEADERS_ONLY" },
  /** No mentor is available for a new chat right now (the chat stays with the distribution bot). */
  NO_MENTOR_AVAILABLE: { status: 409, key: "errors:codes.NO_MENTOR_AVAILABLE" },
  NOTIFICATION_NOT_FOUND: { status: 404, key: "errors:codes.NOTIFICATION_NOT_FOUND" },
  GIFT_NOT_OFFERED: { status: 404, key: "errors:codes.GIFT_NOT_OFFERED" },
  COURSE_NOT_FINISHED: { status: 409, key: "errors:codes.COURSE_NOT_FINISHED" },
  /* Quiz and interaction results (issue 13). */
  /** No quiz block with that id on that page, or a page the viewer may not read: not told apart. */
  QUIZ_NOT_FOUND: { status: 404, key: "errors:codes.QUIZ_NOT_FOUND" },
  /** An answer that is not a variant of the quiz, none, or several on a single-choice quiz. */
  QUIZ_ANSWER_INVALID: { status: 400, key: "errors:codes.QUIZ_ANSWER_INVALID" },
  /** A result key already used for another result: a retry must repeat the same send. */
  RESULT_KEY_CONFLICT: { status: 409, key: "errors:codes.RESULT_KEY_CONFLICT" },
  /** A guest's result needs the browser's guest session id (seed 3 sessionId). */
  GUEST_SESSION_REQUIRED: { status: 400, key: "errors:codes.GUEST_SESSION_REQUIRED" },
  /** Quiz- and test-results identify: the e-mail is not the caller's profile e-mail, or there is none (seed 7). */
  IDENTIFY_EMAIL_MISMATCH: { status: 403, key: "errors:codes.IDENTIFY_EMAIL_MISMATCH" },
  /* Tests that grade (issue 13): src/server/modules/assessments. */
  /** The element has no test, or is not a test. */
  TEST_NOT_FOUND: { status: 404, key: "errors:codes.TEST_NOT_FOUND" },
  /** Not there, or another learner's: the two are not told apart (no probing of ids). */
  TEST_ATTEMPT_NOT_FOUND: { status: 404, key: "errors:codes.TEST_ATTEMPT_NOT_FOUND" },
  TEST_ANSWER_INVALID: { status: 400, key: "errors:codes.TEST_ANSWER_INVALID" },
  TEST_ALREADY_ANSWERED: { status: 409, key: "errors:codes.TEST_ALREADY_ANSWERED" },
  /** The attempt is submitted: no more answers, no second submission. */
  TEST_ATTEMPT_CLOSED: { status: 409, key: "errors:codes.TEST_ATTEMPT_CLOSED" },
  TEST_INCOMPLETE: { status: 409, key: "errors:codes.TEST_INCOMPLETE" },
  TEST_ALREADY_PASSED: { status: 409, key: "errors:codes.TEST_ALREADY_PASSED" },
  TEST_ATTEMPTS_EXHAUSTED: { status: 409, key: "errors:codes.TEST_ATTEMPTS_EXHAUSTED" },
  TEST_COOLDOWN: { status: 429, key: "errors:codes.TEST_COOLDOWN" },
  TEST_AWAITING_MENTOR: { status: 409, key: "errors:codes.TEST_AWAITING_MENTOR" },
  /** Finishing a test element needs a passed attempt (the server checks). */
  TEST_NOT_PASSED: { status: 403, key: "errors:codes.TEST_NOT_PASSED" },
  REVIEW_NOT_FOUND: { status: 404, key: "errors:codes.REVIEW_NOT_FOUND" },
  REVIEW_DONE: { status: 409, key: "errors:codes.REVIEW_DONE" },
  /** Authoring of tests (statistics, imports): admins, mp-admin and mp-leader. */
  AUTHORS_ONLY: { status: 403, key: "errors:codes.AUTHORS_ONLY" },
  /** An import with bad lines: details name each line and what is wrong; nothing is written. */
  IMPORT_INVALID: { status: 400, key: "errors:codes.IMPORT_INVALID" },
  /** A test saved from a stale revision: details name the current revision, when and by whom it was saved (docs/decisions/0053). */
  TEST_CONFLICT: { status: 409, key: "errors:codes.TEST_CONFLICT" },
  /* Discussions per element (issue 14, docs/decisions/0043). */
  /** Unknown, of another portal, or on content the viewer cannot see: not told apart (no probing of ids). */
  DISCUSSION_NOT_FOUND: { status: 404, key: "errors:codes.DISCUSSION_NOT_FOUND" },
  /** The element's discussion is switched off. */
  DISCUSSION_CLOSED: { status: 403, key: "errors:codes.DISCUSSION_CLOSED" },
  /** Not in this discussion, deleted, or hidden from the viewer: not told apart. */
  DISCUSSION_POST_NOT_FOUND: { status: 404, key: "errors:codes.DISCUSSION_POST_NOT_FOUND" },
  /** A post id already used for another text, author or place: a retry must repeat the same post. */
  DISCUSSION_POST_CONFLICT: { status: 409, key: "errors:codes.DISCUSSION_POST_CONFLICT" },
  /** Editing or deleting another's post, or posting as someone else. */
  DISCUSSION_NOT_YOURS: { status: 403, key: "errors:codes.DISCUSSION_NOT_YOURS" },
  /** Replies have one level: a reply to a reply is refused. */
  DISCUSSION_REPLY_TOO_DEEP: { status: 400, key: "errors:codes.DISCUSSION_REPLY_TOO_DEEP" },
  /** Switching discussions on and off is for portal admins. */
  ADMINS_ONLY: { status: 403, key: "errors:codes.ADMINS_ONLY" },
  DISCUSSION_REPORT_NOT_FOUND: { status: 404, key: "errors:codes.DISCUSSION_REPORT_NOT_FOUND" },
  /* Creator studio (issue 15): src/server/modules/studio. */
  /** A new course's id (its address) is already used by another course. */
  COURSE_ID_TAKEN: { status: 409, key: "errors:codes.COURSE_ID_TAKEN" },
  /** A reorder must name every element of the course exactly once, and no other. */
  ELEMENT_ORDER_MISMATCH: { status: 409, key: "errors:codes.ELEMENT_ORDER_MISMATCH" },
  /* Page designer (issue 15, docs/decisions/0048). */
  /** A new page's alias is used by a live page or a draft. */
  PAGE_ALIAS_TAKEN: { status: 409, key: "errors:codes.PAGE_ALIAS_TAKEN" },
  /** The course, element or microcourse already has a page (details: its alias). */
  PAGE_MODEL_TAKEN: { status: 409, key: "errors:codes.PAGE_MODEL_TAKEN" },
  /** A block's props do not fit its type (details.validationErrors name blocks.{i}.props.{lang}.{field}). */
  BLOCK_INVALID: { status: 400, key: "errors:codes.BLOCK_INVALID" },
  /** Someone saved or published the draft since it was opened (details: the newer revision, when, who). */
  DRAFT_CONFLICT: { status: 409, key: "errors:codes.DRAFT_CONFLICT" },
  /** Publishing needs the title (meta) in the portal's primary language. */
  PAGE_META_MISSING: { status: 400, key: "errors:codes.PAGE_META_MISSING" },
  /** A page renamed or deleted is still named or owned by something (details.usages: navigation items, courses, ...). */
  PAGE_IN_USE: { status: 409, key: "errors:codes.PAGE_IN_USE" },
  PAGE_SYSTEM: { status: 409, key: "errors:codes.PAGE_SYSTEM" },
  /* Back office: orders and mentors (issue 16, docs/decisions/0059). */
  /** A refund is recorded against a paid order only (created, pending, failed and expired orders took no money). */
  ORDER_NOT_REFUNDABLE: { status: 409, key: "errors:codes.ORDER_NOT_REFUNDABLE" },
  /** The order was already refunded (reversed): one refund per order. */
  ORDER_ALREADY_REFUNDED: { status: 409, key: "errors:codes.ORDER_ALREADY_REFUNDED" },
  /** Back office, failed letters (docs/decisions/0073): no letter of this portal with that id. */
  LETTER_NOT_FOUND: { status: 404, key: "errors:codes.LETTER_NOT_FOUND" },
  /** Only a letter that failed for good is queued again: this one is waiting, sent, or already queued again. */
  LETTER_NOT_FAILED: { status: 409, key: "errors:codes.LETTER_NOT_FAILED" },
  /** Only a user who has the mentor role can be made one of the portal's mentors. */
  MENTOR_ROLE_MISSING: { status: 409, key: "errors:codes.MENTOR_ROLE_MISSING" },
  /** A navigation item is its own ancestor (details name the item and the path). */
  NAVIGATION_CYCLE: { status: 400, key: "errors:codes.NAVIGATION_CYCLE" },
  /** Two navigation items share an id. */
  NAVIGATION_DUPLICATE_ID: { status: 400, key: "errors:codes.NAVIGATION_DUPLICATE_ID" },
  /** A navigation item names a parent that is not in the list. */
  NAVIGATION_PARENT_MISSING: { status: 400, key: "errors:codes.NAVIGATION_PARENT_MISSING" },
  /** A navigation item sits deeper than the menus draw (NAVIGATION_DEPTH_MAX levels). */
  NAVIGATION_TOO_DEEP: { status: 400, key: "errors:codes.NAVIGATION_TOO_DEEP" },
  /** The navigation changed since the editor read it (baseVersion): reload, nothing was replaced. */
  NAVIGATION_STALE: { status: 409, key: "errors:codes.NAVIGATION_STALE" },
  /** A back-office settings section changed since the screen read it (baseVersion): reload, nothing was written. */
  SETTINGS_STALE: { status: 409, key: "errors:codes.SETTINGS_STALE" },
  /** A navigation item names a page alias the portal has no page for (a body reference: 400, not the page route's 404). */
  NAVIGATION_PAGE_NOT_FOUND: { status: 400, key: "errors:codes.NAVIGATION_PAGE_NOT_FOUND", wire: "PAGE-NOT-FOUND" },
  /** A new microcourse's id (its address) is already used. */
  MICROCOURSE_ID_TAKEN: { status: 409, key: "errors:codes.MICROCOURSE_ID_TAKEN" },
  /** A new video event's id (its address) is already used. */
  VIDEO_EVENT_ID_TAKEN: { status: 409, key: "errors:codes.VIDEO_EVENT_ID_TAKEN" },
  /** A reorder must name every episode of the event exactly once, and no other. */
  EPISODE_ORDER_MISMATCH: { status: 409, key: "errors:codes.EPISODE_ORDER_MISMATCH" },
  /* Media uploads and the library (issue 15, docs/decisions/0051): src/server/modules/media. */
  /** The file name's extension says another type than the bytes are (a PNG named .mp3). */
  MEDIA_TYPE_MISMATCH: { status: 415, key: "errors:codes.MEDIA_TYPE_MISMATCH" },
  /** Bytes of a type we do not take (SVG, HTML, executables, unknown binaries) or an empty file. */
  MEDIA_TYPE_UNSUPPORTED: { status: 415, key: "errors:codes.MEDIA_TYPE_UNSUPPORTED" },
  /** Over the limit of its kind (src/domain/media.ts MEDIA_LIMITS); nothing is stored. */
  MEDIA_TOO_LARGE: { status: 413, key: "errors:codes.MEDIA_TOO_LARGE" },
  /** A page, course, element or setting still names the file; details.usedBy lists where. */
  MEDIA_IN_USE: { status: 409, key: "errors:codes.MEDIA_IN_USE" },
  /* People in the back office (issue 16, docs/decisions/0057): src/server/modules/people. */
  /** The change would leave the portal without an (unblocked) admin. */
  LAST_ADMIN: { status: 409, key: "errors:codes.LAST_ADMIN" },
  /** The change would leave nobody (active, unblocked) with a role that manages people, orders and settings (admin or mp-admin). */
  LAST_MANAGER: { status: 409, key: "errors:codes.LAST_MANAGER" },
  /** Blocking or deleting one's own account from the back office. */
  NOT_ON_YOURSELF: { status: 409, key: "errors:codes.NOT_ON_YOURSELF" },
  /** The account is blocked: no sign-in and no renewal until an admin unblocks it. */
  ACCOUNT_BLOCKED: { status: 403, key: "errors:codes.ACCOUNT_BLOCKED" },
  /** A password reset for an account without an e-mail address. */
  PERSON_NO_EMAIL: { status: 409, key: "errors:codes.PERSON_NO_EMAIL" },
  INTERNAL: { status: 500, key: "errors:codes.INTERNAL" },
  /** Refused under load before any work was done (docs/decisions/0022); comes with Retry-After. */
  OVERLOADED: { status: 503, key: "errors:codes.OVERLOADED" },
  /** Readiness: the database does not answer. */
  NOT_READY: { status: 503, key: "errors:codes.NOT_READY" },
} as const satisfies Record<string, { status: number; key: string; wire?: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;

/** Wire form of the code as the seed spells it: AUTH_DENY -> "AUTH-DENY", ERR_REDIRECT stays. */
export function wireCode(code: ErrorCode): string {
  const entry = ERROR_CODES[code];
  return "wire" in entry ? entry.wire : code.replace(/_/g, "-");
}

/** The back office also answers duplicates with HS_USERS_* codes; both spellings mean the same. */
export function isDuplicateEmailCode(code: string): boolean {
  return code === "DUPLICATE-EMAIL" || code === "HS_USERS_DUPLICATE_EMAIL";
}
export function isDuplicateEmailOrPhoneCode(code: string): boolean {
  return code === "DUPLICATE-EMAIL-OR-PHONE" || code === "HS_USERS_DUPLICATE_EMAIL_OR_PHONE";
}

/** The brand every AppError carries: a copy of this class (the built SSR bundle has its own) is still recognised. */
const APP_ERROR_BRAND = Symbol.for("mentora.AppError");

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly key: string;
  readonly details?: unknown;
  readonly [APP_ERROR_BRAND] = true;

  constructor(code: ErrorCode, message?: string, details?: unknown) {
    super(message ?? code);
    this.name = "AppError";
    this.code = code;
    this.status = ERROR_CODES[code].status;
    this.key = ERROR_CODES[code].key;
    this.details = details;
  }
}

export interface ErrorBody {
  error: { code: string; message: string; key: string; details?: unknown; requestId?: string };
}

/**
 * The one check for our errors: an AppError (by its brand, not instanceof, so the SSR bundle's copy of
 * this class counts), and when codes are given, one with one of those codes.
 */
export function isAppError(e: unknown, ...codes: ErrorCode[]): e is AppError {
  if (typeof e !== "object" || e === null || (e as Record<symbol, unknown>)[APP_ERROR_BRAND] !== true) return false;
  return codes.length === 0 || codes.includes((e as AppError).code);
}

/** The screen a page shows for a typed error, from the code's status in the catalogue (seed 2.3). */
export type ErrorScreen = "not-found" | "access-denied" | "rate-limited" | "failure";

/**
 * A page's own URL named something that is not there or not valid (404, 400): the 404 page; a
 * refusal (401, 403): the access-denied page; 429: the generic screen with that status; anything
 * else is a real failure.
 */
export function errorScreenOf(code: ErrorCode): ErrorScreen {
  const { status } = ERROR_CODES[code];
  if (status === 404 || status === 400) return "not-found";
  if (status === 401 || status === 403) return "access-denied";
  if (status === 429) return "rate-limited";
  return "failure";
}
