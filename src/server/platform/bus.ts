import { randomUUID } from "node:crypto";
import { sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Notifications } from "../db/client";

/**
 * The bus between app instances on one database (ARCHITECTURE.md, "Realtime"): PostgreSQL
 * LISTEN/NOTIFY carrying ids only, never content; whoever hears an event reads what changed.
 *
 * Topics: `content` (a content version bump), `user:{id}` (sessions revoked, chat and order news
 * to come), `chat:{id}`, `discussion:{id}`, `order:{id}`. Every instance hears its own events too,
 * so a handler never needs a separate local path; a publisher that needs its own change visible at
 * once (read your writes) applies it before publishing.
 */
export interface BusEvent {
  topic: string;
  kind: string;
  id: string;
}

export type BusHandler = (event: BusEvent & { fromSelf: boolean }) => void;

export interface Bus {
  /** Sends an event to every instance, this one included. */
  publish(event: BusEvent): Promise<void>;
  /** `topic` is a topic (`content`) or a prefix ending in `*` (`user:*`). Returns the unsubscribe. */
  subscribe(topic: string, handler: BusHandler): () => void;
  /**
   * Called after the connection to the database was lost and is back: events sent in between are
   * lost, so whoever keeps state derived from events must rebuild it (drop caches, reload revocations).
   */
  onResync(handler: () => void): () => void;
  /**
   * Called when the connection to the database is lost, before the `onResync` that follows: until
   * then nothing is heard, so whoever answers from state derived from events must not trust it.
   */
  onLost(handler: () => void): () => void;
  close(): Promise<void>;
}

export const BUS_CHANNEL = "mentora_bus";
/** NOTIFY payloads are capped at 8000 bytes; ids are short, so a long one is a bug, not data. */
const MAX_PART = 200;
const ZPart = z.string().min(1).max(MAX_PART);
const ZWire = z.object({ t: ZPart, k: ZPart, i: z.string().max(MAX_PART), o: z.string().max(64) });

export class BusEventTooLarge extends Error {}

/** The wire form of an event; `origin` is the publishing instance ("" when no instance sent it). */
function wirePayload({ topic, kind, id }: BusEvent, origin: string): string {
  const parsed = ZWire.safeParse({ t: topic, k: kind, i: id, o: origin });
  if (!parsed.success) throw new BusEventTooLarge(`Bus event ${topic}/${kind} is not an id-sized event`);
  return JSON.stringify(parsed.data);
}

/**
 * One statement that sends `events`, in order, exactly when the transaction it runs in commits (one
 * round trip for all of them), for a writer whose events must go out with its write or not at all.
 * Every instance hears them with `fromSelf: false`: the writer applies its change itself.
 */
export function notifyOnCommit(events: BusEvent[]): SQL {
  return sql`select ${sql.join(
    events.map((e) => sql`pg_notify(${BUS_CHANNEL}, ${wirePayload(e, "")})`),
    sql`, `,
  )}`;
}

export interface BusOptions {
  /** A payload on the bus channel that is not a bus event (another program's, or a bug). */
  onBadMessage?: (payload: string) => void;
  onHandlerError?: (error: unknown, event: BusEvent) => void;
}

export async function createBus(notifications: Notifications, opts: BusOptions = {}): Promise<Bus> {
  const instance = randomUUID();
  const handlers = new Map<string, Set<BusHandler>>();
  const prefixHandlers = new Map<string, Set<BusHandler>>();
  const resyncHandlers = new Set<() => void>();
  const lostHandlers = new Set<() => void>();

  const deliver = (event: BusEvent & { fromSelf: boolean }) => {
    const call = (h: BusHandler) => {
      try {
        h(event);
      } catch (e) {
        // One failing subscriber must not stop the others from hearing the event.
        (opts.onHandlerError ?? ((err) => console.error(`mentora: bus handler for ${event.topic} failed: ${(err as Error).message}`)))(e, event);
      }
    };
    for (const h of handlers.get(event.topic) ?? []) call(h);
    for (const [prefix, set] of prefixHandlers) if (event.topic.startsWith(prefix)) for (const h of set) call(h);
  };

  const stop = await notifications.listen(BUS_CHANNEL, {
    message(payload) {
      let wire: z.infer<typeof ZWire>;
      try {
        wire = ZWire.parse(JSON.parse(payload));
      } catch {
        opts.onBadMessage?.(payload);
        return;
      }
      deliver({ topic: wire.t, kind: wire.k, id: wire.i, fromSelf: wire.o === instance });
    },
    lost() {
      for (const h of lostHandlers) h();
    },
    reconnected() {
      for (const h of resyncHandlers) h();
    },
  });

  const addTo = (map: Map<string, Set<BusHandler>>, key: string, h: BusHandler) => {
    if (!map.has(key)) map.set(key, new Set());
    map.get(key)!.add(h);
    return () => {
      map.get(key)?.delete(h);
      if (map.get(key)?.size === 0) map.delete(key);
    };
  };

  return {
    async publish(event) {
      await notifications.notify(BUS_CHANNEL, wirePayload(event, instance));
    },
    subscribe(topic, handler) {
      return topic.endsWith("*") ? addTo(prefixHandlers, topic.slice(0, -1), handler) : addTo(handlers, topic, handler);
    },
    onResync(handler) {
      resyncHandlers.add(handler);
      return () => resyncHandlers.delete(handler);
    },
    onLost(handler) {
      lostHandlers.add(handler);
      return () => lostHandlers.delete(handler);
    },
    async close() {
      handlers.clear();
      prefixHandlers.clear();
      resyncHandlers.clear();
      lostHandlers.clear();
      await stop();
    },
  };
}
