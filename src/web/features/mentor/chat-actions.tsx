import { useState } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Button } from "../../components/ui/button";
import { Icon } from "../../components/ui/icon";
import { SelectField } from "../../components/ui/select-field";
import { useTranslation } from "../../i18n/use-translation";
import { ApiFailure, orThrow } from "../../lib/api";
import { useLang } from "../../root-data";
import { ApiErrorAlert } from "../orders/api-error-alert";
import { assignChat, mentorKeys, resolveChat, type TInboxChatDetail } from "./mentor-calls";

/** Mark resolved (any mentor of the chat; it reopens when the learner writes) and, for leaders, reassign. */
export function ChatActions({ detail, leader }: { detail: TInboxChatDetail; leader: boolean }) {
  const { t } = useTranslation("mentor");
  const lang = useLang();
  const client = useQueryClient();
  const [mentorId, setMentorId] = useState("");
  const [done, setDone] = useState<"" | "resolved" | "assigned">("");
  const refresh = () => void client.invalidateQueries({ queryKey: mentorKeys.all });
  const resolve = useMutation({
    mutationFn: () => orThrow(resolveChat(detail.id, lang)),
    onSuccess: () => setDone("resolved"),
    onSettled: refresh,
  });
  const assign = useMutation({
    mutationFn: (id: string) => orThrow(assignChat(detail.id, id, lang)),
    onSuccess: () => {
      setMentorId("");
      setDone("assigned");
    },
    onSettled: refresh,
  });
  const error = resolve.error ?? assign.error;
  const options = detail.assignable
    .filter((m) => m.id !== detail.chat.mentor?.id)
    .map((m) => ({
      value: m.id,
      label: t("assign.option", { name: m.fullName, count: m.openChats, state: m.available ? t("assign.available") : t("assign.away") }),
    }));
  return (
    <section aria-labelledby="chat-actions-title" className="flex flex-col gap-4" data-testid="chat-actions">
      <h3 id="chat-actions-title" className="font-title text-lg font-bold text-ink">
        {t("actions.title")}
      </h3>
      <p className="sr-only" aria-live="polite" data-testid="chat-actions-status">
        {done ? t(`actions.done.${done}`) : ""}
      </p>
      {error instanceof ApiFailure ? <ApiErrorAlert error={error.error} /> : null}
      <p className="text-sm text-muted">
        {t("actions.assignedTo")}{" "}
        <span className="font-semibold text-ink" data-testid="chat-mentor-name">
          {detail.mentorName ?? t("actions.unassigned")}
        </span>
      </p>
      {detail.status === "open" ? (
        <Button variant="outline" size="sm" disabled={resolve.isPending} onClick={() => resolve.mutate()} data-testid="chat-resolve">
          <Icon name="check" className="size-4" />
          {t("actions.resolve")}
        </Button>
      ) : (
        <p className="rounded-component bg-success/10 p-3 text-sm text-ink" data-testid="chat-resolved">
          <span className="font-semibold text-success">{t("status.resolved")}</span> {t("actions.reopensHint")}
        </p>
      )}
      {leader && options.length > 0 ? (
        <form
          className="flex flex-col gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (mentorId) assign.mutate(mentorId);
          }}
        >
          <SelectField
            label={t("assign.label")}
            placeholder={t("assign.placeholder")}
            options={options}
            value={mentorId}
            onChange={(e) => setMentorId(e.target.value)}
            data-testid="chat-assign-select"
          />
          <Button type="submit" size="sm" disabled={!mentorId || assign.isPending} data-testid="chat-assign">
            {t("assign.submit")}
          </Button>
        </form>
      ) : null}
    </section>
  );
}
