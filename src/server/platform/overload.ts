import { monitorEventLoopDelay } from "node:perf_hooks";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { COOKIES, FALLBACK_LANG, RTL_LANGS } from "../../domain/constants";
import type { Config } from "../config";
import { errorBody } from "./errors";
import type { LanguagePacks } from "./language-packs";

/**
 * Graceful overload (docs/decisions/0022-overload-and-workers.md). Two guards in front of the work
 * that costs: page renders (the SSR catch-all) and API routes.
 *
 * - An admission gate: at most `concurrency` of them run at once; the next wait, each client (address)
 *   in a bounded queue of its own served in turn with the others', for at most `maxWaitMs`. A full
 *   queue or a wait that runs out answers 503 at once. Without it, 200 busy keep-alive connections each
 *   had a render in flight, every render took 200 times longer, and a new visitor waited behind all of
 *   them; without the turns (docs/decisions/0080), it waited behind the busy client's queue.
 * - A pressure signal (event-loop delay), counted only while the server has work of its own in
 *   flight or waiting at the gate: then new work is refused with 503 before it is admitted. An idle
 *   process whose loop was late (the machine did not schedule it) has nothing queued and serves
 *   (docs/decisions/0065-overload-pressure-needs-own-work.md).
 *
 * What costs next to nothing answers before both: a guest page the page cache holds (its onRequest hook
 * runs first and ends the request), static files, language packs, health and readiness.
 *
 * Refusals carry `Retry-After`: the API answers its typed error (OVERLOADED), pages a small static
 * page in the visitor's language, made without React. Routes with `config: { shed: false }` (liveness
 * and readiness, the realtime socket), WebSocket upgrades, static files and language packs are never gated or refused.
 */

declare module "fastify" {
  interface FastifyContextConfig {
    /** false: never refused under load and never queued (health, readiness). */
    shed?: boolean;
  }
}

/** Whether the process is too far behind to take new work. Injected in tests. */
export interface PressureSignal {
  overloaded(): boolean;
}

export interface EventLoopPressure extends PressureSignal {
  /** Mean event-loop delay over the last sample window, in ms. */
  delayMs(): number;
  close(): void;
}

/**
 * Overloaded while the event loop is behind by more than `maxDelayMs` (0 switches it off): the mean
 * delay its timers saw over the last window, or how late the window itself closed when the loop was
 * blocked throughout. Measures from `start()` (the app's onReady), so loading the app is not load.
 */
export function createEventLoopPressure(opts: { maxDelayMs: number; sampleMs?: number }): EventLoopPressure & { start(): void } {
  const resolution = 10;
  const sampleMs = opts.sampleMs ?? 500;
  const histogram = monitorEventLoopDelay({ resolution });
  let delay = 0;
  let timer: NodeJS.Timeout | undefined;
  return {
    start() {
      if (timer) return;
      histogram.enable();
      let last = performance.now();
      timer = setInterval(() => {
        const now = performance.now();
        const late = Math.max(0, now - last - sampleMs);
        last = now;
        const mean = histogram.count > 0 ? Math.max(0, histogram.mean / 1e6 - resolution) : 0;
        delay = Math.max(mean, late);
        histogram.reset();
      }, sampleMs);
      timer.unref();
    },
    overloaded: () => opts.maxDelayMs > 0 && delay > opts.maxDelayMs,
    delayMs: () => delay,
    close() {
      clearInterval(timer);
      histogram.disable();
    },
  };
}

export interface GateOptions {
  /** Admitted at once. */
  concurrency: number;
  /** Waiting at most, all clients together; more are refused at once. */
  queue: number;
  /** Waiting at most from one client (default: all of `queue`); its next are refused at once. */
  clientQueue?: number;
  /** Longest wait for a place before refusing. */
  maxWaitMs: number;
}

export type Release = () => void;

interface Waiter {
  grant: (release: Release | null) => void;
  timer: NodeJS.Timeout;
}

/** One client's share of the gate: its places held and its queue. Kept only while either is non-empty. */
interface Client {
  key: string;
  active: number;
  waiting: Waiter[];
}

