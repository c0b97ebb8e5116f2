import { randomBytes } from "node:crypto";
import WebSocket from "ws";
import { errorCodeOf, type RefusalSignal, retryOnceWhenOverloaded } from "../../src/domain/overload-retry";
import { REALTIME_PATH } from "../../src/domain/realtime";

/**
 * Chat delivery (issue 12): pairs of a sender and a receiver; every sender POSTs one message a second
 * (staggered so the pairs do not fire together) and the latency is from just before the POST to the
 * moment the receiver's WebSocket hears of that message id. The first seconds are warm-up.
 */

export interface DeliveryPair {
  /** Sends message `id` as the web client does (sendLikeTheClient); rejects with a SendFailure when it fails. */
  send(id: string): Promise<SendReport>;
  receiver: WebSocket;
}

/** Why one POST failed: "503 OVERLOADED", "429 RATE_LIMITED", "500 HTTP-500", "network ECONNRESET". */
export type FailureReason = string;

export interface SendReport {
  /** The first attempt's failure when the send was retried (and then went through). */
  retriedAfter: FailureReason | null;
}

/** A send that failed after the client's retry (if it made one). */
export class SendFailure extends Error {
  constructor(
    readonly reason: FailureReason,
    /** The first attempt's failure when there was a retry. */
    readonly retriedAfter: FailureReason | null,
  ) {
    super(`send failed: ${reason}`);
  }
}

type Attempt = { ok: true } | { ok: false; reason: FailureReason; refusal: RefusalSignal | null };

/** One POST, never throwing: the failure named by status and error code, or by the socket error. */
async function postOnce(url: string, headers: Record<string, string>, body: string): Promise<Attempt> {
  try {
    const res = await fetch(url, { method: "POST", headers, body });
    const text = await res.text();
    if (res.ok) return { ok: true };
    const code = errorCodeOf(text) ?? `HTTP-${res.status}`;
    return { ok: false, reason: `${res.status} ${code}`, refusal: { status: res.status, code, retryAfter: res.headers.get("retry-after") } };
  } catch (e) {
    const cause = (e as { cause?: { code?: string; name?: string } }).cause;
    return { ok: false, reason: `network ${cause?.code ?? cause?.name ?? (e as Error).name}`, refusal: null };
  }
}

/**
 * A send as the web client makes it (src/web/lib/fetch-reply.ts): a chat send carries its client-made
 * id, so it is idempotent and a typed 503 is retried once after the capped, jittered Retry-After,
 * by the same policy module (src/domain/overload-retry.ts).
 */
export async function sendLikeTheClient(url: string, headers: Record<string, string>, body: string): Promise<SendReport> {
  let retriedAfter: FailureReason | null = null;
  const last = await retryOnceWhenOverloaded(() => postOnce(url, headers, body), {
    request: { method: "POST", idempotent: true },
    refusalOf: (a) => (a.ok ? null : a.refusal),
    sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
    onRetry: (refusal) => {
      retriedAfter = `${refusal.status} ${refusal.code}`;
    },
  });
  if (!last.ok) throw new SendFailure(last.reason, retriedAfter);
  return { retriedAfter };
}

export interface DeliveryResult {
  pairs: number;
  seconds: number;
  sent: number;
  /** Sends that failed after the client's one retry (refused, or failed on the network). */
  failedSends: number;
  /** failedSends by reason ("503 OVERLOADED", "network ECONNRESET", ...). */
  failedBy: Record<FailureReason, number>;
  /** First attempts that failed, by reason, whether the retry then delivered them or not. */
  failedBeforeRetryBy: Record<FailureReason, number>;
  /** Sends the client retried (a typed 503), and of those, the ones the retry delivered. */
  retried: number;
  deliveredByRetry: number;
  /** Accepted sends whose event never arrived within the grace time. */
  lost: number;
  p50Ms: number;
  p99Ms: number;
  worstMs: number;
}

