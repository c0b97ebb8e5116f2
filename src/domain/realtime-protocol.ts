/*
 * The realtime protocol's constants and frames without zod (docs/decisions/0020-lean-client.md): the
 * browser's realtime client runs on every page of the default layout. `realtime.ts` re-exports all of
 * it next to the client frames' schema.
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
