import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Suspense, useEffect, useId, useRef, useState } from "react";
import { useLocation } from "react-router";
import { CHAT_TIMERS, DISTRIBUTION_BOT_ID, type TChat, type TChatSetup } from "../../../domain/chat";
import { isSignedIn } from "../../../domain/user";
import { Button } from "../../components/ui/button";
import { Icon } from "../../components/ui/icon";
import { Spinner } from "../../components/ui/spinner";
import { useTranslation } from "../../i18n/use-translation";
import { type ApiError, ApiFailure, orThrow } from "../../lib/api";
import { QueryScope } from "../../lib/query-client";
import { useLang, useRootData } from "../../root-data";
import { useAuth } from "../auth/use-auth";
import { ApiErrorAlert } from "../orders/api-error-alert";
import { useScenario } from "../scenario/use-scenario";
import { chatKeys, createChat, getChatSetup } from "./chat-calls";
import { chatContextFromPath } from "./chat-context";
import { ChatThread } from "./chat-thread";
import { MentorCard, ReplyTime } from "./mentor-card";
import { MentorPicker } from "./mentor-picker";

export interface ChatWidgetProps {
  open: boolean;
  onClose(): void;
  /** Opens the widget again (after a sign-in that started from it). */
  onOpen(): void;
  panelId: string;
}

/**
 * The learner's chat widget (seed 000 §4, issue 12), loaded on the first open. It stays mounted once
 * loaded (closed is hidden), so a draft and the thread survive closing and opening again. Escape
 * closes it; focus goes into it on opening and back to the chat button on closing.
 */
export default function ChatWidget(props: ChatWidgetProps) {
  return (
    <QueryScope>
      <Suspense fallback={null}>
        <Panel {...props} />
      </Suspense>
    </QueryScope>
  );
}

function Panel({ open, onClose, onOpen, panelId }: ChatWidgetProps) {
  const { t } = useTranslation("chat");
  const { user } = useAuth();
  const titleId = useId();
  const panel = useRef<HTMLElement>(null);
  const signedIn = isSignedIn(user);
  // Focus into the panel when it opens (the composer takes it when there is one).
  useEffect(() => {
    if (!open) return;
    const el = panel.current;
    if (el && !el.contains(document.activeElement))
      requestAnimationFrame(() => el.querySelector<HTMLElement>("textarea, [data-autofocus]")?.focus() ?? el.focus());
  }, [open]);
  // Escape closes the chat while the focus is in it (not while a sign-in popup above it has the focus).
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape" || !panel.current?.contains(e.target as Node)) return;
      e.stopPropagation();
      onClose();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open, onClose]);
  return (
    <section
      ref={panel}
      id={panelId}
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      tabIndex={-1}
      hidden={!open}
      className="fixed bottom-24 end-4 z-50 flex h-[min(36rem,calc(100dvh-8rem))] w-[min(24rem,calc(100vw-2rem))] flex-col overflow-hidden rounded-2xl border border-line bg-surface shadow-2xl focus:outline-none max-sm:inset-0 max-sm:h-dvh max-sm:w-full max-sm:rounded-none"
      data-testid="chat-widget"
    >
      <header className="flex items-start gap-3 border-b border-line bg-primary-soft px-4 py-3">
        <div className="flex min-w-0 flex-1 flex-col">
          <h2 id={titleId} className="font-title text-base font-bold text-ink">
            {t("widget.title")}
          </h2>
          <p className="text-xs text-muted" data-testid="chat-promise">
            {t("widget.promise", { hours: CHAT_TIMERS.replyPromiseHours })}
          </p>
        </div>
        <button
          type="button"
          onClick={onClose}
          aria-label={t("widget.close")}
          className="rounded-full p-1.5 text-muted hover:bg-surface hover:text-ink"
          data-testid="chat-close"
        >
          <Icon name="close" className="size-5" />
        </button>
      </header>
      {signedIn ? <Connected open={open} /> : <SignIn onOpen={onOpen} />}
    </section>
  );
}

/** Seed §6: guests and anonymous sessions see sign-in buttons instead of the input; once signed in, the chat opens. */
function SignIn({ onOpen }: { onOpen(): void }) {
  const { t } = useTranslation("chat");
  const engine = useScenario();
  const start = (scenario: "login" | "sign-in") =>
    void engine.start(scenario, {
      finalize: () => {
        engine.close();
        onOpen();
      },
    });
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-4 p-6 text-center" data-testid="chat-sign-in">
      <Icon name="chat" className="size-10 text-primary" />
      <p className="text-sm text-ink">{t("signIn.text")}</p>
      <div className="flex flex-wrap justify-center gap-2">
        <Button size="sm" onClick={() => start("login")} data-testid="chat-sign-in-button" data-autofocus>
          {t("signIn.signIn")}
        </Button>
        <Button size="sm" variant="outline" onClick={() => start("sign-in")} data-testid="chat-register-button">
          {t("signIn.register")}
        </Button>
      </div>
    </div>
  );
}

