import { useEffect, useRef, useState } from "react";
import { useTranslation } from "../i18n/use-translation";
import { data } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { ZConnectComplete, ZConnectStatus } from "../../domain/api-replies";
import { isAppError } from "../../domain/errors";
import {
  CONNECT_CODE_TTL_MS,
  CONNECT_COOKIE,
  CONNECT_POLL_MS,
  type CodeMessenger,
  formatConnectCode,
  MESSENGER_NAMES,
  telegramBotName,
  ZMessenger,
} from "../../domain/messengers";
import { localized } from "../../domain/localized";
import { TELEGRAM_WIDGET_SCRIPT } from "../../domain/providers";
import { isSafeReturnPath } from "../../domain/validation/return-path";
import { Alert } from "../components/ui/alert";
import { buttonClass } from "../components/ui/button";
import { Container } from "../components/ui/container";
import { readCookie } from "../cookies";
import { errorLang, throwNotFound } from "../features/errors/error-pages.server";
import { ApiFailure, api } from "../lib/api";
import { QueryScope, queryKeys } from "../lib/query-client";
import { i18nFor } from "../i18n/instance";
import type { Route } from "./+types/connect";
import type { PacksHandle } from "../i18n/page-packs";

/**
 * /{lang}/connect/{messenger} (seed 001 §2): the messenger sign-in page. WhatsApp, Viber and
 * Messenger show this browser's one-time code and a link to the bot, and wait for the bot to
 * confirm (docs/decisions/0009); Telegram shows its Login Widget. /connect/{messenger} starts here.
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const settings = await context.settings();
  const parsed = ZMessenger.safeParse(params.messenger);
  if (!parsed.success || !settings.providers.messengers.includes(parsed.data)) return throwNotFound(context, await errorLang(context, request, params.lang));
  const messenger = parsed.data;
  const lang = params.lang;
  const url = new URL(request.url);
  const i18n = i18nFor(lang, await context.services.packs.resources(lang));
  const site = localized(settings.portal.title, lang, settings.portal.i18n.primaryLang);
  const title = `${i18n.t("social:connect.title", { messenger: MESSENGER_NAMES[messenger] })} | ${site}`;

  if (messenger === "telegram") {
    const returnTo = url.searchParams.get("quick_link") ?? `/${lang}/`;
    if (!isSafeReturnPath(returnTo)) throw data({ kind: "page-missing", message: "ERR_REDIRECT" }, { status: 400 });
    const bot = telegramBotName(settings.environment.integrations.messengers.telegram?.endpoint ?? "");
    if (!bot) return throwNotFound(context, lang);
    const origin = context.origin;
    const authUrl = `${origin}/connect/telegram/callback?${new URLSearchParams({ quick_link: returnTo, lang })}`;
    return { kind: "telegram" as const, messenger, title, bot, authUrl };
  }

  const codeMessenger = messenger as CodeMessenger;
  const start = (returnTo?: string) => `/connect/${codeMessenger}?${new URLSearchParams({ ...(returnTo ? { quick_link: returnTo } : {}), lang })}`;
  try {
    const view = await context.services.messengers.view(codeMessenger, readCookie(request.headers.get("cookie"), CONNECT_COOKIE) ?? undefined);
    return {
      kind: "code" as const,
      messenger,
      title,
      code: formatConnectCode(view.code),
      deepLink: view.deepLink,
      state: view.state,
      newCodeHref: start(view.returnTo),
    };
  } catch (e) {
    if (isAppError(e, "CONNECT_CODE_INVALID")) return { kind: "missing" as const, messenger, title, newCodeHref: start() };
    throw e;
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }, { name: "robots", content: "noindex" }] : []);

type Phase = "pending" | "confirmed" | "expired" | "completed" | "failed";

/** Asks every few seconds whether the bot has confirmed; once it has, finishes the sign-in (once). */
function useConnectProgress(code: string, initial: Phase): Phase {
  const [failed, setFailed] = useState(false);
  const finishing = useRef(false);
  const status = useQuery({
    queryKey: queryKeys.connectStatus(code),
    queryFn: async ({ signal }): Promise<Phase> => {
      const res = await api.get("/api/messengers/connect/status", ZConnectStatus, signal);
      if (res.ok) return res.data.state;
      // 404: this browser's flow is gone (another tab started a new one); other errors (offline for
      // a moment included): ask again at the next tick.
      if (res.error.status === 404) return "failed";
      throw new ApiFailure(res.error);
    },
    // The page came with the state: the first question waits a full interval.
    initialData: initial,
    staleTime: CONNECT_POLL_MS,
    refetchInterval: (query) => (query.state.data === "pending" ? CONNECT_POLL_MS : false),
    refetchIntervalInBackground: true,
  });
  const phase: Phase = failed ? "failed" : status.data;

  useEffect(() => {
    if (phase !== "confirmed" || finishing.current) return;
    finishing.current = true;
    void api.post("/api/messengers/connect/complete", ZConnectComplete).then((res) => {
      // A full load: the new session (or the newly linked messenger) is in effect everywhere.
      if (res.ok && isSafeReturnPath(res.data.returnTo)) window.location.assign(res.data.returnTo);
      else setFailed(true);
    });
  }, [phase]);

  return phase;
}

