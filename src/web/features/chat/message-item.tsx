import { forwardRef } from "react";
import { Link } from "react-router";
import { SYSTEM_PARTICIPANT_ID, type TChatMessage } from "../../../domain/chat";
import { cn } from "../../components/ui/cn";
import { Icon } from "../../components/ui/icon";
import { useTranslation } from "../../i18n/use-translation";
import { isSitePath } from "./chat-context";
import { MessageText } from "./message-text";
import { useInstantFormat } from "../../lib/use-instant-format";

export interface MessageRow {
  message: Pick<TChatMessage, "id" | "text" | "createdAt" | "participant" | "context" | "readByOther">;
  mine: boolean;
  status: "sending" | "sent" | "sending-failed";
  unread: boolean;
  fresh: boolean;
}

export interface MessageItemProps extends MessageRow {
  lang: string;
  onRetry(id: string): void;
}

const TIME_OPTIONS: Intl.DateTimeFormatOptions = { hour: "2-digit", minute: "2-digit", day: "numeric", month: "short" };

/** One message: the other side's at the start, the viewer's at the end; the distribution bot's as a centred note. */
export const MessageItem = forwardRef<HTMLLIElement, MessageItemProps>(function MessageItem({ message, mine, status, unread, fresh, lang, onRetry }, ref) {
  const { t } = useTranslation("chat");
  const formatTime = useInstantFormat(lang, TIME_OPTIONS);
  const system = message.participant.id === SYSTEM_PARTICIPANT_ID;
  const common = {
    ref,
    "data-testid": "chat-message",
    "data-id": message.id,
    "data-status": status,
    "data-unread": unread ? "true" : undefined,
    "data-new": fresh ? "true" : undefined,
  };
  if (system) {
    return (
      <li {...common} data-kind="system" className="flex justify-center">
        <p dir="auto" className="max-w-[85%] rounded-xl bg-surface-alt px-3 py-1.5 text-center text-xs text-muted">
          <span className="sr-only">{t("message.system")}: </span>
          <MessageText text={message.text} />
        </p>
      </li>
    );
  }
  const ctx = message.context;
  const where = ctx
    ? [ctx.courseTitle, ctx.elementTitle && ctx.elementNumber ? `${t(`context.kind.${ctx.kind}`)} ${ctx.elementNumber}` : ctx.elementTitle]
        .filter(Boolean)
        .join(" / ")
    : "";
  return (
    <li {...common} data-kind={mine ? "mine" : "theirs"} className={cn("flex flex-col gap-1", mine ? "items-end" : "items-start")}>
      {mine ? null : (
        <span dir="auto" className="px-1 text-xs font-semibold text-muted">
          {message.participant.fullName}
        </span>
      )}
      <div
        dir="auto"
        className={cn(
          "max-w-[85%] whitespace-pre-wrap rounded-2xl px-3.5 py-2 text-sm [overflow-wrap:anywhere] transition-shadow",
          mine ? "rounded-ee-md bg-primary text-white" : "rounded-es-md bg-surface-alt text-ink",
          fresh && "ring-2 ring-primary/40",
          status === "sending-failed" && "opacity-80",
        )}
      >
        <MessageText text={message.text} />
      </div>
      {where && ctx ? (
        <p className="px-1 text-xs text-muted" data-testid="chat-message-context">
          {t("context.askedFrom")}{" "}
          {isSitePath(ctx.path) ? (
            <Link to={ctx.path} className="underline underline-offset-2">
              {where}
            </Link>
          ) : (
            where
          )}
        </p>
      ) : null}
      <p className="flex items-center gap-2 px-1 text-xs text-muted">
        <time dateTime={message.createdAt}>{Number.isNaN(Date.parse(message.createdAt)) ? "" : formatTime(message.createdAt)}</time>
        {mine ? (
          status === "sending" ? (
            <span data-testid="chat-status">{t("status.sending")}</span>
          ) : status === "sending-failed" ? (
            <>
              <span className="text-danger" data-testid="chat-status">
                {t("status.failed")}
              </span>
              <button
                type="button"
                onClick={() => onRetry(message.id)}
                className="inline-flex items-center gap-1 rounded-full px-2 py-0.5 font-semibold text-primary-strong underline-offset-2 hover:underline focus-visible:outline-2"
                data-testid="chat-retry"
              >
                <Icon name="refresh" className="size-3.5" />
                {t("status.retry")}
              </button>
            </>
          ) : (
            <span data-testid="chat-status" className="inline-flex items-center gap-1">
              <Icon name="check" className="size-3.5" />
              {message.readByOther ? t("status.read") : t("status.sent")}
            </span>
          )
        ) : null}
      </p>
    </li>
  );
});
