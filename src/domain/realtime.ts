import { z } from "zod";

/*
 * The realtime protocol (ARCHITECTURE.md "Realtime", docs/decisions/0032): one WebSocket,
 * `/api/realtime`, that only tells a client *that* something changed; the client reads what changed
 * through the API. Shared by the server's hub and the web client.
 */

export { REALTIME_CLOSE, REALTIME_LIMITS, REALTIME_PATH, topicPrefix } from "./realtime-protocol";
export type { TRealtimeFault, TRealtimeRefusal, TRealtimeServerMessage } from "./realtime-protocol";

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
