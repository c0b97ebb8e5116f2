import { z } from "zod";
import { ZEmail } from "./validation/fields";
import { ZText } from "./validation/safe-text";
import { isSafeUrl } from "./blocks/safe-url";

/*
 * Quiz and interaction results (issue 13; seed 000 §3 payloads, §5 validation, §7 calls, §9 retry).
 * Shared by the server's results module and the web app's senders: the same cleaning runs on both
 * sides (seed §5), so what the browser queues is what the server stores.
 */

export { GUEST_SESSION_COOKIE, INTERACTION_RETRY_MS } from "./results-constants";
/** Items of `variants` and `answers` a result may carry. */
export const RESULT_ITEMS_MAX = 50;
/** Characters of one item text or a question text. */
export const RESULT_TEXT_MAX = 1_000;

/** One client-made key per send: a retried send repeats it and is stored once. */
export const ZResultKey = ZText.regex(/^[A-Za-z0-9_-]{8,64}$/);
/** A guest's per-browser session (seed §3 "a per-browser session token"), made in the browser. */
export const ZGuestSessionId = ZText.regex(/^[A-Za-z0-9_-]{16,64}$/);

const ID_PART = /[A-Za-z0-9_.-]{1,60}/.source;
/** Where a quiz sits: `page:{alias}` or `{model}:{id}` of the page bound to a model. */
export const DIALOG_KINDS = ["page", "course", "element", "microcourse", "video-event"] as const;
export const ZDialogId = ZText.regex(new RegExp(`^(${DIALOG_KINDS.join("|")}):${ID_PART}$`));
/** The quiz block's id on its page. */
export const ZMsgId = ZText.regex(new RegExp(`^${ID_PART}$`));
export const ZVariantId = ZText.regex(/^[A-Za-z0-9_.-]{1,60}$/);
const ZRefId = ZText.min(1).max(120);

/** The realtime topic of one quiz's answers (ids only; the client then reads the aggregate). */
export const quizTopic = (dialogId: string, msgId: string) => `quiz:${dialogId}:${msgId}`;
/** The dialog id of a page's quizzes: its model's, or its alias. */
export function dialogIdOf(page: { alias: string; model: { name: string; id: string } | null }): string {
  return page.model ? `${page.model.name}:${page.model.id}` : `page:${page.alias}`;
}
/** The two ids in a `quiz:` topic id (`page:alias:block`); null when it is not one. */
export function parseQuizTopicId(id: string): { dialogId: string; msgId: string } | null {
  const cut = id.lastIndexOf(":");
  if (cut < 0) return null;
  const dialogId = id.slice(0, cut);
  const msgId = id.slice(cut + 1);
  return ZDialogId.safeParse(dialogId).success && ZMsgId.safeParse(msgId).success ? { dialogId, msgId } : null;
}

/** An answer or variant after cleaning: an id, a text, an image without crop details. */
export interface TResultItem {
  id?: string;
  text?: string;
  image?: { src: string; alt?: string };
}

/** Seed §5: empty or non-string text is removed, not refused. */
function cleanText(v: unknown): string | undefined {
  if (typeof v !== "string") return undefined;
  const t = v.trim();
  return t === "" ? undefined : t;
}

/**
 * A text field a sender may fill with something else: seed §5 removes empty or non-string text rather
 * than refusing it, so numbers, booleans and null are taken (and dropped by the cleaning); strings obey
 * the safe-text rule.
 */
const ZLooseText = z.union([ZText.max(RESULT_TEXT_MAX), z.number(), z.boolean(), z.null()]);

/**
 * One answer or variant as a sender gives it: a bare text, or an object with an id, a text and an
 * image. Seed §5: image crop details (anything but src and alt) and empty or non-string text are
 * removed; an item left with nothing is dropped by `cleanItems`.
 */
export const ZResultItemInput = z.union([
  ZText.max(RESULT_TEXT_MAX),
  z.object({
    id: ZVariantId.optional(),
    text: ZLooseText.optional(),
    image: z
      .object({
        src: ZText.max(2048).refine(isSafeUrl, { error: "Use a site path (/...) or an http(s) address" }),
        alt: ZLooseText.optional(),
      })
      .optional(),
  }),
]);
export type TResultItemInput = z.input<typeof ZResultItemInput>;

