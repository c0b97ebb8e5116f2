import { INTERACTION_QUEUE_STORAGE_KEY } from "../../../domain/results-constants";
import type { TInteractionResultInput } from "../../../domain/results";
import { guestSessionId, randomKey } from "./guest-session";
import { createInteractionQueue, type InteractionQueue, type QueuedInput, type QueuedResult, type SendOutcome } from "./interaction-queue";
import { sendInteractionResult } from "./results-calls";

/** Statuses worth retrying: nothing came back, the server is busy or failing. */
const RETRIED = (status: number) => status === 0 || status === 408 || status === 429 || status >= 500;

async function send(result: QueuedResult): Promise<SendOutcome> {
  const res = await sendInteractionResult(result as unknown as TInteractionResultInput);
  if (res.ok || res.error.kind === "reply") return "sent";
  return RETRIED(res.error.status) || res.error.kind === "network" ? "failed" : "refused";
}

let queue: InteractionQueue | null = null;

/**
 * The tab's interaction result sender (seed 000 §4, §9): one queue in local storage, flushed at
 * start, every 15 s after a failure, and when the browser comes back online.
 */
export function interactionSender(): InteractionQueue {
  if (queue) return queue;
  const q = createInteractionQueue({
    storage: localStorage,
    storageKey: INTERACTION_QUEUE_STORAGE_KEY,
    send,
    newKey: randomKey,
    setTimer: (fn, ms) => window.setTimeout(fn, ms),
    clearTimer: (h) => window.clearTimeout(h as number),
    log: (message, detail) => console.warn(message, detail ?? ""),
  });
  window.addEventListener("online", () => void q.flush());
  queue = q;
  void q.flush();
  return q;
}

/** Queues an interactive block's result (seed 3 payload); skipped when no answer was selected (seed 5). */
export function sendInteraction(result: Omit<TInteractionResultInput, "key" | "sessionId">): boolean {
  return interactionSender().enqueue({ ...result, sessionId: guestSessionId() } as QueuedInput);
}