/**
 * A counting semaphore shared fairly between clients (docs/decisions/0080-fair-admission.md), with a
 * bounded queue per client and in all, and a deadline per waiter.
 *
 * - Each client (the guard passes `req.ip`) waits in a queue of its own; a freed place goes to the
 *   waiting clients in turn (round robin), so one client with 200 connections and another with one
 *   each get the next place in turn: the second waits for one place to free, not for the first's queue.
 * - While another client waits, a client holds at most `ceil(concurrency / 2)` places (its fair share
 *   with one other); alone it may use them all. Every place is used whenever anyone waits.
 * - A client's queue is served in order while it drains in time; once it is longer than its places free
 *   up within `maxWaitMs` (a standing queue: FIFO would only serve requests after their clients were
 *   told 503), its next place goes to its newest waiter instead (adaptive LIFO), so the requests that
 *   are served are served fast and the oldest get their 503 when their wait runs out.
 */
export function createAdmissionGate({ concurrency, queue, clientQueue = queue, maxWaitMs }: GateOptions) {
  /** Places one client holds at most while another client waits. */
  const share = Math.max(1, Math.ceil(concurrency / 2));
  let active = 0;
  let waitingCount = 0;
  const clients = new Map<string, Client>();
  /** Clients with waiters, in the order they are served next (a Map keeps insertion order). */
  const turn = new Map<string, Client>();
  /** Moving average of the time between two freed places, in ms (undefined until two were freed). */
  let interval: number | undefined;
  let lastRelease: number | undefined;

  function forget(c: Client) {
    if (c.active === 0 && c.waiting.length === 0) clients.delete(c.key);
  }

  /** Whether `c` may take a freed place now: under its share, or nobody else waits. */
  const mayTake = (c: Client) => c.active < share || turn.size === 1;

  function admit(c: Client): Release {
    active++;
    c.active++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      active--;
      c.active--;
      const now = Date.now();
      if (lastRelease !== undefined) interval = interval === undefined ? now - lastRelease : 0.8 * interval + 0.2 * (now - lastRelease);
      lastRelease = now;
      forget(c);
      dispatch();
    };
  }

  /** Hands free places to waiting clients in turn, each to its oldest waiter, or its newest when its queue stands. */
  function dispatch() {
    while (active < concurrency && waitingCount > 0) {
      let next: Client | undefined;
      for (const c of turn.values()) {
        if (mayTake(c)) {
          next = c;
          break;
        }
      }
      // Cannot happen (two clients both at their share fill every place); kept as a guard against a spin.
      if (!next) return;
      // Its places free up at about its turn among the waiting clients: one in `turn.size` of the gate's.
      const standing = interval !== undefined && next.waiting.length * interval * turn.size > maxWaitMs;
      const waiter = standing ? next.waiting.pop()! : next.waiting.shift()!;
      waitingCount--;
      clearTimeout(waiter.timer);
      turn.delete(next.key);
      if (next.waiting.length > 0) turn.set(next.key, next);
      waiter.grant(admit(next));
    }
  }

  return {
    /** A release function once admitted, or null when refused (a queue full, or waited too long). */
    acquire(key: string): Promise<Release | null> {
      let c = clients.get(key);
      // Nobody waits while a place is free (dispatch keeps it so), so a free place is this client's.
      if (active < concurrency) {
        if (!c) clients.set(key, (c = { key, active: 0, waiting: [] }));
        return Promise.resolve(admit(c));
      }
      if (waitingCount >= queue || (c?.waiting.length ?? 0) >= clientQueue) return Promise.resolve(null);
      if (!c) clients.set(key, (c = { key, active: 0, waiting: [] }));
      const client = c;
      return new Promise((resolve) => {
        const entry: Waiter = {
          grant: resolve,
          timer: setTimeout(() => {
            client.waiting.splice(client.waiting.indexOf(entry), 1);
            waitingCount--;
            if (client.waiting.length === 0) turn.delete(client.key);
            forget(client);
            // A client held back by its share may take a free place now that this one no longer waits.
            dispatch();
            resolve(null);
          }, maxWaitMs),
        };
        client.waiting.push(entry);
        waitingCount++;
        if (!turn.has(key)) turn.set(key, client);
      });
    },
    stats: () => ({ active, waiting: waitingCount }),
    /** Places held and requests waiting of one client. */
    clientStats: (key: string) => ({ active: clients.get(key)?.active ?? 0, waiting: clients.get(key)?.waiting.length ?? 0 }),
  };
}

export type AdmissionGate = ReturnType<typeof createAdmissionGate>;

/**
 * The event-loop delay as a reason to refuse only while this server's own work is in the gate
 * (admitted and not finished, or waiting). A late loop with nothing in flight says the machine did
 * not run the process (other processes had the cores), not that its work piles up: refusing then
 * turns a busy neighbour into 503s for every visitor of an idle portal. A runaway or blocking
 * request holds its place in the gate, so that case is still seen.
 */