const GRACE_MS = 3_000;

export const newMessageId = () => `lpmmsg:${randomBytes(12).toString("hex")}`;

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

export async function measureDelivery(pairs: DeliveryPair[], seconds: number, warmupSeconds: number): Promise<DeliveryResult> {
  const sentAt = new Map<string, { at: number; measured: boolean }>();
  const latencies: number[] = [];
  let sent = 0;
  let failedSends = 0;
  let retried = 0;
  let deliveredByRetry = 0;
  const failedBy: Record<FailureReason, number> = {};
  const failedBeforeRetryBy: Record<FailureReason, number> = {};
  const count = (into: Record<FailureReason, number>, reason: FailureReason) => (into[reason] = (into[reason] ?? 0) + 1);
  for (const { receiver } of pairs) {
    receiver.on("message", (data) => {
      const now = performance.now();
      const frame = JSON.parse(String(data)) as { type?: string; kind?: string; id?: string };
      if (frame.type !== "event" || frame.kind !== "message" || !frame.id) return;
      const s = sentAt.get(frame.id);
      if (!s) return;
      sentAt.delete(frame.id);
      if (s.measured) latencies.push(now - s.at);
    });
  }

  const started = performance.now();
  const warmupEnds = started + warmupSeconds * 1000;
  const ends = warmupEnds + seconds * 1000;
  const timers: NodeJS.Timeout[] = [];
  const inflight = new Set<Promise<void>>();
  pairs.forEach((pair, i) => {
    const fire = () => {
      const at = performance.now();
      if (at >= ends) return;
      const id = newMessageId();
      const measured = at >= warmupEnds;
      sentAt.set(id, { at, measured });
      if (measured) sent++;
      const p = pair.send(id).then(
        (report) => {
          if (!measured || !report.retriedAfter) return;
          retried++;
          deliveredByRetry++;
          count(failedBeforeRetryBy, report.retriedAfter);
        },
        (e: unknown) => {
          sentAt.delete(id);
          if (!measured) return;
          const reason = e instanceof SendFailure ? e.reason : `error ${(e as Error).message}`;
          failedSends++;
          count(failedBy, reason);
          if (e instanceof SendFailure && e.retriedAfter) {
            retried++;
            count(failedBeforeRetryBy, e.retriedAfter);
          } else count(failedBeforeRetryBy, reason);
        },
      );
      inflight.add(p);
      void p.finally(() => inflight.delete(p));
    };
    timers.push(
      setTimeout(
        () => {
          fire();
          timers.push(setInterval(fire, 1000));
        },
        Math.floor((i * 1000) / pairs.length),
      ),
    );
  });

  await new Promise((r) => setTimeout(r, ends - performance.now()));
  for (const t of timers) clearTimeout(t);
  await Promise.all(inflight);
  const graceEnds = performance.now() + GRACE_MS;
  while ([...sentAt.values()].some((s) => s.measured) && performance.now() < graceEnds) await new Promise((r) => setTimeout(r, 50));
  const lost = [...sentAt.values()].filter((s) => s.measured).length;
  latencies.sort((a, b) => a - b);
  return {
    pairs: pairs.length,
    seconds,
    sent,
    failedSends,
    failedBy,
    failedBeforeRetryBy,
    retried,
    deliveredByRetry,
    lost,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    worstMs: latencies.at(-1) ?? NaN,
  };
}

export function openSocket(url: string, headers: Record<string, string> = {}): Promise<WebSocket> {
  const ws = new WebSocket(url, { headers });
  return new Promise((resolve, reject) => {
    ws.once("open", () => resolve(ws));
    ws.once("error", reject);
  });
}

