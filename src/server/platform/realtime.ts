import type { FastifyInstance, FastifyRequest } from "fastify";
import type { RawData, WebSocket } from "ws";
import { AppError } from "../../domain/errors";
import type { Auth } from "../../domain/learning-access";
import {
  REALTIME_CLOSE,
  REALTIME_LIMITS,
  REALTIME_PATH,
  type TRealtimeFault,
  type TRealtimeServerMessage,
  ZRealtimeClientMessage,
  topicPrefix,
} from "../../domain/realtime";
import type { TUser } from "../../domain/user";
import { ACCESS_COOKIE } from "./auth/request-auth";
import type { Bus, BusEvent } from "./bus";

/**
 * The realtime hub (ARCHITECTURE.md "Realtime", docs/decisions/0032): the `/api/realtime` socket.
 * A client subscribes to topics; every topic prefix has one access check, registered by the module
 * that owns it (`hub.topic("order:", check)`), so the platform never imports a module. Events come
 * from the bus (ids only) and go to this instance's sockets subscribed to their topic; the client
 * then reads what changed through the API.
 */

/** Who holds the socket: a user (registered or anonymous session) or a guest. */
export type RealtimeViewer = { kind: "user"; user: TUser } | { kind: "guest" };

/** May `viewer` follow topic `prefix + id`? Says only yes or no: a missing thing is a "no" too. */
export type TopicCheck = (viewer: RealtimeViewer, id: string) => Promise<boolean> | boolean;

export interface RealtimeLimits {
  maxSubscriptions: number;
  maxFrameBytes: number;
  maxPendingFrames: number;
  heartbeatMs: number;
  /** Bytes queued to one socket before it counts as a consumer too slow to keep. */
  maxBufferedBytes: number;
}

export interface RealtimeHubDeps {
  bus: Pick<Bus, "subscribe" | "onResync">;
  /** The access token check the API uses (the auth service's `authenticate`). */
  authenticate(accessToken: string | undefined): Promise<Auth>;
  limits?: Partial<RealtimeLimits>;
  log?: { warn(obj: object, msg: string): void };
}

export interface RealtimeHub {
  /** Registers the access check of a topic prefix (`order:`); one per prefix. */
  topic(prefix: string, check: TopicCheck): void;
  /** Adds the socket route; @fastify/websocket must be registered on `app` first. */
  install(app: FastifyInstance): void;
  /** Open sockets on this instance and the topics they hold (tests, health). */
  stats(): { sockets: number; topics: number };
  /** Stops the heartbeat and the bus handlers; closes the sockets (the app is closing). */
  close(): void;
}

interface Connection {
  ws: WebSocket;
  /** The access token the socket was opened with, checked again at every subscribe. */
  token: string | undefined;
  viewer: RealtimeViewer;
  topics: Set<string>;
  /** Frames are handled one at a time, in order: a socket costs at most one topic check at once. */
  queue: Promise<void>;
  pending: number;
  alive: boolean;
  closed: boolean;
}

const DEFAULT_LIMITS: RealtimeLimits = { ...REALTIME_LIMITS, maxBufferedBytes: 1 << 20 };

function bearer(req: FastifyRequest): string | undefined {
  const h = req.headers.authorization;
  return h?.startsWith("Bearer ") ? h.slice(7).trim() || undefined : undefined;
}

function viewerOf(auth: Auth): RealtimeViewer | null {
  if (auth.kind === "user") return { kind: "user", user: auth.user };
  return auth.kind === "guest" ? { kind: "guest" } : null;
}

