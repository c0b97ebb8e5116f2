import { z } from "zod";

/*
 * The realtime protocol (ARCHITECTURE.md "Realtime", docs/decisions/0032): one WebSocket,
 * `/api/realtime`, that only tells a client *that* something changed; the client reads what changed
 * through the API. Shared by the server's hub and the web client.
 */

export const REALTIME_PATH = "/api/realtime";

export const REALTIME_LIMITS = {
  /** Topics one socket may hold at once; one more is refused with REALTIME-TOO-MANY-TOPICS. */
  maxSubscriptions: 32,
  /** Bytes of one client frame; a longer one closes the socket (after an error frame). */
  maxFrameBytes: 1024,
  /** Frames a socket may have waiting to be handled (topic checks run one at a time per socket). */
  maxPendingFrames: 16,
  /** Between two server pings; a socket that did not answer the previous one is closed. */
  heartbeatMs: 30_000,
} as const;

/** Close codes (RFC 6455): 1008 policy violation for anything the client did wrong. */
export const REALTIME_CLOSE = { policy: 1008, goingAway: 1001 } as const;

/**
 * `prefix:id`: a lower-case prefix that names who decides access (`order:`, `chat:`, `user:`), then
 * an id of letters, digits and `_-.:`; ids only, as on the bus (whose parts are capped at 200 bytes).
 */
export const ZRealtimeTopic = z
  .string()
  .max(160)
  .regex(/^[a-z][a-z-]{0,30}:[A-Za-z0-9_.:-]{1,128}$/);

export const ZRealtimeClientMessage = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("subscribe"), topic: ZRealtimeTopic }),
  z.strictObject({ type: z.literal("unsubscribe"), topic: ZRealtimeTopic }),
  z.strictObject({ type: z.literal("ping") }),
]);
export type TRealtimeClientMessage = z.infer<typeof ZRealtimeClientMessage>;

/** Why a subscription was refused (wire spellings of the ERROR_CODES entries). */
export type TRealtimeRefusal = "REALTIME-TOPIC-UNKNOWN" | "REALTIME-TOPIC-DENIED" | "REALTIME-TOO-MANY-TOPICS";
/** Why the server closes a socket, sent in an `error` frame just before the close. */
export type TRealtimeFault = "REALTIME-MESSAGE-INVALID" | "REALTIME-MESSAGE-TOO-LARGE" | "REALTIME-TOO-BUSY" | "TOKEN-BAD";

export type TRealtimeServerMessage =
  | { type: "event"; topic: string; kind: string; id: string }
  | { type: "subscribed"; topic: string }
  | { type: "unsubscribed"; topic: string }
  | { type: "refused"; topic: string; code: TRealtimeRefusal }
  | { type: "pong" }
  /** The server lost events (its bus reconnected): re-read everything shown through the API. */
  | { type: "resync" }
  | { type: "error"; code: TRealtimeFault };

/** The prefix of a topic, `order:` of `order:ord_x`: the key of its access check. */
export function topicPrefix(topic: string): string {
  return topic.slice(0, topic.indexOf(":") + 1);
}