/** Pairs on the bare relay (bench/chat-relay-server.ts). */
export async function relayPairs(base: string, count: number): Promise<DeliveryPair[]> {
  const pairs: DeliveryPair[] = [];
  for (let i = 0; i < count; i++) {
    const receiver = await openSocket(`${base.replace(/^http/, "ws")}/ws?pair=${i}`);
    pairs.push({
      receiver,
      send: (id) => sendLikeTheClient(`${base}/send/${i}`, { "content-type": "application/json" }, JSON.stringify({ id })),
    });
  }
  return pairs;
}

async function api<T>(base: string, path: string, init: { method?: string; token?: string; json?: unknown } = {}): Promise<T> {
  const headers: Record<string, string> = {};
  if (init.json !== undefined) headers["content-type"] = "application/json";
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  const res = await fetch(base + path, { method: init.method ?? "GET", headers, body: init.json === undefined ? undefined : JSON.stringify(init.json) });
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? "GET"} ${path} answered ${res.status}: ${text.slice(0, 200)}`);
  return (text ? JSON.parse(text) : {}) as T;
}

/** The demo mentors (src/server/db/seed/demo-mentors.ts); the pairs are shared out among them. */
export interface MentorLogin {
  email: string;
  password: string;
}

/**
 * Pairs on Mentora: learners registered and chatting through instance `a`; each pair's receiver is a
 * socket on instance `b`, signed in as the chat's mentor and subscribed to `chat:{id}`.
 */
export async function mentoraPairs(a: string, b: string, count: number, mentors: MentorLogin[]): Promise<DeliveryPair[]> {
  const mentorTokens = new Map<string, string>();
  for (const m of mentors) {
    const session = await api<{ accessToken: string }>(a, "/api/auth/login", { method: "POST", json: { email: m.email, password: m.password } });
    const me = await api<{ id: string }>(a, "/api/users/me", { token: session.accessToken });
    mentorTokens.set(me.id, session.accessToken);
  }
  const pairs: DeliveryPair[] = [];
  for (let i = 0; i < count; i++) {
    const email = `chat-bench-${i}-${randomBytes(4).toString("hex")}@example.com`;
    const { accessToken } = await api<{ accessToken: string }>(a, "/api/auth/register", {
      method: "POST",
      json: { email, password: "chat bench learner password", firstName: "Chat", lastName: "Learner", agree: true },
    });
    const me = await api<{ id: string }>(a, "/api/users/me", { token: accessToken });
    const setup = await api<{ mentors: Array<{ id: string; uid: string; learningPortalId: string }> }>(a, "/api/chats/setup", { token: accessToken });
    const mentor = setup.mentors.filter((m) => mentorTokens.has(m.uid))[i % mentors.length];
    if (!mentor) throw new Error("no demo mentor to chat with: check the bench's mentor logins against the demo seed");
    const chat = await api<{ id: string }>(a, "/api/chats", {
      method: "POST",
      token: accessToken,
      json: { learningPortalId: mentor.learningPortalId, studentId: me.id, mentorId: mentor.id },
    });
    const receiver = await openSocket(`${b.replace(/^http/, "ws")}${REALTIME_PATH}`, { authorization: `Bearer ${mentorTokens.get(mentor.uid)}` });
    const topic = `chat:${chat.id}`;
    await new Promise<void>((resolve, reject) => {
      const onFrame = (data: WebSocket.RawData) => {
        const frame = JSON.parse(String(data)) as { type: string; topic?: string };
        if (frame.topic !== topic) return;
        receiver.off("message", onFrame);
        if (frame.type === "subscribed") resolve();
        else reject(new Error(`subscribing to ${topic} was answered ${JSON.stringify(frame)}`));
      };
      receiver.on("message", onFrame);
      receiver.send(JSON.stringify({ type: "subscribe", topic }));
    });
    pairs.push({
      receiver,
      send: (id) =>
        sendLikeTheClient(
          `${a}/api/chats/${chat.id}/messages`,
          { "content-type": "application/json", authorization: `Bearer ${accessToken}` },
          JSON.stringify({ id, text: `Bench message ${id.slice(-6)}` }),
        ),
    });
  }
  return pairs;
}