/** A signed-in learner: their chat when there is one (connected), else how to start it (empty), by mode. */
function Connected({ open }: { open: boolean }) {
  const { t } = useTranslation("chat");
  const { user } = useAuth();
  const lang = useLang();
  const location = useLocation();
  const client = useQueryClient();
  const key = chatKeys.setup(user.id, lang);
  const setup = useQuery({ queryKey: key, queryFn: ({ signal }) => orThrow(getChatSetup(lang, signal)) });
  if (setup.isPending) {
    return (
      <div className="flex flex-1 items-center justify-center">
        <Spinner label={t("thread.loading")} />
      </div>
    );
  }
  if (setup.isError) {
    return (
      <div className="flex flex-1 flex-col items-center justify-center gap-3 p-6">
        <ApiErrorAlert error={errorOf(setup.error)} />
        <Button size="sm" variant="outline" onClick={() => void setup.refetch()}>
          {t("widget.tryAgain")}
        </Button>
      </div>
    );
  }
  const data = setup.data;
  if (data.chat) {
    const mentor = data.chat.mentor;
    return (
      <>
        <div className="border-b border-line px-4 py-2" data-testid="chat-connected" data-mode={data.chat.mode}>
          {mentor ? (
            <MentorCard mentor={mentor} />
          ) : (
            <p className="text-sm text-muted" data-testid="chat-assigning">
              {data.chat.mentorId === DISTRIBUTION_BOT_ID || !data.chat.mentorId ? t("mode.assigning") : null}
            </p>
          )}
          {mentor ? null : <ReplyTime minutes={data.typicalReplyMinutes} />}
        </div>
        <ChatThread chatId={data.chat.id} viewer="student" context={chatContextFromPath(location.pathname)} focusOnOpen={open} />
      </>
    );
  }
  return <StartChat setup={data} onConnected={(chat) => client.setQueryData<TChatSetup>(key, { ...data, chat })} />;
}

function errorOf(e: unknown): ApiError {
  return e instanceof ApiFailure ? e.error : { kind: "local", code: "INTERNAL", key: "errors:codes.INTERNAL", message: String(e), status: 0 };
}

/** Component state empty (seed §4): single, a campaign's mentor, multiple (the slider) or mentor-chooses. */
function StartChat({ setup, onConnected }: { setup: TChatSetup; onConnected(chat: TChat): void }) {
  const { t } = useTranslation("chat");
  const { user } = useAuth();
  const portalId = useRootData()?.settings.portal.id ?? "";
  const campaign = setup.campaignMentorId ? setup.mentors.find((m) => m.id === setup.campaignMentorId) : undefined;
  const fixed = campaign ?? (setup.mode === "single" ? setup.mentors[0] : undefined);
  const [picked, setPicked] = useState<string | null>(setup.mode === "multiple" && !fixed ? (setup.mentors[0]?.id ?? null) : null);
  const create = useMutation({
    mutationFn: (mentorId: string | undefined) => orThrow(createChat({ learningPortalId: portalId, studentId: user.id, ...(mentorId ? { mentorId } : {}) })),
    onSuccess: onConnected,
  });
  const bot = setup.mode === "mentor-chooses" && !fixed;
  const mentorId = fixed?.id ?? (bot ? undefined : (picked ?? undefined));
  const chosen = setup.mentors.find((m) => m.id === mentorId);
  return (
    <div className="flex flex-1 flex-col gap-4 overflow-y-auto p-4" data-testid="chat-start" data-mode={fixed ? "fixed" : setup.mode}>
      {fixed ? <MentorCard mentor={fixed} /> : null}
      {!fixed && setup.mode === "multiple" ? <MentorPicker mentors={setup.mentors} selected={picked} onSelect={setPicked} /> : null}
      {bot ? (
        <div className="flex flex-col gap-1">
          <p className="text-sm text-ink">{t("mode.botIntro")}</p>
          <ReplyTime minutes={setup.typicalReplyMinutes} />
        </div>
      ) : null}
      {!bot && !fixed && setup.mentors.length === 0 ? <p className="text-sm text-muted">{t("mode.noMentors")}</p> : null}
      {create.isError ? <ApiErrorAlert error={errorOf(create.error)} /> : null}
      <Button
        className="self-stretch"
        onClick={() => create.mutate(mentorId)}
        disabled={create.isPending || (!bot && !mentorId)}
        data-testid="chat-connect"
        data-autofocus
      >
        {create.isPending ? <Spinner className="size-4" label={t("thread.loading")} /> : null}
        {chosen ? t("mode.writeTo", { name: chosen.fullName }) : t("mode.start")}
      </Button>
    </div>
  );
}
