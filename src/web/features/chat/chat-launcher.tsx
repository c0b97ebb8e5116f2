import { Suspense, useCallback, useEffect, useState } from "react";
import { useMatches } from "react-router";
import { CHAT_TIMERS, HELLO_COOKIE, USER_TOPIC } from "../../../domain/chat-rules";
import { isSignedIn } from "../../../domain/user";
import { Icon } from "../../components/ui/icon";
import { readCookie, writeBrowserCookie } from "../../cookies";
import { useTranslation } from "../../i18n/use-translation";
import { lazyPart } from "../../lib/lazy-part";
import { useAuth } from "../auth/use-auth";
import type { RailButton } from "../shell/floating-rail";
import { cn } from "../../components/ui/cn";
import { realtime } from "./realtime-client";
import { fetchUnreadCount } from "./unread-check";
import { OPEN_CHAT_EVENT, UNREAD_EVENT, type UnreadDetail } from "./launcher-events";

/** The widget, its thread, zod and the chat pack load when the chat is first wanted (docs/decisions/0020-lean-client.md). */
const widget = lazyPart(() => import("./chat-widget"));

export const CHAT_PANEL_ID = "mentor-chat";

/** Course and element pages: there the hello bubble stays off small screens (seed §4). */
const COURSE_ROUTES = new Set(["lang-courses-courseId", "lesson-id", "test-id", "webinar-id"]);

/**
 * The chat's part of the default layout (seed §2.2): the rail's connect_to_mentor button with the
 * unread count, the hello bubble, and the widget once opened. Small on purpose: the unread check is a
 * plain fetch plus the realtime client; everything else is fetched on intent or on the first open.
 */
export function useChatLauncher(): { rail: RailButton; overlay: React.ReactNode } {
  const { t } = useTranslation("shell");
  const { user } = useAuth();
  const signedIn = isSignedIn(user);
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const unread = useUnreadCount(signedIn ? user.id : null);
  const hello = useHelloBubble();
  const onCoursePage = useMatches().some((m) => COURSE_ROUTES.has(m.id));

  // Seed §4: resetting (the account changed: signed out, another one signed in) clears the chat and hides it.
  // Signing in from the widget keeps it open: the chat then opens for the new account.
  const [owner, setOwner] = useState({ id: user.id, signedIn });
  if (owner.id !== user.id || owner.signedIn !== signedIn) {
    setOwner({ id: user.id, signedIn });
    if (owner.signedIn) {
      setOpen(false);
      setWanted(false);
    }
  }

  const toggle = useCallback(() => {
    setWanted(true);
    setOpen((o) => !o);
  }, []);
  // "Ask my mentor privately" (launcher-events.ts) opens the chat on the question it sent.
  useEffect(() => {
    const show = () => {
      setWanted(true);
      setOpen(true);
    };
    window.addEventListener(OPEN_CHAT_EVENT, show);
    return () => window.removeEventListener(OPEN_CHAT_EVENT, show);
  }, []);
  const close = useCallback(() => {
    setOpen(false);
    // Focus goes back to what opened the chat.
    requestAnimationFrame(() => document.querySelector<HTMLElement>('[data-rail="connect_to_mentor"]')?.focus());
  }, []);

  // Seed §4's hello bubble, above the rail's buttons.
  const note =
    hello.show && !open ? (
      <div
        className={cn(
          "flex max-w-xs items-start gap-2 rounded-2xl border border-line bg-surface p-3 text-sm text-ink shadow-lg",
          onCoursePage && "max-sm:hidden",
        )}
        data-testid="chat-hello"
      >
        <button type="button" className="flex-1 text-start" onClick={toggle} onPointerEnter={() => void widget.preload().catch(() => undefined)}>
          {t("chat.hello", { hours: CHAT_TIMERS.replyPromiseHours })}
        </button>
        <button
          type="button"
          onClick={hello.dismiss}
          aria-label={t("chat.helloDismiss")}
          className="rounded-full p-0.5 text-muted hover:text-ink"
          data-testid="chat-hello-dismiss"
        >
          <Icon name="close" className="size-4" />
        </button>
      </div>
    ) : undefined;

  const rail: RailButton = {
    id: "connect_to_mentor",
    visible: true,
    onClick: toggle,
    onIntent: () => void widget.preload().catch(() => undefined),
    badge: unread,
    badgeLabel: t("chat.unread", { count: unread }),
    expanded: open,
    controls: CHAT_PANEL_ID,
    note,
  };

  const overlay = (
    <>
      {wanted ? (
        <Suspense fallback={null}>
          <widget.Component open={open} onClose={close} onOpen={() => setOpen(true)} panelId={CHAT_PANEL_ID} />
        </Suspense>
      ) : null}
    </>
  );
  return { rail, overlay };
}

/** The unread count of the signed-in learner: at once, on every `user:` event, and every 15 s while the socket is down. */
function useUnreadCount(userId: string | null): number {
  const [count, setCount] = useState(0);
  useEffect(() => {
    setCount(0);
    if (!userId) return;
    let alive = true;
    const check = () =>
      void fetchUnreadCount().then((n) => {
        if (alive && n !== null) setCount(n);
      });
    check();
    const stop = realtime().subscribe(USER_TOPIC(userId), { pollMs: CHAT_TIMERS.unreadCheckMs, event: check, resync: check });
    const onThread = (e: Event) => {
      // One chat per learner on this portal: its count is the learner's count (the next check confirms it).
      const detail = (e as CustomEvent<UnreadDetail>).detail;
      if (typeof detail?.unreadMessagesCount === "number") setCount(detail.unreadMessagesCount);
      check();
    };
    window.addEventListener(UNREAD_EVENT, onThread);
    return () => {
      alive = false;
      stop();
      window.removeEventListener(UNREAD_EVENT, onThread);
    };
  }, [userId]);
  return count;
}

/** Seed §4: the hello bubble shows until dismissed (cookie hideChatHelloMsg, 30 days). Read after mount: the server page never has it. */
function useHelloBubble() {
  const [show, setShow] = useState(false);
  useEffect(() => {
    setShow(readCookie(document.cookie, HELLO_COOKIE) === null);
  }, []);
  const dismiss = useCallback(() => {
    writeBrowserCookie(HELLO_COOKIE, "1", CHAT_TIMERS.helloCookieDays * 24 * 60 * 60);
    setShow(false);
  }, []);
  return { show, dismiss };
}