export function pressureWhileBusy(delay: PressureSignal, gate: Pick<AdmissionGate, "stats">): PressureSignal {
  return {
    overloaded() {
      const { active, waiting } = gate.stats();
      return (active > 0 || waiting > 0) && delay.overloaded();
    },
  };
}

export interface OverloadOptions {
  pressure: PressureSignal;
  gate: AdmissionGate;
  /** Seconds a refused client is asked to wait. */
  retryAfterSeconds: number;
  /** The static page a refused page request gets (see overloadPage). */
  documentPage(req: FastifyRequest): Promise<string>;
  /** Told of each refusal (the app's metrics count them). */
  onRefused?(reason: RefusalReason, kind: "document" | "api"): void;
}

/** The React Router catch-all that renders every page. */
const DOCUMENT_ROUTE = "/*";

function kindOf(req: FastifyRequest): "document" | "api" | null {
  // `req.ws` (set by @fastify/websocket) only for a real upgrade: an Upgrade header alone is no way past the guard.
  if (req.routeOptions.config?.shed === false || req.ws) return null;
  const route = req.routeOptions.url;
  if (route === DOCUMENT_ROUTE) return "document";
  if (route?.startsWith("/api/")) return "api";
  return null;
}

/**
 * The client an address stands for at the gate: an IPv4 address as it is (an IPv4-mapped IPv6 one
 * too), an IPv6 address by its /64, the network one subscriber gets (a host picks any address in it,
 * so keying by the whole address would give one client as many queues as it likes).
 */
export function clientKeyOf(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1];
  if (!ip.includes(":")) return ip;
  const [head, tail] = ip.toLowerCase().split("%")[0].split("::");
  const left = head ? head.split(":") : [];
  const right = tail === undefined ? [] : tail ? tail.split(":") : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

/** Refusals are logged at most this often, as counts by reason. */
const REFUSAL_LOG_MS = 10_000;

export type RefusalReason = "pressure" | "queue";

