import { useCallback, useEffect, useReducer, useRef, useState } from "react";
import type { TAwardRef } from "../../../domain/award-ref";
import { DISCUSSION_TOPIC, newDiscussionPostId } from "../../../domain/discussion";
import { CHAT_TIMERS } from "../../../domain/chat-rules";
import type { ApiError, ApiResult } from "../../lib/api";
import type { RealtimeEvent } from "../chat/realtime-client";
import { useLiveTopics } from "../live/use-live-topics";
import { createPost, deletePost, editPost, getEntry, getOlderReplies, getThread, reportPost } from "./discussion-calls";
import { emptyThread, isSending, threadReducer, type PendingPost } from "./thread-state";

/** What an action of the thread came to: done, or the API's typed error to show translated. */
export type Outcome = { ok: true } | { ok: false; error: ApiError };
const outcome = (res: ApiResult<unknown>): Outcome => (res.ok ? { ok: true } : { ok: false, error: res.error });

/**
 * One discussion thread's data: the first page, older pages and older replies on request, live
 * changes (`discussion:{id}`: the entry an event names is read again; after a reconnect or every 30 s
 * while the socket is down, the first page), and writing with client-made ids: a post shows as
 * sending at once, and a failed one keeps its id, so its retry never posts twice.
 */
export function useDiscussionThread(discussionId: string, lang: string, onAwards: (awards: TAwardRef[]) => void) {
  const [state, dispatch] = useReducer(threadReducer, emptyThread);
  const [loadError, setLoadError] = useState<ApiError | null>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const awardsRef = useRef(onAwards);
  awardsRef.current = onAwards;
  const loaded = useRef(false);
  loaded.current = state.loaded;

  const readFirstPage = useCallback(async () => {
    const res = await getThread(discussionId, lang);
    if (!res.ok) {
      // A closed or refused discussion says so; a passing failure of a refresh keeps what is shown.
      if (!loaded.current || res.error.status === 403 || res.error.status === 404) setLoadError(res.error);
      return;
    }
    setLoadError(null);
    dispatch({ type: loaded.current ? "fresh" : "page", page: res.data });
  }, [discussionId, lang]);

  useEffect(() => {
    void readFirstPage();
  }, [readFirstPage]);

  /** One post as it is now (a live event named it, or a mentor just moderated it). */
  const refreshPost = useCallback(
    (postId: string) =>
      void getEntry(discussionId, postId, lang).then((res) => {
        if (res.ok) dispatch({ type: "entry", entry: res.data });
        else if (res.error.status === 404) dispatch({ type: "gone", id: postId });
      }),
    [discussionId, lang],
  );
  const onLive = useCallback(
    (event?: RealtimeEvent) => {
      if (!loaded.current) return;
      if (!event || event.kind === "switched") return void readFirstPage();
      refreshPost(event.id);
    },
    [readFirstPage, refreshPost],
  );
  // docs/api/discussions.md: realtime, with the first page every 30 s while the socket is down.
  useLiveTopics([DISCUSSION_TOPIC(discussionId)], onLive, CHAT_TIMERS.updatePollMs);

  const loadOlder = useCallback(async () => {
    if (!state.nextCursor || loadingOlder) return;
    setLoadingOlder(true);
    const res = await getThread(discussionId, lang, state.nextCursor);
    setLoadingOlder(false);
    if (res.ok) dispatch({ type: "older", page: res.data });
  }, [discussionId, lang, state.nextCursor, loadingOlder]);

  const loadOlderReplies = useCallback(
    async (postId: string, before: string): Promise<Outcome> => {
      const res = await getOlderReplies(discussionId, postId, before, lang);
      if (res.ok) dispatch({ type: "older-replies", postId, items: res.data.items, olderReplies: res.data.olderReplies });
      return outcome(res);
    },
    [discussionId, lang],
  );

  const deliver = useCallback(
    async (p: Pick<PendingPost, "id" | "text" | "parentId">) => {
      const res = await createPost(discussionId, lang, { id: p.id, text: p.text, ...(p.parentId ? { parentId: p.parentId } : {}) });
      if (!res.ok) return dispatch({ type: "failed", id: p.id, error: res.error });
      const { awards, ...post } = res.data;
      dispatch({ type: "created", post });
      if (awards.length > 0) awardsRef.current(awards);
    },
    [discussionId, lang],
  );

  /** Writes a post (parentId null) or a reply, already checked by the composer. */
  const send = useCallback(
    (text: string, parentId: string | null) => {
      const id = newDiscussionPostId();
      dispatch({ type: "send", id, text, parentId });
      void deliver({ id, text, parentId });
    },
    [deliver],
  );

  const retry = useCallback(
    (p: PendingPost) => {
      dispatch({ type: "retry", id: p.id });
      void deliver(p);
    },
    [deliver],
  );
  const discard = useCallback((id: string) => dispatch({ type: "discard", id }), []);

  const edit = useCallback(
    async (postId: string, text: string): Promise<Outcome> => {
      const res = await editPost(discussionId, postId, lang, text);
      if (res.ok) dispatch({ type: "replaced", post: res.data });
      return outcome(res);
    },
    [discussionId, lang],
  );

  const remove = useCallback(
    async (postId: string): Promise<Outcome> => {
      const res = await deletePost(discussionId, postId);
      if (res.ok) dispatch({ type: "deleted", id: postId });
      return outcome(res);
    },
    [discussionId],
  );

  const report = useCallback(
    async (postId: string, reason: string): Promise<Outcome> => outcome(await reportPost(discussionId, postId, reason)),
    [discussionId],
  );

  return {
    state,
    loadError,
    sending: isSending(state),
    loadingOlder,
    retryLoad: readFirstPage,
    loadOlder,
    loadOlderReplies,
    send,
    retry,
    discard,
    edit,
    remove,
    report,
    refreshPost,
  };
}

export type DiscussionThreadApi = ReturnType<typeof useDiscussionThread>;
