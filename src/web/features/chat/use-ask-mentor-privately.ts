import { useCallback, useState } from "react";
import type { ApiError } from "../../lib/api";
import { useLang, useRootData } from "../../root-data";
import { useAuth } from "../auth/use-auth";
import type { AskPrivatelyInput, AskPrivatelyResult } from "./ask-mentor-privately";
import { openChatWidget } from "./launcher-events";

export interface AskPrivately {
  /** Sends the question to the mentor; on success opens the chat widget (CHAT-NEEDS-MENTOR: the caller shows its mentors to pick). */
  ask(input: AskPrivatelyInput): Promise<AskPrivatelyResult>;
  pending: boolean;
  /** The last failure (show it with ApiErrorAlert); null after a success or reset(). */
  error: ApiError | null;
  reset(): void;
}

/**
 * The "send to my mentor privately" switch's action for a discussion composer. The chat's calls and
 * zod load on the first ask (docs/decisions/0020-lean-client.md).
 */
export function useAskMentorPrivately(): AskPrivately {
  const lang = useLang();
  const { user } = useAuth();
  const portalId = useRootData()?.settings.portal.id ?? "";
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const ask = useCallback(
    async (input: AskPrivatelyInput) => {
      setPending(true);
      setError(null);
      try {
        const { askMentorPrivately } = await import("./ask-mentor-privately");
        const res = await askMentorPrivately(input, { lang, userId: user.id, portalId });
        if (!res.ok) setError(res.error);
        if (res.ok) openChatWidget();
        return res;
      } finally {
        setPending(false);
      }
    },
    [lang, user.id, portalId],
  );
  const reset = useCallback(() => setError(null), []);
  return { ask, pending, error, reset };
}
