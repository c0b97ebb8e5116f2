import { INTERACTION_QUEUE_MAX, INTERACTION_RETRY_MS } from "../../../domain/results-constants";

/*
 * The interaction result sender's queue (seed 000 §4, §5, §8, §9): results wait in storage until the
 * server took them, so a reload or a closed tab loses none. Sends go one at a time, oldest first;
 * a failed send (no reply, a 5xx, 429) stops the round and the next round runs 15 s later, or at
 * once when the browser comes back online. A result the server refuses (another 4xx) is logged and
 * dropped: sending it again could never succeed. Every result carries its own key, so a send that
 * reached the server but whose reply was lost is counted once when retried.
 * Zod-free and DOM-free: the browser wiring is interaction-sender.ts.
 */

/** A result as the sender gives it (results.ts TInteractionResultInput), with its key. */
export interface QueuedInput {
  answers: readonly unknown[];
  [field: string]: unknown;
}
export type QueuedResult = QueuedInput & { key: string };

export type SendOutcome = "sent" | "refused" | "failed";

export interface QueueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export interface InteractionQueueDeps {
  storage: QueueStorage;
  storageKey: string;
  send(result: QueuedResult): Promise<SendOutcome>;
  newKey(): string;
  setTimer(fn: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
  retryMs?: number;
  max?: number;
  log?: (message: string, detail?: unknown) => void;
}

export interface InteractionQueue {
  /** Queues a result and starts a send; false (nothing queued) when no answer was selected (seed §5). */
  enqueue(result: QueuedInput): boolean;
  /** Sends what is queued now (a retry timer, `online`, a page load). */
  flush(): Promise<void>;
  /** Results waiting, oldest first. */
  pending(): QueuedResult[];
  /** Stops the retry timer. */
  stop(): void;
}

/** Seed §5: an answer counts when it is a non-blank text or an object with something in it. */
function hasAnswer(answers: readonly unknown[]): boolean {
  return answers.some((a) => (typeof a === "string" ? a.trim() !== "" : typeof a === "object" && a !== null && Object.keys(a).length > 0));
}

export function createInteractionQueue(deps: InteractionQueueDeps): InteractionQueue {
  const retryMs = deps.retryMs ?? INTERACTION_RETRY_MS;
  const max = deps.max ?? INTERACTION_QUEUE_MAX;
  const log = deps.log ?? (() => undefined);
  let timer: unknown = null;
  let running: Promise<void> | null = null;
  let again = false;

  const read = (): QueuedResult[] => {
    try {
      const parsed: unknown = JSON.parse(deps.storage.getItem(deps.storageKey) ?? "[]");
      return Array.isArray(parsed)
        ? parsed.filter((r): r is QueuedResult => typeof r === "object" && r !== null && typeof (r as QueuedResult).key === "string")
        : [];
    } catch {
      return [];
    }
  };
  const write = (items: QueuedResult[]) => {
    try {
      deps.storage.setItem(deps.storageKey, JSON.stringify(items.slice(-max)));
    } catch (e) {
      log("interaction results: the queue could not be stored", e);
    }
  };
  const remove = (key: string) => write(read().filter((r) => r.key !== key));

  const schedule = () => {
    if (timer !== null) return;
    timer = deps.setTimer(() => {
      timer = null;
      void flush();
    }, retryMs);
  };

  /** One round: oldest first, until the queue is empty or a send fails. */
  async function round(): Promise<void> {
    for (;;) {
      const next = read()[0];
      if (!next) return;
      let outcome: SendOutcome;
      try {
        outcome = await deps.send(next);
      } catch (e) {
        log("interaction results: send failed", e);
        outcome = "failed";
      }
      if (outcome === "failed") {
        log("interaction results: send failed; retrying in 15 s");
        return schedule();
      }
      if (outcome === "refused") log("interaction results: the server refused a result; it is dropped", next);
      remove(next.key);
    }
  }

  function flush(): Promise<void> {
    // One round at a time; a flush asked for meanwhile runs once that round ends.
    if (running) {
      again = true;
      return running;
    }
    if (timer !== null) {
      deps.clearTimer(timer);
      timer = null;
    }
    running = round().finally(() => {
      running = null;
      if (again) {
        again = false;
        if (timer === null) void flush();
      }
    });
    return running;
  }

  return {
    enqueue(result) {
      if (!hasAnswer(result.answers)) return false;
      write([...read(), { ...result, key: deps.newKey() }]);
      void flush();
      return true;
    },
    flush,
    pending: read,
    stop() {
      if (timer !== null) deps.clearTimer(timer);
      timer = null;
    },
  };
}
