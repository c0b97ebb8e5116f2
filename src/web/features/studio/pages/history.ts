/*
 * Undo/redo over the designer's document (issue 15), pure. Every edit that changes the document
 * pushes the previous one; typing in one field within a moment is one step (coalesced by a key),
 * so one undo takes back a word, not a letter. A loaded or reloaded document starts a new history.
 */

export const HISTORY_LIMIT = 100;
/** Edits of the same field closer than this are one undo step. */
export const COALESCE_MS = 1000;

export interface History<T> {
  past: readonly T[];
  present: T;
  future: readonly T[];
  /** The key and time of the last edit, for coalescing. */
  last?: { key: string; at: number };
}

export const startHistory = <T>(present: T): History<T> => ({ past: [], present, future: [] });

/** Records the next state; `key` names what was edited ("props:b1:en"), `at` is the time in ms. */
export function record<T>(h: History<T>, next: T, key?: string, at = 0): History<T> {
  if (next === h.present) return h;
  const coalesce = key !== undefined && h.last?.key === key && at - h.last.at < COALESCE_MS && h.future.length === 0;
  const past = coalesce ? h.past : [...h.past, h.present].slice(-HISTORY_LIMIT);
  return { past, present: next, future: [], ...(key !== undefined ? { last: { key, at } } : {}) };
}

export const canUndo = <T>(h: History<T>) => h.past.length > 0;
export const canRedo = <T>(h: History<T>) => h.future.length > 0;

export function undo<T>(h: History<T>): History<T> {
  const previous = h.past[h.past.length - 1];
  if (previous === undefined) return h;
  return { past: h.past.slice(0, -1), present: previous, future: [h.present, ...h.future] };
}

export function redo<T>(h: History<T>): History<T> {
  const [next, ...rest] = h.future;
  if (next === undefined) return h;
  return { past: [...h.past, h.present], present: next, future: rest };
}

/** Which history command a key press is: Ctrl/Cmd+Z undo, Ctrl/Cmd+Shift+Z or Ctrl+Y redo. */
export function historyKey(e: Pick<KeyboardEvent, "key" | "ctrlKey" | "metaKey" | "shiftKey" | "altKey">): "undo" | "redo" | null {
  if (!(e.ctrlKey || e.metaKey) || e.altKey) return null;
  const key = e.key.toLowerCase();
  if (key === "z") return e.shiftKey ? "redo" : "undo";
  if (key === "y" && !e.shiftKey) return "redo";
  return null;
}

/** Marks an editor with an undo history of its own (the rich text's TipTap): the page-level undo leaves its keys to it. */
export const OWN_HISTORY_ATTR = "data-own-history";

/** Whether a key press happened inside an editor with its own undo history (the caret in the rich text). */
export function inOwnHistory(target: EventTarget | null): boolean {
  const el = target as { closest?: (selector: string) => unknown } | null;
  return typeof el?.closest === "function" && el.closest(`[${OWN_HISTORY_ATTR}]`) !== null;
}
