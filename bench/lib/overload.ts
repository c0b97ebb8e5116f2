import http from "node:http";
import path from "node:path";
import autocannon, { type Request, type Result } from "autocannon";
import { call, signInLearner, type SignedInLearner } from "./learner";
import { BROWSER_PAGE_HEADERS, PATHS } from "./scenarios";

/**
 * Overload probe (issue 31): 200 keep-alive connections from ONE address (127.0.0.1, where the load
 * generator connects from) cycle through what signed-in learners of one school behind one address do:
 * the signed-in course page, the signed-in lesson page, a chat send, and the catalogue as a guest
 * sees it (a page-cache hit). Meanwhile, every second, a new visitor from a SECOND address
 * (127.0.0.2: the server's `req.ip` differs) opens a fresh TCP connection (no keep-alive agent) for
 * the main page, the health check and a guest lesson page (a render: it needs a place at the gate).
 * What counts: the share of the mix answered 2xx, and whether the new visitor gets an answer within
 * 2 s, not how fast the 200 connections are served. The load runs in a worker thread so that the
 * probes' timings are not held up by the load generator's own event loop.
 */

export const OVERLOAD_CONNECTIONS = 200;
/** Where the 200 connections come from (the loopback address the server listens on). */
export const LOAD_ADDRESS = "127.0.0.1";
/** Where the fresh visitor comes from: another loopback address, so another client for the server. */
export const VISITOR_ADDRESS = "127.0.0.2";
/** Learners behind the one address, each with a chat of its own, taken in turn by the mix. */
const MIX_LEARNERS = 40;
/**
 * The overload server's settings beside the bench's usual ones: the mix's learners register from one
 * address (10 a window by default) and send chat messages far beyond a person's 20 a minute, which
 * would otherwise be answered 429 and count against the mix. Nothing else the mix asks is rate limited.
 */
export const OVERLOAD_SERVER_ENV = { RATE_LIMIT_WINDOW_MS: "100", CHAT_SENDS_PER_MINUTE: "1000" };
/** How long a fresh visitor waits before the probe gives up (counted as "timeout"). */
const PROBE_TIMEOUT_MS = 10_000;
/** The visitor's target: answered within this many milliseconds. */
export const FRESH_ANSWER_WITHIN_MS = 2_000;
/** autocannon requires a request's setup in its worker thread: a CommonJS file, by path. */
const MIX_SETUP = path.join(import.meta.dirname, "overload-mix-request.cjs");

export interface ProbeSummary {
  path: string;
  count: number;
  worstMs: number;
  p95Ms: number;
  /** Probes answered (any status) within FRESH_ANSWER_WITHIN_MS. */
  withinMs: number;
  /** "200", "503", … or "timeout" / "error <code>". */
  statuses: Record<string, number>;
}

export interface OverloadResult {
  seconds: number;
  connections: number;
  /** Workers of the server under load. */
  workers: number;
  paths: string[];
  load: {
    requests: number;
    reqPerSec: number;
    p50: number;
    p99: number;
    statuses: Record<string, number>;
    /** Responses with a 2xx status over all responses and connection errors. */
    share2xx: number;
    /** 2xx responses per second: the work done, which a share alone does not show (fewer refusals also raise it). */
    ok2xxPerSec: number;
    errors: number;
    timeouts: number;
  };
  probes: ProbeSummary[];
}

interface ProbeOutcome {
  ms: number;
  status: string;
}

function freshGet(base: URL, path: string, headers: Record<string, string>): Promise<ProbeOutcome> {
  const started = performance.now();
  return new Promise((resolve) => {
    const done = (status: string) => resolve({ ms: performance.now() - started, status });
    const options = { hostname: base.hostname, port: base.port, path, headers, agent: false, timeout: PROBE_TIMEOUT_MS, localAddress: VISITOR_ADDRESS };
    const req = http.get(options, (res) => {
      res.on("data", () => {});
      res.on("end", () => done(String(res.statusCode)));
      res.on("error", (e: NodeJS.ErrnoException) => done(`error ${e.code ?? e.message}`));
    });
    req.on("timeout", () => {
      req.destroy();
      done("timeout");
    });
    req.on("error", (e: NodeJS.ErrnoException) => done(`error ${e.code ?? e.message}`));
  });
}

function summarize(path: string, outcomes: ProbeOutcome[]): ProbeSummary {
  const ms = outcomes.map((o) => o.ms).sort((a, b) => a - b);
  const statuses: Record<string, number> = {};
  for (const o of outcomes) statuses[o.status] = (statuses[o.status] ?? 0) + 1;
  return {
    path,
    count: outcomes.length,
    worstMs: ms.at(-1) ?? Number.NaN,
    p95Ms: ms.length ? ms[Math.min(ms.length - 1, Math.ceil(0.95 * ms.length) - 1)] : Number.NaN,
    withinMs: outcomes.filter((o) => /^\d+$/.test(o.status) && o.ms <= FRESH_ANSWER_WITHIN_MS).length,
    statuses,
  };
}

