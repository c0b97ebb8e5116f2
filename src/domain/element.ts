import { z } from "zod";
import { ZBlock } from "./page";
import { ZText } from "./validation/safe-text";

/** Seed 000 §3: the kinds of course element, and the path segment each one lives under. */
export const ELEMENT_TYPES = ["lesson", "test", "webinar"] as const;
export const ZElementType = z.enum(ELEMENT_TYPES);
export type TElementType = z.infer<typeof ZElementType>;

/** Seed 000 §4: opened or done; an element without a state is locked. */
export const ELEMENT_STATES = ["opened", "done"] as const;
export const ZElementState = z.enum(ELEMENT_STATES);
export type TElementState = z.infer<typeof ZElementState>;

export const ZDiscussion = z.object({ id: z.string().nullable(), active: z.boolean() });

export const ZElementId = ZText.min(1)
  .max(120)
  .regex(/^[A-Za-z0-9_-]+$/);

/** An element as listed in a course, with the caller's state (null = locked). */
export const ZElement = z.object({
  id: z.string(),
  courseId: z.string(),
  type: ZElementType,
  title: z.string(),
  /** Minutes. */
  duration: z.number().int(),
  cover: z.string().nullable(),
  number: z.number().int(),
  index: z.number().int(),
  visible: z.boolean(),
  pattern: z.string().nullable(),
  discussion: ZDiscussion,
  state: ZElementState.nullable(),
  /** Web path of the element page in the requested language. */
  path: z.string(),
});
export type TElement = z.infer<typeof ZElement>;

/** The caller's own record of an element, when progress is tracked for them. */
export const ZElementProgressSummary = z.object({
  started: z.string().nullable(),
  finished: z.string().nullable(),
  percent: z.number().int(),
});

export const ZElementWithProgress = ZElement.extend({ progress: ZElementProgressSummary.nullable() });

/** A neighbour for previous/next navigation; `next` is never a locked element. */
export const ZElementLink = z.object({ id: z.string(), type: ZElementType, number: z.number().int(), title: z.string(), path: z.string() });

/** The element page: the element, its blocks, and what the page needs around them. */
export const ZElementPage = ZElementWithProgress.extend({
  components: z.array(ZBlock),
  /** Seed 000 §4: true when every other visible element is done. */
  isLast: z.boolean(),
  previous: ZElementLink.nullable(),
  next: ZElementLink.nullable(),
  /** Whether finishing is recorded for this caller (disciples only; see docs/api/courses.md). */
  tracksProgress: z.boolean(),
  /** True when the page was opened with a valid creator preview secret (locks and publication ignored). */
  preview: z.boolean(),
});
export type TElementPage = z.infer<typeof ZElementPage>;
