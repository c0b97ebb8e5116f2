import { useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { CHAT_READ_VISIBLE_RATIO, newClientMessageId, SYSTEM_PARTICIPANT_ID, type TChatContext } from "../../../domain/chat";
import { Spinner } from "../../components/ui/spinner";
import { useTranslation } from "../../i18n/use-translation";
import { useLang } from "../../root-data";
import { useAuth } from "../auth/use-auth";
import { Composer } from "./composer";
import { MessageItem, type MessageRow } from "./message-item";
import { type RealtimeStatus, realtime } from "./realtime-client";
import { useChatThread } from "./use-chat-thread";

export interface ChatThreadProps {
  chatId: string;
  viewer: "student" | "mentor";
  /** Where the learner writes from (issue 12 "asked from"); sent with each message. */
  context?: TChatContext | null;
  /** Focus the input when the thread appears (the chat was just opened). */
  focusOnOpen?: boolean;
}

/** Pixels from the bottom within which the thread follows new messages. */
const FOLLOW_PX = 80;
/** Pixels from the top at which older messages are asked for. */
const OLDER_PX = 48;

/**
 * A chat thread with all message behaviour (seed 000 §4, §5; issue 12): the learner's widget and the
 * mentors' inbox both show it. Older messages load 20 at a time on scroll up with the position kept;
 * messages of the other side are marked read once 70% of them is visible; new ones are announced.
 */
export function ChatThread({ chatId, viewer, context = null, focusOnOpen }: ChatThreadProps) {
  const { t } = useTranslation("chat");
  const lang = useLang();
  const { user } = useAuth();
  const { state, pending, loadingOlder, failedLoad, loadOlder, send, retry, markVisible } = useChatThread(chatId, user.id);
  const status = useRealtimeStatus();

  const rows = useMemo<MessageRow[]>(() => {
    const confirmed = new Set(state.messages.map((m) => m.id));
    const me = { id: user.id, fullName: user.fullName, avatarUrl: user.avatar?.url ?? null, isStudent: viewer === "student" };
    return [
      ...state.messages.map((m) => ({
        message: m,
        mine: m.participant.id === user.id,
        status: "sent" as const,
        unread: state.unreadIds.has(m.id),
        fresh: state.freshIds.has(m.id),
      })),
      ...pending
        .filter((p) => !confirmed.has(p.id))
        .map((p) => ({
          message: { id: p.id, text: p.text, createdAt: p.createdAt, participant: me, context: null, readByOther: false },
          mine: true,
          status: p.status,
          unread: false,
          fresh: false,
        })),
    ];
  }, [state.messages, state.unreadIds, state.freshIds, pending, user.id, user.fullName, user.avatar, viewer]);
  const sending = pending.some((p) => p.status === "sending");

  // Scrolling: follow the end when the viewer is there (or just wrote); keep the place when older messages come in above.
  const list = useRef<HTMLDivElement>(null);
  const atEnd = useRef(true);
  const firstId = useRef<string | null>(null);
  const heightBefore = useRef(0);
  useLayoutEffect(() => {
    const el = list.current;
    if (!el) return;
    const first = rows[0]?.message.id ?? null;
    const prepended = firstId.current !== null && first !== firstId.current && rows.some((r) => r.message.id === firstId.current);
    if (prepended) el.scrollTop += el.scrollHeight - heightBefore.current;
    else if (atEnd.current || rows.at(-1)?.mine) el.scrollTop = el.scrollHeight;
    firstId.current = first;
    heightBefore.current = el.scrollHeight;
  }, [rows]);
  const onScroll = () => {
    const el = list.current;
    if (!el) return;
    atEnd.current = el.scrollHeight - el.scrollTop - el.clientHeight < FOLLOW_PX;
    heightBefore.current = el.scrollHeight;
    if (el.scrollTop < OLDER_PX) void loadOlder();
  };
  // A first page shorter than the box cannot be scrolled: ask for more until it fills or ends.
  useEffect(() => {
    const el = list.current;
    if (el && state.loaded && state.hasPrevious && el.scrollHeight <= el.clientHeight) void loadOlder();
  }, [state.loaded, state.hasPrevious, state.messages.length, loadOlder]);

  // Read marking at 70% visibility (seed §9).
  const observer = useRef<IntersectionObserver | null>(null);
  const watched = useRef(new Map<Element, string>());
  useEffect(() => {
    if (typeof IntersectionObserver === "undefined") return;
    const io = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const id = watched.current.get(entry.target);
          if (!id || !entry.isIntersecting) continue;
          const tall = entry.rootBounds ? entry.intersectionRect.height >= entry.rootBounds.height * CHAT_READ_VISIBLE_RATIO : false;
          if (entry.intersectionRatio >= CHAT_READ_VISIBLE_RATIO || tall) markVisible(id);
        }
      },
      { root: list.current, threshold: [0, 0.25, 0.5, CHAT_READ_VISIBLE_RATIO, 1] },
    );
    observer.current = io;
    for (const el of watched.current.keys()) io.observe(el);
    return () => {
      io.disconnect();
      observer.current = null;
    };
  }, [markVisible]);
  const watch = (id: string, unread: boolean) => (el: HTMLLIElement | null) => {
    if (!el || !unread) return;
    watched.current.set(el, id);
    observer.current?.observe(el);
    return () => {
      watched.current.delete(el);
      observer.current?.unobserve(el);
    };
  };

  // The newest message of the other side is read out once (aria-live), not the whole list again.
  const lastTheirs = [...state.messages].reverse().find((m) => m.participant.id !== user.id);
  const [announced, setAnnounced] = useState("");
  const seen = useRef<string | null>(null);
  useEffect(() => {
    if (!state.loaded || !lastTheirs) return;
    if (seen.current === null) {
      seen.current = lastTheirs.id; // what was there on opening is not news
      return;
    }
    if (seen.current === lastTheirs.id) return;
    seen.current = lastTheirs.id;
    setAnnounced(
      lastTheirs.participant.id === SYSTEM_PARTICIPANT_ID
        ? lastTheirs.text
        : t("announce.message", { name: lastTheirs.participant.fullName, text: lastTheirs.text }),
    );
  }, [state.loaded, lastTheirs, t]);

  return (
    <div className="flex min-h-0 flex-1 flex-col" data-testid="chat-thread" data-chat={chatId}>
      {status === "reconnecting" ? (
        <p role="status" className="border-b border-line bg-surface-alt px-4 py-1 text-xs text-muted" data-testid="chat-reconnecting">
          {t("thread.reconnecting")}
        </p>
      ) : null}
      <div
        ref={list}
        onScroll={onScroll}
        className="min-h-0 flex-1 overflow-y-auto focus-visible:outline-2 focus-visible:outline-offset-[-2px]"
        data-testid="chat-scroll"
      >
        <ol aria-label={t("thread.label")} className="flex flex-col gap-3 px-4 py-3" data-testid="chat-messages">
          {state.hasPrevious ? (
            <li className="flex justify-center">
              <button
                type="button"
                onClick={() => void loadOlder()}
                className="text-xs font-semibold text-primary-strong hover:underline"
                data-testid="chat-older"
              >
                {loadingOlder ? <Spinner className="size-4" label={t("thread.loading")} /> : t("thread.older")}
              </button>
            </li>
          ) : null}
          {!state.loaded && !failedLoad ? (
            <li className="flex justify-center py-6">
              <Spinner className="size-6" label={t("thread.loading")} />
            </li>
          ) : null}
          {failedLoad ? <li className="py-6 text-center text-sm text-muted">{t("thread.loadFailed")}</li> : null}
          {state.loaded && rows.length === 0 ? (
            <li className="py-6 text-center text-sm text-muted" data-testid="chat-empty">
              {viewer === "student" ? t("thread.emptyStudent") : t("thread.emptyMentor")}
            </li>
          ) : null}
          {rows.map((row) => (
            <MessageItem key={row.message.id} ref={watch(row.message.id, row.unread)} {...row} lang={lang} onRetry={retry} />
          ))}
        </ol>
      </div>
      <div className="sr-only" aria-live="polite" data-testid="chat-announce">
        {announced}
      </div>
      <Composer sending={sending} focusOnOpen={focusOnOpen} onSend={(text) => send(text, viewer === "student" ? context : null, newClientMessageId())} />
    </div>
  );
}

function useRealtimeStatus(): RealtimeStatus {
  const [status, setStatus] = useState<RealtimeStatus>("idle");
  useEffect(() => {
    const rt = realtime();
    setStatus(rt.status);
    return rt.onStatus(setStatus);
  }, []);
  return status;
}
