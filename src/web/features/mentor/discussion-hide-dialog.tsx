import { useRef, useState } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { DISCUSSION_LIMITS } from "../../../domain/discussion";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { TextArea } from "../../components/ui/text-area";
import { useTranslation } from "../../i18n/use-translation";
import { ApiFailure, orThrow } from "../../lib/api";
import { useLang } from "../../root-data";
import { ApiErrorAlert } from "../orders/api-error-alert";
import { discussionKeys, hidePost } from "./discussion-calls";

/**
 * Hiding a post asks why (required, at most 500 characters): its author sees the reason, other
 * learners no longer see the post, and its open reports are resolved by it. The dialog closes only
 * once the server has hidden it and the lists are read again.
 */
export function HideDialog({
  postId,
  open,
  onOpenChange,
  onHidden,
}: {
  postId: string;
  open: boolean;
  onOpenChange(open: boolean): void;
  onHidden?: () => void;
}) {
  const { t } = useTranslation("mentor");
  const lang = useLang();
  const client = useQueryClient();
  const [reason, setReason] = useState("");
  const [blank, setBlank] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);
  const hide = useMutation({
    mutationFn: (text: string) => orThrow(hidePost(postId, text, lang)),
    onSuccess: async () => {
      onHidden?.();
      await client.invalidateQueries({ queryKey: discussionKeys.all });
      setReason("");
      onOpenChange(false);
    },
  });
  const change = (next: boolean) => {
    if (hide.isPending) return;
    if (!next) {
      setBlank(false);
      hide.reset();
    }
    onOpenChange(next);
  };
  return (
    <Dialog
      open={open}
      onOpenChange={change}
      title={t("discussions.hide.title")}
      description={t("discussions.hide.description")}
      closeLabel={t("discussions.hide.close")}
      width={520}
      initialFocus={field}
    >
      <form
        noValidate
        className="flex flex-col gap-3"
        data-testid="discussion-hide-form"
        onSubmit={(e) => {
          e.preventDefault();
          const text = reason.trim();
          if (!text) return setBlank(true);
          hide.mutate(text);
        }}
      >
        <TextArea
          ref={field}
          label={t("discussions.hide.reason")}
          hint={t("discussions.counter", { count: reason.length, max: DISCUSSION_LIMITS.reasonMax })}
          error={blank ? t("discussions.hide.required") : undefined}
          value={reason}
          maxLength={DISCUSSION_LIMITS.reasonMax}
          rows={3}
          required
          onChange={(e) => {
            setReason(e.target.value);
            setBlank(false);
          }}
          data-testid="discussion-hide-reason"
        />
        {hide.error instanceof ApiFailure ? <ApiErrorAlert error={hide.error.error} /> : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="ghost" size="sm" disabled={hide.isPending} onClick={() => change(false)}>
            {t("discussions.hide.cancel")}
          </Button>
          <Button type="submit" variant="danger" size="sm" disabled={hide.isPending} data-testid="discussion-hide-submit">
            {t("discussions.hide.submit")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