export function cleanItem(item: z.output<typeof ZResultItemInput> | TResultItemInput): TResultItem | null {
  if (typeof item === "string") {
    const text = cleanText(item);
    return text === undefined ? null : { text };
  }
  const out: TResultItem = {};
  if (typeof item.id === "string" && item.id !== "") out.id = item.id;
  const text = cleanText(item.text);
  if (text !== undefined) out.text = text;
  if (item.image && typeof item.image.src === "string") {
    const alt = cleanText(item.image.alt);
    out.image = alt === undefined ? { src: item.image.src } : { src: item.image.src, alt: alt.slice(0, 500) };
  }
  return out.id === undefined && out.text === undefined && out.image === undefined ? null : out;
}

/** Seed §5 cleaning of a list; items left empty go. */
export function cleanItems(items: readonly (z.output<typeof ZResultItemInput> | TResultItemInput)[]): TResultItem[] {
  return items.map(cleanItem).filter((i): i is TResultItem => i !== null);
}

const ZItems = z.array(ZResultItemInput).max(RESULT_ITEMS_MAX).transform(cleanItems);
/** Free text of a result (the question): seed §5 drops it when empty or not a string. */
const ZResultText = ZLooseText.optional().transform((v) => cleanText(v));

/** Seed §3 quiz result payload (multiple is set by the server from the answers: seed §5). */
export const ZQuizResultRequest = z.object({
  key: ZResultKey,
  dialogId: ZDialogId,
  msgId: ZMsgId,
  text: ZResultText,
  variants: ZItems,
  categoryId: ZRefId.nullish(),
  elementId: ZRefId.nullish(),
  sessionId: ZGuestSessionId.optional(),
  email: ZEmail.optional(),
  answers: ZItems,
  multiple: z.boolean().optional(),
  lang: ZText.regex(/^[a-z]{2,3}$/).optional(),
});
export type TQuizResultRequest = z.output<typeof ZQuizResultRequest>;

/** The graded answer: the correct ids and the explanation are told only now (issue 13). */
export const ZQuizResultReply = z.object({
  id: z.string(),
  /** Null for a poll (a quiz without correct answers): every answer counts. */
  passed: z.boolean().nullable(),
  correct: z.array(z.string()),
  explanation: z.string().nullable(),
  multiple: z.boolean(),
});
export type TQuizResultReply = z.infer<typeof ZQuizResultReply>;

export const ZQuizAggregateQuery = z.object({ dialogId: ZDialogId, msgId: ZMsgId });

/** How everyone answered: each learner or guest session once, with their latest answer. */
export const ZQuizAggregate = z.object({
  dialogId: z.string(),
  msgId: z.string(),
  /** Learners and guest sessions counted. */
  total: z.number().int(),
  variants: z.array(z.object({ id: z.string(), count: z.number().int(), share: z.number() })),
});
export type TQuizAggregate = z.infer<typeof ZQuizAggregate>;

/** Seed §3 interaction result payload. */
export const ZInteractionResultRequest = z.object({
  key: ZResultKey,
  type: ZText.regex(/^[a-z][a-z0-9-]{0,39}$/),
  componentId: ZRefId,
  componentName: ZText.regex(/^[a-z][a-z0-9-]{0,39}$/),
  variants: ZItems,
  passed: z.boolean(),
  courseId: ZRefId,
  elementId: ZRefId,
  dialogId: ZDialogId.optional(),
  text: ZResultText,
  sessionId: ZGuestSessionId.optional(),
  answers: ZItems,
  multiple: z.boolean().optional(),
});
export type TInteractionResultRequest = z.output<typeof ZInteractionResultRequest>;
export type TInteractionResultInput = z.input<typeof ZInteractionResultRequest>;

export const ZInteractionResultReply = z.object({ id: z.string(), multiple: z.boolean() });

/** Seed §7 quiz-results identify: the guest session whose results become the account's. */
export const ZQuizIdentifyRequest = z.object({ email: ZEmail, sessionId: ZGuestSessionId });
export const ZQuizIdentifyReply = z.object({ attached: z.number().int() });

/** Per-variant counts to shares of the learners counted (0..1, four decimals). */
export function aggregateOf(
  dialogId: string,
  msgId: string,
  total: number,
  counts: ReadonlyMap<string, number>,
  variantIds: readonly string[],
): TQuizAggregate {
  const share = (n: number) => (total === 0 ? 0 : Math.round((n / total) * 10_000) / 10_000);
  return { dialogId, msgId, total, variants: variantIds.map((id) => ({ id, count: counts.get(id) ?? 0, share: share(counts.get(id) ?? 0) })) };
}