export function createRealtimeHub(deps: RealtimeHubDeps): RealtimeHub {
  const limits: RealtimeLimits = { ...DEFAULT_LIMITS, ...deps.limits };
  const checks = new Map<string, TopicCheck>();
  const subscribers = new Map<string, Set<Connection>>();
  const connections = new Set<Connection>();
  const busHandlers: Array<() => void> = [];
  /** Viewers resolved at upgrade, before the socket exists. */
  const upgrades = new WeakMap<FastifyRequest, { token: string | undefined; viewer: RealtimeViewer }>();

  const send = (conn: Connection, message: TRealtimeServerMessage) => {
    if (conn.closed || conn.ws.readyState !== conn.ws.OPEN) return;
    // A client that does not read its socket must not make the server hold its events forever.
    if (conn.ws.bufferedAmount > limits.maxBufferedBytes) return drop(conn);
    conn.ws.send(JSON.stringify(message));
  };

  /** The error frame, then a policy close: the client sees why before the socket goes. */
  const fault = (conn: Connection, code: TRealtimeFault) => {
    send(conn, { type: "error", code });
    forget(conn);
    conn.ws.close(REALTIME_CLOSE.policy, code);
  };

  const forget = (conn: Connection) => {
    if (conn.closed) return;
    conn.closed = true;
    connections.delete(conn);
    for (const topic of conn.topics) unsubscribe(conn, topic);
  };

  const drop = (conn: Connection) => {
    forget(conn);
    conn.ws.terminate();
  };

  const unsubscribe = (conn: Connection, topic: string) => {
    conn.topics.delete(topic);
    const set = subscribers.get(topic);
    set?.delete(conn);
    if (set?.size === 0) subscribers.delete(topic);
  };

  const forward = (event: BusEvent) => {
    for (const conn of subscribers.get(event.topic) ?? []) send(conn, { type: "event", topic: event.topic, kind: event.kind, id: event.id });
  };

  busHandlers.push(
    deps.bus.onResync(() => {
      for (const conn of connections) send(conn, { type: "resync" });
    }),
  );

  async function subscribe(conn: Connection, topic: string) {
    if (conn.topics.has(topic)) return send(conn, { type: "subscribed", topic });
    const check = checks.get(topicPrefix(topic));
    if (!check) return send(conn, { type: "refused", topic, code: "REALTIME-TOPIC-UNKNOWN" });
    if (conn.topics.size >= limits.maxSubscriptions) return send(conn, { type: "refused", topic, code: "REALTIME-TOO-MANY-TOPICS" });
    // Checked again now, not only at upgrade: a session logged out since must not gain topics.
    const viewer = conn.token === undefined ? conn.viewer : viewerOf(await deps.authenticate(conn.token));
    if (!viewer || (conn.viewer.kind === "user" && viewer.kind !== "user")) return fault(conn, "TOKEN-BAD");
    conn.viewer = viewer;
    const allowed = await check(viewer, topic.slice(topicPrefix(topic).length));
    if (conn.closed) return;
    if (!allowed) return send(conn, { type: "refused", topic, code: "REALTIME-TOPIC-DENIED" });
    conn.topics.add(topic);
    if (!subscribers.has(topic)) subscribers.set(topic, new Set());
    subscribers.get(topic)!.add(conn);
    send(conn, { type: "subscribed", topic });
  }

  async function handle(conn: Connection, text: string) {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return fault(conn, "REALTIME-MESSAGE-INVALID");
    }
    const parsed = ZRealtimeClientMessage.safeParse(json);
    if (!parsed.success) return fault(conn, "REALTIME-MESSAGE-INVALID");
    const message = parsed.data;
    if (message.type === "ping") return send(conn, { type: "pong" });
    if (message.type === "subscribe") return subscribe(conn, message.topic);
    unsubscribe(conn, message.topic);
    send(conn, { type: "unsubscribed", topic: message.topic });
  }

  function receive(conn: Connection, data: RawData, isBinary: boolean) {
    if (conn.closed) return;
    const size = Array.isArray(data) ? data.reduce((n, b) => n + b.length, 0) : data.byteLength;
    if (size > limits.maxFrameBytes) return fault(conn, "REALTIME-MESSAGE-TOO-LARGE");
    if (isBinary) return fault(conn, "REALTIME-MESSAGE-INVALID");
    if (conn.pending >= limits.maxPendingFrames) return fault(conn, "REALTIME-TOO-BUSY");
    const text = Buffer.isBuffer(data)
      ? data.toString("utf8")
      : Array.isArray(data)
        ? Buffer.concat(data).toString("utf8")
        : Buffer.from(data).toString("utf8");
    conn.pending++;
    conn.queue = conn.queue
      .then(() => (conn.closed ? undefined : handle(conn, text)))
      .catch((err: unknown) => {
        // A failing check (the database is down) closes this socket; the client reconnects and re-reads.
        deps.log?.warn({ err }, "realtime: a frame failed");
        if (!conn.closed) {
          forget(conn);
          conn.ws.close(1011);
        }
      })
      .finally(() => conn.pending--);
  }

  const heartbeat = setInterval(() => {
    for (const conn of connections) {
      if (!conn.alive) {
        drop(conn);
        continue;
      }
      conn.alive = false;
      conn.ws.ping();
    }
  }, limits.heartbeatMs);
  heartbeat.unref();

  return {
    topic(prefix, check) {
      if (!/^[a-z][a-z-]{0,30}:$/.test(prefix)) throw new Error(`realtime: bad topic prefix ${prefix}`);
      if (checks.has(prefix)) throw new Error(`realtime: topic prefix ${prefix} registered twice`);
      checks.set(prefix, check);
      busHandlers.push(deps.bus.subscribe(`${prefix}*`, forward));
    },

    install(app) {
      app.get(
        REALTIME_PATH,
        {
          websocket: true,
          // Never shed under load nor rate limited: it is one long-lived connection, not a request.
          config: { shed: false },
          schema: { hide: true },
          // At upgrade: a bad token or a foreign page is refused with HTTP, before any socket exists.
          preValidation: async (req) => {
            const origin = req.headers.origin;
            if (origin !== undefined) {
              let host: string | undefined;
              try {
                host = new URL(origin).host;
              } catch {
                host = undefined;
              }
              // Browsers send cookies with cross-site WebSocket handshakes: only our own pages may open one.
              if (host !== req.host) throw new AppError("BAD_ORIGIN", `Realtime socket from ${origin}`);
            }
            // The access token only, never the refresh cookie: a rotation here could not set its cookies
            // (the upgrade answer is not Fastify's), so an expired token answers 401 and the client renews.
            const token = bearer(req) ?? req.cookies?.[ACCESS_COOKIE];
            const viewer = viewerOf(await deps.authenticate(token));
            if (!viewer) throw new AppError("TOKEN_BAD", "The access token is not valid");
            upgrades.set(req, { token: viewer.kind === "user" ? token : undefined, viewer });
          },
        },
        (ws, req) => {
          const at = upgrades.get(req);
          if (!at) return ws.close(REALTIME_CLOSE.policy);
          const conn: Connection = {
            ws,
            token: at.token,
            viewer: at.viewer,
            topics: new Set(),
            queue: Promise.resolve(),
            pending: 0,
            alive: true,
            closed: false,
          };
          connections.add(conn);
          ws.on("message", (data, isBinary) => receive(conn, data, isBinary));
          ws.on("pong", () => (conn.alive = true));
          ws.on("close", () => forget(conn));
        },
      );
    },

    stats: () => ({ sockets: connections.size, topics: subscribers.size }),

    close() {
      clearInterval(heartbeat);
      for (const off of busHandlers.splice(0)) off();
      for (const conn of [...connections]) {
        forget(conn);
        conn.ws.close(REALTIME_CLOSE.goingAway);
      }
    },
  };
}
