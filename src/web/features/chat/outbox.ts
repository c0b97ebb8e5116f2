import { backoffDelay } from "./realtime-client";
import type { TChatContext } from "../../../domain/chat";

/*
 * The messages a participant wrote that the server has not confirmed yet (seed 000 §4: sending, then
 * sent or sending-failed with a retry by id). They are kept in localStorage per chat, so a reload, a
 * closed tab or a restarted server loses nothing; they are sent again, oldest first, one at a time
 * (seed: only one message sending at a time), by the id made when they were written, so the server's
 * de-duplication by id means a resend never doubles a message.
 */

export interface PendingMessage {
  id: string;
  text: string;
  context: TChatContext | null;
  createdAt: string;
  status: "sending" | "sending-failed";
  /** Failed in a way a resend will not fix (a refused text): only the retry button sends it again. */
  stuck: boolean;
}

/** What one attempt came to: the server has it; try again later (network, 5xx, 429); or do not retry on your own. */
export type SendOutcome = "sent" | "retry" | "fail";

export interface OutboxOptions {
  storage: Pick<Storage, "getItem" | "setItem" | "removeItem"> | null;
  post(message: PendingMessage): Promise<SendOutcome>;
  onChange(items: readonly PendingMessage[]): void;
  baseDelayMs?: number;
  maxDelayMs?: number;
  random?: () => number;
}

export const pendingKey = (chatId: string) => `mentora.chat.pending.${chatId}`;

/** Reads the stored list; anything damaged or foreign is dropped rather than sent. */
export function loadPending(storage: OutboxOptions["storage"], chatId: string): PendingMessage[] {
  let raw: string | null = null;
  try {
    raw = storage?.getItem(pendingKey(chatId)) ?? null;
  } catch {
    return [];
  }
  if (!raw) return [];
  let list: unknown;
  try {
    list = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(list)) return [];
  return list
    .filter(
      (m): m is PendingMessage =>
        !!m && typeof m === "object" && typeof m.id === "string" && m.id.startsWith("lpmmsg:") && typeof m.text === "string" && typeof m.createdAt === "string",
    )
    .map((m) => ({ id: m.id, text: m.text, context: m.context ?? null, createdAt: m.createdAt, status: "sending" as const, stuck: !!m.stuck }));
}

export class Outbox {
  private list: PendingMessage[];
  private inFlight: string | null = null;
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private disposed = false;

  constructor(
    readonly chatId: string,
    private readonly opts: OutboxOptions,
  ) {
    this.list = loadPending(opts.storage, chatId);
  }

  get items(): readonly PendingMessage[] {
    return this.list;
  }

  /** True while a message is on its way (seed §5: sending is disabled meanwhile). */
  get sending(): boolean {
    return this.list.some((m) => m.status === "sending");
  }

  /** Queues a new message (already checked with canSend) and starts sending. */
  add(message: Pick<PendingMessage, "id" | "text" | "context" | "createdAt">): void {
    this.list = [...this.list, { ...message, status: "sending", stuck: false }];
    this.changed();
    // Writing again is a good moment to try the older ones that wait for their backoff, in order.
    this.wake();
  }

  /** The retry button: the same id again, now. */
  retry(id: string): void {
    this.update(id, { status: "sending", stuck: false });
    this.wake();
  }

  /** Something suggests the server is back (the socket reconnected, the browser is online): resend now. */
  wake(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.attempt = 0;
    this.kick();
  }

  /** Sends the oldest message that may be sent, unless one is already on its way. */
  kick(): void {
    if (this.disposed || this.inFlight || this.timer) return;
    const next = this.list.find((m) => !m.stuck);
    if (!next) return;
    this.inFlight = next.id;
    if (next.status !== "sending") this.update(next.id, { status: "sending" });
    void this.opts
      .post(next)
      .catch((): SendOutcome => "retry")
      .then((outcome) => this.settled(next.id, outcome));
  }

  dispose(): void {
    this.disposed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private settled(id: string, outcome: SendOutcome): void {
    this.inFlight = null;
    if (this.disposed) return;
    if (outcome === "sent") {
      this.attempt = 0;
      this.list = this.list.filter((m) => m.id !== id);
      this.changed();
      this.kick();
      return;
    }
    this.update(id, { status: "sending-failed", stuck: outcome === "fail" });
    if (outcome === "fail") {
      this.kick();
      return;
    }
    // Everything after it waits too: messages arrive in the order they were written.
    const delay = backoffDelay(this.attempt, this.opts.baseDelayMs ?? 2_000, this.opts.maxDelayMs ?? 30_000, this.opts.random ?? Math.random);
    this.attempt += 1;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.kick();
    }, delay);
  }

  private update(id: string, patch: Partial<PendingMessage>): void {
    this.list = this.list.map((m) => (m.id === id ? { ...m, ...patch } : m));
    this.changed();
  }

  private changed(): void {
    const key = pendingKey(this.chatId);
    try {
      if (this.list.length === 0) this.opts.storage?.removeItem(key);
      else this.opts.storage?.setItem(key, JSON.stringify(this.list));
    } catch {
      // A full or blocked storage only costs the survival of a reload.
    }
    this.opts.onChange(this.list);
  }
}
