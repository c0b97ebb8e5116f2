import { useRef, useState } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TDiscussionReply } from "../../../domain/discussion";
import { Button } from "../../components/ui/button";
import { useTranslation } from "../../i18n/use-translation";
import { ApiFailure, orThrow } from "../../lib/api";
import { useLang } from "../../root-data";
import { ApiErrorAlert } from "../orders/api-error-alert";
import { discussionKeys, pinPost, restorePost } from "./discussion-calls";
import { HideDialog } from "./discussion-hide-dialog";

type Action = { kind: "pin"; pinned: boolean } | { kind: "restore" };

/**
 * A mentor's moves on one post or reply: pin as the answer (replies only: the API refuses a top-level
 * post), hide with a reason, restore a hidden one. Nothing changes on screen until the server has
 * done it and the lists are read again; the buttons wait meanwhile. The discussion popup shows them to
 * mentors too, and re-reads the post on `onDone`.
 */
export function DiscussionModeration({ entry, onDone }: { entry: TDiscussionReply; onDone?: () => void }) {
  const { t } = useTranslation("mentor");
  const lang = useLang();
  const client = useQueryClient();
  const [hiding, setHiding] = useState(false);
  const bar = useRef<HTMLDivElement>(null);
  // The dialog has no Radix trigger: focus goes back to the actions (Hide, or Restore once hidden).
  const showHide = (open: boolean) => {
    setHiding(open);
    if (!open)
      requestAnimationFrame(() => bar.current?.querySelector<HTMLButtonElement>("[data-testid=discussion-hide], [data-testid=discussion-restore]")?.focus());
  };
  const act = useMutation({
    mutationFn: (a: Action) => orThrow(a.kind === "pin" ? pinPost(entry.id, a.pinned, lang) : restorePost(entry.id, lang)),
    onSuccess: () => {
      onDone?.();
      return client.invalidateQueries({ queryKey: discussionKeys.all });
    },
  });
  if (entry.deleted) return null;
  const isReply = entry.parentId !== null;
  return (
    <div className="flex flex-col gap-2">
      <div ref={bar} className="flex flex-wrap gap-2" data-testid="discussion-actions">
        {isReply && !entry.hidden ? (
          <Button
            variant="outline"
            size="sm"
            disabled={act.isPending}
            onClick={() => act.mutate({ kind: "pin", pinned: !entry.pinned })}
            data-testid={entry.pinned ? "discussion-unpin" : "discussion-pin"}
          >
            {entry.pinned ? t("discussions.actions.unpin") : t("discussions.actions.pin")}
          </Button>
        ) : null}
        {entry.hidden ? (
          <Button variant="outline" size="sm" disabled={act.isPending} onClick={() => act.mutate({ kind: "restore" })} data-testid="discussion-restore">
            {t("discussions.actions.restore")}
          </Button>
        ) : (
          <Button variant="outline" size="sm" disabled={act.isPending} onClick={() => showHide(true)} data-testid="discussion-hide">
            {t("discussions.actions.hide")}
          </Button>
        )}
      </div>
      {act.error instanceof ApiFailure ? <ApiErrorAlert error={act.error.error} /> : null}
      <HideDialog postId={entry.id} open={hiding} onOpenChange={showHide} onHidden={onDone} />
    </div>
  );
}
