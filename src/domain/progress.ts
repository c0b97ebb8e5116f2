import { z } from "zod";
import { ZElementType, type TElementState, type TElementType } from "./element";
import { ZAwardRef } from "./award-ref";
import { ZText } from "./validation/safe-text";
import { LIMITS } from "./constants";
import { PROGRESS_TABS } from "./progress-rules";

/**
 * Progress rules of seed 000 §4, as pure functions over a course's elements and a learner's
 * progress map. The server applies them inside a transaction; the web uses them to render.
 */

export const OPENED_ELEMENT_NAMES = ["start", "continue", "finished"] as const;
export const ZOpenedElementName = z.enum(OPENED_ELEMENT_NAMES);
export type TOpenedElementName = z.infer<typeof ZOpenedElementName>;

/** Seed 000 §3: the opened-element marker; getOpenedElement also yields number. */
export const ZOpenedElement = z.object({
  id: z.string(),
  type: ZElementType,
  index: z.number().int(),
  number: z.number().int(),
  name: ZOpenedElementName,
});
export type TOpenedElement = z.infer<typeof ZOpenedElement>;

export const HISTORY_EVENTS = ["opened", "started", "synced", "finished"] as const;
export const ZHistoryEntry = z.object({
  at: z.string(),
  event: z.enum(HISTORY_EVENTS),
  percent: z.number().int().min(0).max(100).optional(),
});
export type THistoryEntry = z.infer<typeof ZHistoryEntry>;
/** History is an audit trail, not a log of every tick: the oldest entries go beyond this. */
export const HISTORY_LIMIT = 50;

export interface ProgressEntry {
  state: TElementState;
  started: string | null;
  finished: string | null;
  percent: number;
  history: THistoryEntry[];
}
/** Element id -> the learner's record of it, for one course. */
export type ProgressMap = Record<string, ProgressEntry>;
/** What the states and the marker read of a record: a list of courses loads no more than this. */
export type StateMap = Record<string, Pick<ProgressEntry, "state" | "started">>;

export interface ElementLike {
  id: string;
  type: TElementType;
  index: number;
  number: number;
  visible: boolean;
}
export type WithState<T> = T & { state: TElementState | null };

/** Seed 000 §4: only visible elements are kept, in their course order. */
export function visibleInOrder<T extends ElementLike>(elements: readonly T[]): T[] {
  return elements.filter((e) => e.visible).sort((a, b) => a.index - b.index || a.number - b.number);
}

/**
 * Element states (seed 000 §4). With no progress: all opened when the course allows arbitrary
 * walkthrough, else only the first. With progress, each element takes its state from the map.
 * An element the map does not know (added to the course later) is derived the way the no-progress
 * case is: opened in an arbitrary course, and in a sequential one opened only right after a done
 * element, so a new element can neither lock a finished learner out nor skip the order.
 * `progress` null means "not available" (a guest): the no-progress rule applies.
 */
export function elementStates<T extends ElementLike>(elements: readonly T[], progress: StateMap | null, arbitraryWalkthrough: boolean): Array<WithState<T>> {
  const map = progress ?? {};
  const out: Array<WithState<T>> = [];
  for (const [i, e] of visibleInOrder(elements).entries()) {
    const stored = map[e.id]?.state;
    let state: TElementState | null;
    if (stored) state = stored;
    else if (arbitraryWalkthrough || i === 0) state = "opened";
    else state = out[i - 1].state === "done" ? "opened" : null;
    out.push({ ...e, state });
  }
  return out;
}

export function isOpen(state: TElementState | null): boolean {
  return state === "opened" || state === "done";
}

function withHistory(entry: ProgressEntry, item: THistoryEntry): THistoryEntry[] {
  return [...entry.history, item].slice(-HISTORY_LIMIT);
}

function entryOf(map: ProgressMap, id: string, state: TElementState): ProgressEntry {
  return map[id] ?? { state, started: null, finished: null, percent: 0, history: [] };
}

