import type { TChatMessage } from "../../../domain/chat";

/*
 * A chat thread as the client holds it: the server's messages in order, the paging cursors (seed
 * §7: last 20, older before startCursor, updates after the last cursor), which messages the viewer
 * has not read, and which are fresh (highlighted for 2 s, seed §4 isNew). Pure, so the merge rules
 * are tested without a browser.
 */

export interface ThreadState {
  messages: TChatMessage[];
  /** The oldest loaded message's cursor; older pages are read before it. */
  startCursor: string | null;
  hasPrevious: boolean;
  /** The newest cursor seen; updates are read after it. "0" before any message. */
  endCursor: string;
  loaded: boolean;
  /** Messages of the other side not yet marked read. */
  unreadIds: ReadonlySet<string>;
  /** Highlighted as new until their 2 s are over. */
  freshIds: ReadonlySet<string>;
  unreadCount: number;
}

export const emptyThread: ThreadState = {
  messages: [],
  startCursor: null,
  hasPrevious: false,
  endCursor: "0",
  loaded: false,
  unreadIds: new Set(),
  freshIds: new Set(),
  unreadCount: 0,
};

export type ThreadAction =
  | { type: "page"; edges: Array<{ cursor: string; node: TChatMessage }>; hasPrevious: boolean; startCursor: string | null; endCursor: string | null }
  | { type: "older"; edges: Array<{ cursor: string; node: TChatMessage }>; hasPrevious: boolean; startCursor: string | null }
  | { type: "updates"; edges: Array<{ cursor: string; node: TChatMessage }>; readIds: string[]; endCursor: string; unreadCount: number }
  | { type: "sent"; message: TChatMessage }
  | { type: "read"; ids: string[]; unreadCount: number }
  | { type: "unfresh"; ids: string[] };

const maxCursor = (a: string, b: string | null | undefined) => (b && BigInt(b) > BigInt(a) ? b : a);

function withUnread(state: ThreadState, nodes: TChatMessage[], viewerId: string): Pick<ThreadState, "unreadIds" | "freshIds"> {
  const unread = new Set(state.unreadIds);
  const fresh = new Set(state.freshIds);
  for (const m of nodes) {
    if (m.isNew && m.participant.id !== viewerId) {
      unread.add(m.id);
      fresh.add(m.id);
    }
  }
  return { unreadIds: unread, freshIds: fresh };
}

export function threadReducer(viewerId: string) {
  return (state: ThreadState, action: ThreadAction): ThreadState => {
    switch (action.type) {
      case "page": {
        // The newest page replaces what was loaded (a first load or a full re-read after a resync).
        const nodes = action.edges.map((e) => e.node);
        const ids = new Set(nodes.map((m) => m.id));
        // Messages confirmed by a send but not yet in the page (a race with the read) stay.
        const kept = state.messages.filter((m) => !ids.has(m.id) && state.loaded && isAfter(m, nodes));
        return {
          ...state,
          ...withUnread({ ...state, unreadIds: new Set(), freshIds: state.freshIds }, nodes, viewerId),
          messages: [...nodes, ...kept],
          startCursor: action.startCursor ?? action.edges[0]?.cursor ?? null,
          hasPrevious: action.hasPrevious,
          endCursor: maxCursor(state.loaded ? state.endCursor : "0", action.endCursor ?? action.edges.at(-1)?.cursor),
          loaded: true,
        };
      }
      case "older": {
        const known = new Set(state.messages.map((m) => m.id));
        const nodes = action.edges.map((e) => e.node).filter((m) => !known.has(m.id));
        return {
          ...state,
          ...withUnread(state, nodes, viewerId),
          freshIds: state.freshIds, // old messages are not "new" to look at
          messages: [...nodes, ...state.messages],
          startCursor: action.startCursor ?? action.edges[0]?.cursor ?? state.startCursor,
          hasPrevious: action.hasPrevious,
        };
      }
      case "updates": {
        const byId = new Map(action.edges.map((e) => [e.node.id, e.node]));
        const messages = state.messages.map((m) => byId.get(m.id) ?? m);
        const known = new Set(messages.map((m) => m.id));
        const added = action.edges.map((e) => e.node).filter((m) => !known.has(m.id));
        const read = new Set(action.readIds);
        return {
          ...state,
          ...withUnread(state, added, viewerId),
          messages: [...messages, ...added].map((m) => (read.has(m.id) && !m.readByOther ? { ...m, readByOther: true } : m)),
          endCursor: maxCursor(state.endCursor, action.endCursor),
          unreadCount: action.unreadCount,
        };
      }
      case "sent": {
        if (state.messages.some((m) => m.id === action.message.id)) return state;
        return { ...state, messages: [...state.messages, action.message] };
      }
      case "read": {
        const unread = new Set(state.unreadIds);
        for (const id of action.ids) unread.delete(id);
        return { ...state, unreadIds: unread, unreadCount: action.unreadCount };
      }
      case "unfresh": {
        const fresh = new Set(state.freshIds);
        for (const id of action.ids) fresh.delete(id);
        return { ...state, freshIds: fresh };
      }
    }
  };
}

/** Whether a message kept from before is newer than every message of a page just read. */
function isAfter(m: TChatMessage, nodes: TChatMessage[]): boolean {
  const last = nodes.at(-1);
  return !last || m.createdAt >= last.createdAt;
}