function CodePage({ loaderData }: { loaderData: Extract<Route.ComponentProps["loaderData"], { kind: "code" }> }) {
  const { t } = useTranslation("social");
  const name = MESSENGER_NAMES[loaderData.messenger];
  const phase = useConnectProgress(loaderData.code, loaderData.state);
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard?.writeText(loaderData.code.replace("-", "")).then(
      () => setCopied(true),
      () => undefined,
    );
  };
  const over = phase === "expired" || phase === "failed" || phase === "completed";
  return (
    <>
      <p className="text-muted">{t("connect.intro", { messenger: name })}</p>
      <ol className="flex list-decimal flex-col gap-5 ps-6 text-ink marker:font-bold">
        <li className="ps-1">
          <div className="flex flex-col items-start gap-3">
            {loaderData.deepLink ? (
              <>
                <span>{t("connect.stepOpen", { messenger: name })}</span>
                <a href={loaderData.deepLink} className={buttonClass("flat", "md")} data-testid="connect-open" rel="noopener">
                  {t("connect.open", { messenger: name })}
                </a>
              </>
            ) : (
              <span>{t("connect.noLink", { messenger: name })}</span>
            )}
          </div>
        </li>
        <li className="ps-1">
          <div className="flex flex-col items-start gap-3">
            <span id="connect-code-label">{t("connect.stepSend")}</span>
            <div className="flex flex-wrap items-center gap-3">
              <code
                dir="ltr"
                aria-labelledby="connect-code-label"
                className="rounded-md border-2 border-dashed border-primary bg-primary-soft px-4 py-2 font-mono text-2xl font-bold tracking-widest text-ink"
                data-testid="connect-code"
              >
                {loaderData.code}
              </code>
              <button type="button" onClick={copy} className={buttonClass("outline", "sm")}>
                {t("connect.copy")}
              </button>
            </div>
            <p className="text-sm text-muted" aria-live="polite">
              {copied ? t("connect.copied") : t("connect.expires", { minutes: CONNECT_CODE_TTL_MS / 60_000 })}
            </p>
          </div>
        </li>
      </ol>
      <div role="status" aria-live="polite" className="flex items-center gap-3" data-testid="connect-status" data-state={phase}>
        {phase === "pending" || phase === "confirmed" ? (
          <span className="size-5 animate-spin rounded-full border-[3px] border-primary border-t-transparent" aria-hidden="true" />
        ) : null}
        {phase === "pending" ? <span>{t("connect.waiting")}</span> : null}
        {phase === "confirmed" ? <span>{t("connect.confirmed")}</span> : null}
      </div>
      {over ? (
        <Alert tone="danger" title={t(phase === "expired" ? "connect.expired" : "connect.failed")}>
          <a href={loaderData.newCodeHref} className="font-semibold text-primary-strong underline" data-testid="connect-new-code">
            {t("connect.newCode")}
          </a>
        </Alert>
      ) : null}
    </>
  );
}

/**
 * Telegram's Login Widget: its script draws the button where the script element stands, so it is
 * added to the page after hydration (React does not run scripts it renders).
 */
function TelegramWidget({ bot, authUrl, lang }: { bot: string; authUrl: string; lang: string }) {
  const { t } = useTranslation("social");
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const script = document.createElement("script");
    script.async = true;
    script.src = TELEGRAM_WIDGET_SCRIPT;
    script.dataset.telegramLogin = bot;
    script.dataset.size = "large";
    script.dataset.authUrl = authUrl;
    script.dataset.requestAccess = "write";
    script.dataset.lang = lang;
    el.appendChild(script);
    return () => script.remove();
  }, [bot, authUrl, lang]);
  return (
    <div>
      <div ref={box} aria-label={t("telegram.widget")} role="group" className="min-h-12" data-testid="telegram-widget" />
      <noscript>
        <p className="text-muted">{t("telegram.noScript")}</p>
      </noscript>
    </div>
  );
}

/** The language packs this screen adds to the page's (docs/decisions/0020-lean-client.md). */
export const handle: PacksHandle = { packs: ["social"] };

export default function Connect({ loaderData, params }: Route.ComponentProps) {
  const { t } = useTranslation("social");
  const name = MESSENGER_NAMES[loaderData.messenger];
  return (
    <Container className="py-10">
      <section className="mx-auto flex max-w-xl flex-col gap-6" aria-labelledby="connect-title" data-testid={`connect-${loaderData.messenger}`}>
        <h1 id="connect-title" className="font-title text-3xl font-bold text-ink">
          {loaderData.kind === "telegram" ? t("telegram.title") : t("connect.title", { messenger: name })}
        </h1>
        {loaderData.kind === "telegram" ? (
          <>
            <p className="text-muted">{t("telegram.intro")}</p>
            <TelegramWidget bot={loaderData.bot} authUrl={loaderData.authUrl} lang={params.lang} />
          </>
        ) : null}
        {loaderData.kind === "code" ? (
          <QueryScope>
            <CodePage loaderData={loaderData} />
          </QueryScope>
        ) : null}
        {loaderData.kind === "missing" ? (
          <>
            <p className="text-ink">{t("connect.missing", { messenger: name })}</p>
            <a href={loaderData.newCodeHref} className={buttonClass("flat", "md", "self-start")} data-testid="connect-new-code">
              {t("connect.start", { messenger: name })}
            </a>
          </>
        ) : null}
      </section>
    </Container>
  );
}