/** Seed 000 §4: the started time of an element is set once only. */
export function startElement(progress: ProgressMap, elementId: string, now: Date): ProgressMap {
  const entry = entryOf(progress, elementId, "opened");
  if (entry.started) return progress;
  const at = now.toISOString();
  return { ...progress, [elementId]: { ...entry, started: at, history: withHistory(entry, { at, event: "started" }) } };
}

export type FinishResult = { ok: true; progress: ProgressMap; opened: string | null; current: string } | { ok: false; reason: "unknown" | "locked" };

/**
 * Finishing (seed 000 §4): state done with a finished time; the next visible element opens unless
 * the course allows arbitrary walkthrough. Only an open element can be finished. The stored current
 * element moves on to the next element that is not done (so the marker says "continue" there), and
 * stays on the finished one when nothing is left, which makes the marker say "finished".
 * Finishing again keeps the first finished time and adds a history entry.
 */
export function finishElement<T extends ElementLike>(
  elements: readonly T[],
  progress: ProgressMap,
  elementId: string,
  arbitraryWalkthrough: boolean,
  now: Date,
): FinishResult {
  const states = elementStates(elements, progress, arbitraryWalkthrough);
  const i = states.findIndex((e) => e.id === elementId);
  if (i < 0) return { ok: false, reason: "unknown" };
  if (!isOpen(states[i].state)) return { ok: false, reason: "locked" };
  const at = now.toISOString();
  const entry = entryOf(progress, elementId, "opened");
  const next: ProgressMap = {
    ...progress,
    [elementId]: {
      state: "done",
      started: entry.started ?? at,
      finished: entry.finished ?? at,
      percent: 100,
      history: withHistory(entry, { at, event: "finished", percent: 100 }),
    },
  };
  let opened: string | null = null;
  const following = states[i + 1];
  if (!arbitraryWalkthrough && following && !progress[following.id]) {
    next[following.id] = { state: "opened", started: null, finished: null, percent: 0, history: [{ at, event: "opened" }] };
    if (following.state === null) opened = following.id;
  }
  const after = elementStates(elements, next, arbitraryWalkthrough);
  const rotated = [...after.slice(i + 1), ...after.slice(0, i)];
  const current = rotated.find((e) => e.state === "opened")?.id ?? elementId;
  return { ok: true, progress: next, opened, current };
}

/**
 * The opened-element marker (seed 000 §4): start when no element is done or started; continue
 * when some progress exists; finished when the stored current element is done, then pointing back
 * to the first element. When progress is not available (null), the first element is the start.
 * Null when the course has no visible element.
 */
export function openedElement<T extends ElementLike>(
  elements: readonly T[],
  progress: StateMap | null,
  current: string | null,
  arbitraryWalkthrough: boolean,
): TOpenedElement | null {
  const states = elementStates(elements, progress, arbitraryWalkthrough);
  if (states.length === 0) return null;
  const marker = (e: ElementLike, name: TOpenedElementName): TOpenedElement => ({ id: e.id, type: e.type, index: e.index, number: e.number, name });
  const first = states[0];
  if (!progress) return marker(first, "start");
  const anyProgress = states.some((e) => progress[e.id]?.state === "done" || !!progress[e.id]?.started);
  if (!anyProgress) return marker(first, "start");
  const stored = current ? states.find((e) => e.id === current) : undefined;
  if (stored) return progress[stored.id]?.state === "done" ? marker(first, "finished") : marker(stored, "continue");
  // The stored element is gone (hidden or removed): continue where the learner can.
  const next = states.find((e) => e.state === "opened");
  return next ? marker(next, "continue") : marker(first, "finished");
}

/** Seed 000 §4: the last-element flag is true when all elements but the current one are done. */
export function isLastElement(states: ReadonlyArray<{ id: string; state: TElementState | null }>, currentId: string): boolean {
  return states.every((e) => e.id === currentId || e.state === "done");
}

/** Values a course variable may hold (stored by name, seed 000 §3). */
export const ZVariableValue = z.union([ZText.max(2000), z.number().finite(), z.boolean(), z.null()]);
export type TVariableValue = z.infer<typeof ZVariableValue>;
export const ZVariableName = ZText.min(1)
  .max(64)
  .regex(/^[A-Za-z_][A-Za-z0-9_.-]*$/);