interface MixLearner {
  learner: SignedInLearner;
  chatId: string;
}

/** A learner of the demo portal with a chat of its own, with the mentors the chat setup offers taken in turn. */
async function mixLearner(base: string, index: number): Promise<MixLearner> {
  const learner = await signInLearner(base);
  const token = learner.accessToken;
  const me = await call(`${base}/api/users/me`, { token });
  const setup = (await call(`${base}/api/chats/setup`, { token })) as { mentors?: Array<{ id: string; learningPortalId: string }> };
  const mentor = setup.mentors?.[index % setup.mentors.length];
  if (!mentor) throw new Error("the demo portal offers no mentor to chat with");
  const chat = await call(`${base}/api/chats`, {
    method: "POST",
    token,
    json: { learningPortalId: mentor.learningPortalId, studentId: String(me.id), mentorId: mentor.id },
  });
  return { learner, chatId: String(chat.id) };
}

/**
 * The mix every connection cycles through: the signed-in course and lesson pages, a chat send, the
 * catalogue as a guest. The signed-in ones get their learner (cookie or token, chat) from MIX_SETUP,
 * the next learner for each request.
 */
const MIX: Request[] = [
  { method: "GET", path: PATHS.courseTr, headers: BROWSER_PAGE_HEADERS, setupRequest: MIX_SETUP },
  { method: "GET", path: PATHS.lessonEn, headers: BROWSER_PAGE_HEADERS, setupRequest: MIX_SETUP },
  { method: "POST", path: "/api/chats/:chatId/messages", headers: { "content-type": "application/json" }, setupRequest: MIX_SETUP },
  { method: "GET", path: PATHS.catalogueEn, headers: BROWSER_PAGE_HEADERS },
];

/** The paths of the mix as the report names them. */
export const MIX_PATHS = MIX.map((r) => (r.method === "POST" ? `POST ${r.path}` : r.path));

/** Runs the probe on a server started for it with OVERLOAD_SERVER_ENV; `workers` is only reported. */
export async function overload(base: string, seconds: number, workers: number): Promise<OverloadResult> {
  const learners: MixLearner[] = [];
  for (let i = 0; i < MIX_LEARNERS; i++) learners.push(await mixLearner(base, i));
  // Read by MIX_SETUP in the load's worker thread, which gets a copy of the environment as it starts.
  process.env.BENCH_OVERLOAD_LEARNERS = JSON.stringify(learners.map((l) => ({ token: l.learner.accessToken, chatId: l.chatId })));
  // Cached before the load: the catalogue is a guest's page-cache hit from its first request on.
  await fetch(`${base}${PATHS.catalogueEn}`, { headers: BROWSER_PAGE_HEADERS }).then((r) => r.arrayBuffer());
  const load = autocannon({ url: base, connections: OVERLOAD_CONNECTIONS, duration: seconds, timeout: 10, workers: 1, requests: MIX });

  const url = new URL(base);
  const probed = [
    { path: PATHS.mainEn, headers: BROWSER_PAGE_HEADERS, outcomes: [] as ProbeOutcome[] },
    { path: PATHS.health, headers: {}, outcomes: [] as ProbeOutcome[] },
    { path: PATHS.lessonEn, headers: BROWSER_PAGE_HEADERS, outcomes: [] as ProbeOutcome[] },
  ];
  const pending: Promise<void>[] = [];
  // The first visitor comes a second in, once all 200 connections are open and busy.
  const timer = setInterval(() => {
    for (const p of probed) pending.push(freshGet(url, p.path, p.headers).then((o) => void p.outcomes.push(o)));
  }, 1_000);
  let result: Result;
  try {
    result = await load;
  } finally {
    clearInterval(timer);
  }
  await Promise.all(pending);
  const statuses = Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, { count }]) => [code, count]));
  const answered = Object.values(statuses).reduce((a, b) => a + b, 0);
  const ok = Object.entries(statuses)
    .filter(([code]) => code.startsWith("2"))
    .reduce((a, [, n]) => a + n, 0);
  return {
    seconds,
    connections: OVERLOAD_CONNECTIONS,
    workers,
    paths: MIX_PATHS,
    load: {
      requests: result.requests.total,
      reqPerSec: result.requests.total / result.duration,
      p50: result.latency.p50,
      p99: result.latency.p99,
      statuses,
      share2xx: ok / Math.max(1, answered + result.errors),
      ok2xxPerSec: ok / result.duration,
      errors: result.errors,
      timeouts: result.timeouts,
    },
    probes: probed.map((p) => summarize(p.path, p.outcomes)),
  };
}