export function installOverloadGuard(app: FastifyInstance, opts: OverloadOptions) {
  const refused: Record<RefusalReason, number> = { pressure: 0, queue: 0 };
  let lastLog = 0;

  async function refuse(req: FastifyRequest, reply: FastifyReply, kind: "document" | "api", reason: RefusalReason) {
    refused[reason]++;
    opts.onRefused?.(reason, kind);
    if (Date.now() - lastLog >= REFUSAL_LOG_MS) {
      lastLog = Date.now();
      req.log.warn({ refused: { ...refused }, gate: opts.gate.stats() }, "overloaded: refusing requests with 503");
      refused.pressure = refused.queue = 0;
    }
    reply.code(503).header("retry-after", String(opts.retryAfterSeconds)).header("cache-control", "no-store");
    // The typed error's body, sent here rather than thrown: a refusal makes no Error (no stack) and no
    // error-level log line each; under overload there are hundreds a second, counted in the line above.
    if (kind === "api") return reply.send(errorBody("OVERLOADED", "Server is overloaded; retry later", undefined, req.id));
    return reply.type("text/html; charset=utf-8").send(await opts.documentPage(req));
  }

  app.addHook("onRequest", async (req, reply) => {
    const kind = kindOf(req);
    if (!kind) return;
    if (opts.pressure.overloaded()) return refuse(req, reply, kind, "pressure");
    // Places are shared out by address: one client's many connections queue behind each other, not in front of everyone.
    const release = await opts.gate.acquire(clientKeyOf(req.ip));
    if (!release) return refuse(req, reply, kind, "queue");
    // Whichever comes first: the reply was sent, or the client went away.
    reply.raw.once("finish", release);
    reply.raw.once("close", release);
    if (reply.raw.destroyed) release();
  });
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The 503 page: no script, no React, no database; texts from the `errors` language pack. */
export function overloadPage(lang: string, dir: "ltr" | "rtl", text: { title: string; body: string; retry: string }, retryAfterSeconds: number): string {
  const [title, body, retry] = [text.title, text.body, text.retry].map(escapeHtml);
  return `<!DOCTYPE html>
<html lang="${escapeHtml(lang)}" dir="${dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><meta http-equiv="refresh" content="${retryAfterSeconds}"><title>${title}</title>
<style>body{font-family:system-ui,sans-serif;margin:0;min-height:100vh;display:grid;place-items:center;color:#1f2937;background:#f8fafc}main{max-width:32rem;padding:2rem;text-align:center}a{color:#2563eb}</style>
</head><body><main><h1>${title}</h1><p>${body}</p><p><a href="">${retry}</a></p></main></body></html>`;
}

interface OverloadTexts {
  title: string;
  body: string;
  retry: string;
}

function textsOf(pack: Record<string, unknown> | null): OverloadTexts | null {
  const t = pack?.overloaded as Partial<OverloadTexts> | undefined;
  return t && typeof t.title === "string" && typeof t.body === "string" && typeof t.retry === "string" ? (t as OverloadTexts) : null;
}

/**
 * The 503 page in the language of the URL (`/ru/...`), else of the `lang` cookie, else the fallback
 * language; made once per language from the `errors` pack and kept.
 */
export function createOverloadPages(packs: LanguagePacks, retryAfterSeconds: number) {
  const pages = new Map<string, Promise<string>>();

  async function make(lang: string): Promise<string> {
    const texts = textsOf(await packs.get(lang, "errors"));
    if (!texts) return lang === FALLBACK_LANG ? overloadPage(lang, "ltr", { title: "503", body: "", retry: "↻" }, retryAfterSeconds) : pageFor(FALLBACK_LANG);
    return overloadPage(lang, (RTL_LANGS as readonly string[]).includes(lang) ? "rtl" : "ltr", texts, retryAfterSeconds);
  }

  function pageFor(lang: string): Promise<string> {
    let page = pages.get(lang);
    if (!page) {
      page = make(lang);
      pages.set(lang, page);
      page.catch(() => pages.delete(lang));
    }
    return page;
  }

  return (req: FastifyRequest): Promise<string> => {
    const fromPath = /^\/([a-z]{2,3})(?:[/?]|$)/.exec(req.url)?.[1];
    const fromCookie = req.cookies?.[COOKIES.lang];
    const lang = [fromPath, fromCookie].find((l): l is string => !!l && /^[a-z]{2,3}$/.test(l)) ?? FALLBACK_LANG;
    // Unknown languages share the fallback's page, so the map holds one page per language pack at most.
    return packs.get(lang, "errors").then((pack) => pageFor(pack ? lang : FALLBACK_LANG));
  };
}

/** Seconds a refused client is asked to wait. */
export const RETRY_AFTER_SECONDS = 5;
/** Requests waiting for a place, per process; each holds only its socket and parsed head. */
export const QUEUE_LIMIT = 512;
/** Requests waiting from one client (address), per process: half the queue, so one client never fills it. */
export const CLIENT_QUEUE_LIMIT = QUEUE_LIMIT / 2;

/**
 * The guard as main.ts installs it: OVERLOAD_CONCURRENCY places, up to QUEUE_LIMIT waiting (at most
 * CLIENT_QUEUE_LIMIT of one address) for at most OVERLOAD_QUEUE_WAIT_MS each, unless a test passes its own `gate`; the event-loop signal by OVERLOAD_MAX_LAG_MS (0: none), counted only
 * while the gate holds work (pressureWhileBusy), unless a test passes its own `pressure`.
 */
export function installOverload(
  app: FastifyInstance,
  deps: { config: Config; packs: LanguagePacks; pressure?: PressureSignal; gate?: AdmissionGate; onRefused?: OverloadOptions["onRefused"] },
) {
  const gate =
    deps.gate ??
    createAdmissionGate({
      concurrency: deps.config.OVERLOAD_CONCURRENCY,
      queue: QUEUE_LIMIT,
      clientQueue: CLIENT_QUEUE_LIMIT,
      maxWaitMs: deps.config.OVERLOAD_QUEUE_WAIT_MS,
    });
  let pressure = deps.pressure ?? (deps.config.OVERLOAD_MAX_LAG_MS === 0 ? { overloaded: () => false } : undefined);
  if (!pressure) {
    const monitor = createEventLoopPressure({ maxDelayMs: deps.config.OVERLOAD_MAX_LAG_MS });
    app.addHook("onReady", async () => monitor.start());
    app.addHook("onClose", async () => monitor.close());
    pressure = pressureWhileBusy(monitor, gate);
  }
  installOverloadGuard(app, {
    pressure,
    gate,
    retryAfterSeconds: RETRY_AFTER_SECONDS,
    documentPage: createOverloadPages(deps.packs, RETRY_AFTER_SECONDS),
    onRefused: deps.onRefused,
  });
}