export const VARIABLES_LIMIT = 100;

// --- API replies (shared with the web) ---------------------------------------------------------

/** One element of one learner: the state they see (null = locked) and what is stored about it. */
export const ZElementProgress = z.object({
  userId: z.string(),
  courseId: z.string(),
  elementId: z.string(),
  state: z.enum(["opened", "done"]).nullable(),
  started: z.string().nullable(),
  finished: z.string().nullable(),
  percent: z.number().int(),
  history: z.array(ZHistoryEntry),
});
export type TElementProgress = z.infer<typeof ZElementProgress>;

/** A learner's progress in one course: visible elements with their states, variables, marker. */
export const ZCourseProgress = z.object({
  userId: z.string(),
  courseId: z.string(),
  /** The progress record {portalId}:{userId}. */
  recordId: z.string(),
  elements: z.array(ZElementProgress.omit({ userId: true, courseId: true })),
  doneCount: z.number().int(),
  total: z.number().int(),
  variables: z.record(z.string(), ZVariableValue),
  current: z.string().nullable(),
  openedElement: ZOpenedElement.nullable(),
  upgradedAt: z.string().nullable(),
});
export type TCourseProgress = z.infer<typeof ZCourseProgress>;

export const ZProgressTab = z.enum(PROGRESS_TABS);

/** GET /api/progress: newest activity first, `after` the previous page's nextCursor. */
export const ZUserProgressQuery = z.object({
  tab: ZProgressTab.default("all"),
  // Checked by decodeProgressCursor (PROGRESS_CURSOR_INVALID); the bound only keeps junk short.
  after: ZText.max(1000).optional(),
  limit: z.coerce.number().int().min(1).max(LIMITS.progressPageMax).default(LIMITS.progressPage),
});
export type TUserProgressQuery = z.infer<typeof ZUserProgressQuery>;

export const ZUserProgressCourse = z.object({
  courseId: z.string(),
  title: z.string(),
  doneCount: z.number().int(),
  total: z.number().int(),
  openedElement: ZOpenedElement.nullable(),
  updatedAt: z.string(),
});
export type TUserProgressCourse = z.infer<typeof ZUserProgressCourse>;

export const ZUserProgress = z.object({
  userId: z.string(),
  recordId: z.string(),
  tab: ZProgressTab,
  courses: z.array(ZUserProgressCourse),
  /** The `after` of the next page; null on the last. */
  nextCursor: z.string().nullable(),
});
export type TUserProgress = z.infer<typeof ZUserProgress>;

export const ZElementRef = z.object({ id: z.string(), type: ZElementType, index: z.number().int(), number: z.number().int() });

export const ZFinishReply = z.object({
  progress: ZElementProgress,
  /** The element this finish opened (sequential courses), if any. */
  opened: ZElementRef.nullable(),
  openedElement: ZOpenedElement.nullable(),
  /** Every visible element is done. */
  courseFinished: z.boolean(),
  /** Awards this finish earned (seed 000 §2.4 award-popup state); empty when none. */
  awards: z.array(ZAwardRef),
});

export const ZSyncBody = z
  .object({
    /** "done" finishes the element (same rules as finish); "opened" only records the sync. */
    state: z.enum(["opened", "done"]).optional(),
    percent: z.number().int().min(0).max(100).optional(),
    /** Client-side moments (e.g. video checkpoints), appended as "synced" history entries. */
    history: z
      .array(z.object({ at: z.iso.datetime({ offset: true }), percent: z.number().int().min(0).max(100).optional() }).strict())
      .max(20)
      .optional(),
  })
  .strict();
export type TSyncBody = z.infer<typeof ZSyncBody>;

export const ZUpgradeBody = z.object({ courseId: ZText.min(1).max(120).optional(), force: z.boolean().default(false) }).strict();
export const ZUpgradeReply = z.object({ upgraded: z.array(z.string()), skipped: z.array(z.string()) });
