import { useCallback, useEffect, useRef, useState } from "react";
import type { TQuizAggregate } from "../../../domain/results";
import { useLiveTopics } from "../live/use-live-topics";

/** Seed 000 §7 polling interval, used while the realtime socket is unavailable. */
const POLL_MS = 30_000;

/**
 * How everyone answered a quiz, once `enabled` (after the learner answered), kept fresh by the
 * quiz's realtime topic, with polling as the fallback. Seed §8: a failed aggregate read is logged and
 * gives nothing (the block then shows the result without shares); a later success shows them.
 */
export function useQuizAggregate(dialogId: string | undefined, msgId: string, enabled: boolean): TQuizAggregate | null {
  const [aggregate, setAggregate] = useState<TQuizAggregate | null>(null);
  const latest = useRef(0);
  const read = useCallback(async () => {
    if (!dialogId) return;
    const ticket = ++latest.current;
    const { fetchQuizAggregate } = await import("./results-calls");
    const res = await fetchQuizAggregate(dialogId, msgId);
    if (ticket !== latest.current) return;
    if (res.ok) setAggregate(res.data);
    else console.error("Quiz aggregate was not received", res.error);
  }, [dialogId, msgId]);
  useEffect(() => {
    if (enabled) void read();
    else setAggregate(null);
  }, [enabled, read]);
  useLiveTopics(enabled && dialogId ? [`quiz:${dialogId}:${msgId}`] : [], () => void read(), POLL_MS);
  return enabled ? aggregate : null;
}
