import { useEffect, useSyncExternalStore } from "react";

/**
 * One queue for every popup the page opens by itself (issue 28): the scenario popup (sign-in), the
 * welcome and award notices, the cookie notice. At most one shows at a time, in the order they asked:
 * while a modal popup is open no notice shows; notices show one after another, each until it is
 * closed. Notices are non-modal and sit in the page's flow, so they never cover what the learner
 * came to do. Popups a learner opens with a click (policy, discussion, a step's own confirmation)
 * are not queued: they answer that click.
 */

type Listener = () => void;

interface QueueState {
  /** Modal popups open now (by id). */
  modals: readonly string[];
  /** Notices waiting or showing, first come first shown. */
  notices: readonly string[];
  /** Notices that stand back for every other one (the cookie notice: it may wait for a decision for long). */
  background: readonly string[];
  /** A welcome notice asked for by a sign-in (the scenario's success step), until it is closed. */
  welcome: boolean;
}

let state: QueueState = { modals: [], notices: [], background: [], welcome: false };
const listeners = new Set<Listener>();

function set(next: QueueState) {
  state = next;
  for (const l of listeners) l();
}

function subscribe(l: Listener) {
  listeners.add(l);
  return () => listeners.delete(l);
}

const SERVER_STATE: QueueState = { modals: [], notices: [], background: [], welcome: false };
const read = () => state;
const readServer = () => SERVER_STATE;

function useQueueState(): QueueState {
  return useSyncExternalStore(subscribe, read, readServer);
}

function add(list: readonly string[], id: string) {
  return list.includes(id) ? list : [...list, id];
}

function remove(list: readonly string[], id: string) {
  return list.includes(id) ? list.filter((x) => x !== id) : list;
}

/** A modal popup tells the queue it is open (notices wait until it closes). */
export function useModalInQueue(id: string, open: boolean): void {
  useEffect(() => {
    if (!open) return;
    set({ ...state, modals: add(state.modals, id) });
    return () => set({ ...state, modals: remove(state.modals, id) });
  }, [id, open]);
}

/** Whether a modal popup that asked the queue may open now: none other is open. */
export function useModalTurn(id: string, wanted: boolean): boolean {
  const { modals } = useQueueState();
  useModalInQueue(id, wanted);
  return wanted && modals[0] === id;
}

/**
 * A notice waits for its turn: shown when no modal is open and every notice before it was closed.
 * A background notice shows only when no other notice wants to (it comes back after them).
 */
export function useNoticeTurn(id: string, wanted: boolean, opts: { background?: boolean } = {}): boolean {
  const { modals, notices, background } = useQueueState();
  const key = opts.background ? "background" : "notices";
  useEffect(() => {
    if (!wanted) return;
    set({ ...state, [key]: add(state[key], id) });
    return () => set({ ...state, [key]: remove(state[key], id) });
  }, [id, wanted, key]);
  if (!wanted || modals.length > 0) return false;
  return opts.background ? notices.length === 0 && background[0] === id : notices[0] === id;
}

/** Whether a notice other than this one waits in the queue (the welcome then gives way to it). */
export function useOthersWaiting(id: string): boolean {
  return useQueueState().notices.some((n) => n !== id);
}

/** The sign-in's success (seed 001 §4 success step, §8 success notice): a welcome notice, not a dialog in the way. */
export function queueWelcome(): void {
  set({ ...state, welcome: true });
}

export function closeWelcome(): void {
  set({ ...state, welcome: false });
}

export function useWelcomeWanted(): boolean {
  return useQueueState().welcome;
}
