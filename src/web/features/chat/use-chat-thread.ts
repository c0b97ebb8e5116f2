import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from "react";
import { CHAT_TIMERS, CHAT_TOPIC, type TChatContext } from "../../../domain/chat";
import type { ApiError } from "../../lib/api";
import { getMessages, getUpdates, markRead, sendMessage } from "./chat-calls";
import { Outbox, type PendingMessage, type SendOutcome } from "./outbox";
import { realtime } from "./realtime-client";
import { emptyThread, threadReducer } from "./thread-state";
import { announceUnread } from "./launcher-events";

/** Seed §8: a failed send is retried when the failure is passing (no network, the server restarting, too many sends). */
export function sendOutcome(error: ApiError): SendOutcome {
  if (error.status === 0 || error.status >= 500 || error.status === 429 || error.status === 408 || error.status === 401) return "retry";
  return "fail";
}

/** How long read marks are gathered before one POST (one call for a screenful). */
const READ_BATCH_MS = 300;

/**
 * One chat thread's data: the first page, older pages, updates on every realtime event (or every 30 s
 * while the socket is down), the outbox of unconfirmed messages, and read marks in batches.
 */
export function useChatThread(chatId: string, viewerId: string, lang: string) {
  const reducer = useMemo(() => threadReducer(viewerId), [viewerId]);
  const [state, dispatch] = useReducer(reducer, emptyThread);
  const [pending, setPending] = useState<readonly PendingMessage[]>([]);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [failedLoad, setFailedLoad] = useState(false);
  const outbox = useRef<Outbox | null>(null);
  const endCursor = useRef("0");
  endCursor.current = state.endCursor;

  // Updates one at a time; a call asked for meanwhile runs once more afterwards.
  const updating = useRef<{ running: boolean; again: boolean }>({ running: false, again: false });
  const loadedRef = useRef(false);
  loadedRef.current = state.loaded;
  const refresh = useCallback(async () => {
    const u = updating.current;
    if (!loadedRef.current) return;
    if (u.running) {
      u.again = true;
      return;
    }
    u.running = true;
    try {
      for (let round = 0; round < 10; round++) {
        u.again = false;
        const res = await getUpdates(chatId, lang, endCursor.current);
        // Seed §8: update failures are silent; the next event or poll tries again.
        if (!res.ok) break;
        const { updates, readIds, endCursor: next, hasMore, chat } = res.data;
        endCursor.current = next;
        outbox.current?.confirm(updates.map((u) => u.node.id));
        dispatch({ type: "updates", edges: updates, readIds, endCursor: next, unreadCount: chat.unreadMessagesCount });
        if (!hasMore && !u.again) break;
      }
    } finally {
      u.running = false;
    }
  }, [chatId, lang]);

  // The newest page first.
  useEffect(() => {
    const controller = new AbortController();
    setFailedLoad(false);
    getMessages(chatId, lang, undefined, controller.signal).then(
      (res) => {
        if (!res.ok) {
          console.error("Chat messages failed to load", res.error.message);
          setFailedLoad(true);
          return;
        }
        const { edges, pageInfo } = res.data;
        outbox.current?.confirm(edges.map((e) => e.node.id));
        dispatch({ type: "page", edges, hasPrevious: pageInfo.hasPreviousPage, startCursor: pageInfo.startCursor, endCursor: pageInfo.endCursor });
      },
      () => undefined,
    );
    return () => controller.abort();
  }, [chatId, lang]);

  // News of the chat, or polling while the socket is down.
  useEffect(() => {
    const rt = realtime();
    const stop = rt.subscribe(CHAT_TOPIC(chatId), { pollMs: CHAT_TIMERS.updatePollMs, event: () => void refresh(), resync: () => void refresh() });
    // A socket that is back means a server that is back: what waits in the outbox goes now.
    const stopStatus = rt.onStatus((s) => {
      if (s === "open") outbox.current?.wake();
    });
    return () => {
      stop();
      stopStatus();
    };
  }, [chatId, refresh]);

  // Catch up once the first page is in (a message may have arrived between the page and the subscription).
  useEffect(() => {
    if (state.loaded) void refresh();
  }, [state.loaded, refresh]);

  // The outbox of this chat: what a reload left is sent again at once.
  useEffect(() => {
    const box = new Outbox(chatId, {
      storage: typeof localStorage === "undefined" ? null : localStorage,
      onChange: (items) => setPending([...items]),
      post: async (m) => {
        const res = await sendMessage(chatId, lang, { id: m.id, text: m.text, ...(m.context ? { context: m.context } : {}) });
        if (res.ok) {
          dispatch({ type: "sent", message: res.data });
          return "sent";
        }
        // Seed §8: chat failures are logged.
        console.error("Chat message not sent", res.error.code);
        return sendOutcome(res.error);
      },
    });
    outbox.current = box;
    setPending([...box.items]);
    box.kick();
    const online = () => box.wake();
    window.addEventListener("online", online);
    return () => {
      window.removeEventListener("online", online);
      box.dispose();
      outbox.current = null;
    };
  }, [chatId, lang]);

  // Seed §4: isNew is cleared after 2 s.
  useEffect(() => {
    if (state.freshIds.size === 0) return;
    const ids = [...state.freshIds];
    const timer = setTimeout(() => dispatch({ type: "unfresh", ids }), CHAT_TIMERS.newFlagMs);
    return () => clearTimeout(timer);
  }, [state.freshIds]);

  // Read marks, gathered and sent together.
  const toMark = useRef(new Set<string>());
  const markTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const unreadIds = useRef(state.unreadIds);
  unreadIds.current = state.unreadIds;
  const markVisible = useCallback(
    (id: string) => {
      if (!unreadIds.current.has(id) || toMark.current.has(id)) return;
      toMark.current.add(id);
      if (markTimer.current) return;
      markTimer.current = setTimeout(() => {
        markTimer.current = null;
        const ids = [...toMark.current].slice(0, 100);
        for (const id of ids) toMark.current.delete(id);
        void markRead(chatId, ids).then((res) => {
          // Seed §8: mark-read failures are silent; the message stays unread and is marked again when seen.
          if (!res.ok) return;
          dispatch({ type: "read", ids, unreadCount: res.data.unreadMessagesCount });
          announceUnread(chatId, res.data.unreadMessagesCount);
        });
      }, READ_BATCH_MS);
    },
    [chatId],
  );
  useEffect(
    () => () => {
      if (markTimer.current) clearTimeout(markTimer.current);
    },
    [],
  );

  const loadOlder = useCallback(async () => {
    if (!state.hasPrevious || !state.startCursor || loadingOlder) return;
    setLoadingOlder(true);
    const res = await getMessages(chatId, lang, state.startCursor);
    setLoadingOlder(false);
    if (!res.ok) return;
    const { edges, pageInfo } = res.data;
    dispatch({ type: "older", edges, hasPrevious: pageInfo.hasPreviousPage, startCursor: pageInfo.startCursor });
  }, [chatId, lang, state.hasPrevious, state.startCursor, loadingOlder]);

  const send = useCallback((text: string, context: TChatContext | null, id: string) => {
    outbox.current?.add({ id, text, context, createdAt: new Date().toISOString() });
  }, []);
  const retry = useCallback((id: string) => outbox.current?.retry(id), []);

  return { state, pending, loadingOlder, failedLoad, loadOlder, send, retry, markVisible };
}
