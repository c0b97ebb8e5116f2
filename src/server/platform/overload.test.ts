import Fastify from "fastify";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { clientKeyOf, createAdmissionGate, createEventLoopPressure, installOverloadGuard, overloadPage, pressureWhileBusy } from "./overload";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Holds the event loop as a process the machine did not schedule experiences it: no timer fires. */
function blockLoop(ms: number) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // blocked
  }
}

/**
 * A gate of one place, taken, and waiters that record the order they are admitted in. `serveNext`
 * frees the place 100 ms after the last one: the gate learns that one place frees up per 100 ms.
 */
async function servedInTurn(gate: ReturnType<typeof createAdmissionGate>) {
  const order: string[] = [];
  let release = (await gate.acquire("a"))!;
  const wait = (client: string, name: string) =>
    void gate.acquire(client).then((r) => {
      if (r) order.push(name);
      release = r ?? release;
    });
  const serveNext = async () => {
    await vi.advanceTimersByTimeAsync(100);
    release();
    await vi.advanceTimersByTimeAsync(0);
  };
  return { order, wait, serveNext };
}

describe("admission gate", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("admits up to its concurrency at once and the next when a place is released", async () => {
    const gate = createAdmissionGate({ concurrency: 2, queue: 10, maxWaitMs: 1_000 });
    const a = await gate.acquire("a");
    const b = await gate.acquire("a");
    expect(a).toBeTypeOf("function");
    expect(b).toBeTypeOf("function");
    let granted: unknown;
    void gate.acquire("a").then((r) => (granted = r));
    await Promise.resolve();
    expect(granted).toBeUndefined();
    expect(gate.stats()).toEqual({ active: 2, waiting: 1 });
    a!();
    a!(); // releasing twice frees one place only
    await vi.advanceTimersByTimeAsync(0);
    expect(granted).toBeTypeOf("function");
    expect(gate.stats()).toEqual({ active: 2, waiting: 0 });
  });

  it("refuses at once when the queue is full", async () => {
    const gate = createAdmissionGate({ concurrency: 1, queue: 1, maxWaitMs: 1_000 });
    await gate.acquire("a");
    void gate.acquire("a");
    expect(await gate.acquire("a")).toBeNull();
  });

  it("refuses a waiter whose wait ran out, and it leaves the queue", async () => {
    const gate = createAdmissionGate({ concurrency: 1, queue: 5, maxWaitMs: 1_000 });
    const first = await gate.acquire("a");
    const waiting = gate.acquire("a");
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await waiting).toBeNull();
    expect(gate.stats()).toEqual({ active: 1, waiting: 0 });
    first!();
    expect(gate.stats()).toEqual({ active: 0, waiting: 0 });
  });

  it("serves the queue in order while it drains in time, newest first once it is standing", async () => {
    const gate = createAdmissionGate({ concurrency: 1, queue: 50, maxWaitMs: 1_000 });
    const { order, wait: waitAs, serveNext } = await servedInTurn(gate);
    const wait = (name: string) => waitAs("a", name);
    for (const name of ["a", "b", "c"]) wait(name);
    await serveNext();
    await serveNext();
    // Two waiting, one place per 100 ms: drained in time, first come first served.
    expect(order).toEqual(["a", "b"]);
    for (let i = 0; i < 12; i++) wait(`n${i}`);
    await serveNext();
    // Thirteen waiting at 100 ms each is longer than the 1 s anyone may wait: newest first.
    expect(order).toEqual(["a", "b", "n11"]);
  });
});

describe("admission gate shared between clients", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  type Gate = ReturnType<typeof createAdmissionGate>;
  /** Queues `n` requests of `client`; each admitted one is noted in `order` and its release kept in `held`. */
  function flood(gate: Gate, client: string, n: number, order: string[], held: Map<string, Array<() => void>>) {
    const results: Promise<unknown>[] = [];
    for (let i = 0; i < n; i++)
      results.push(
        gate.acquire(client).then((r) => {
          if (!r) return null;
          order.push(client);
          held.set(client, [...(held.get(client) ?? []), r]);
          return r;
        }),
      );
    return results;
  }
  /** Releases the oldest place `client` holds. */
  const releaseOne = async (held: Map<string, Array<() => void>>, client: string) => {
    held.get(client)!.shift()!();
    await vi.advanceTimersByTimeAsync(0);
  };

  it("lets one client alone use every place", async () => {
    const gate = createAdmissionGate({ concurrency: 4, queue: 50, maxWaitMs: 1_000 });
    const order: string[] = [];
    const held = new Map<string, Array<() => void>>();
    flood(gate, "a", 6, order, held);
    await vi.advanceTimersByTimeAsync(0);
    expect(gate.clientStats("a")).toEqual({ active: 4, waiting: 2 });
    await releaseOne(held, "a");
    expect(gate.clientStats("a")).toEqual({ active: 4, waiting: 1 });
  });

  it("gives a second client the next free place while the first floods the queue", async () => {
    const gate = createAdmissionGate({ concurrency: 4, queue: 500, clientQueue: 200, maxWaitMs: 1_000 });
    const order: string[] = [];
    const held = new Map<string, Array<() => void>>();
    flood(gate, "flood", 200, order, held);
    await vi.advanceTimersByTimeAsync(0);
    expect(gate.clientStats("flood")).toEqual({ active: 4, waiting: 196 });
    let visitor: unknown;
    void gate.acquire("visitor").then((r) => (visitor = r));
    await vi.advanceTimersByTimeAsync(0);
    expect(visitor).toBeUndefined();
    // One of the flood's 4 places frees: it goes to the visitor, not to the 196 that came before it.
    await releaseOne(held, "flood");
    expect(visitor).toBeTypeOf("function");
    expect(gate.clientStats("visitor")).toEqual({ active: 1, waiting: 0 });
    expect(gate.clientStats("flood")).toEqual({ active: 3, waiting: 196 });
  });

  it("serves two flooding clients in turn, each holding at most half the places while the other waits", async () => {
    const gate = createAdmissionGate({ concurrency: 4, queue: 500, maxWaitMs: 60_000 });
    const order: string[] = [];
    const held = new Map<string, Array<() => void>>();
    flood(gate, "a", 50, order, held);
    await vi.advanceTimersByTimeAsync(0);
    flood(gate, "b", 50, order, held);
    await vi.advanceTimersByTimeAsync(0);
    expect(order).toEqual(["a", "a", "a", "a"]);
    order.length = 0;
    // "a" holds all four places; as they free, "b" gets its share of two.
    await releaseOne(held, "a");
    await releaseOne(held, "a");
    expect(order).toEqual(["b", "b"]);
    expect(gate.clientStats("a")).toEqual({ active: 2, waiting: 46 });
    expect(gate.clientStats("b")).toEqual({ active: 2, waiting: 48 });
    // From then on a place freed by either goes back to the same client: each keeps its half.
    for (let i = 0; i < 10; i++) {
      await releaseOne(held, "a");
      await releaseOne(held, "b");
      expect(gate.clientStats("a").active).toBe(2);
      expect(gate.clientStats("b").active).toBe(2);
    }
    expect(order.slice(2)).toEqual(Array.from({ length: 10 }, () => ["a", "b"]).flat());
  });

  it("alternates the places between two waiting clients", async () => {
    const gate = createAdmissionGate({ concurrency: 1, queue: 500, maxWaitMs: 60_000 });
    const order: string[] = [];
    const held = new Map<string, Array<() => void>>();
    const first = (await gate.acquire("x"))!;
    flood(gate, "a", 5, order, held);
    flood(gate, "b", 5, order, held);
    await vi.advanceTimersByTimeAsync(0);
    first();
    await vi.advanceTimersByTimeAsync(0);
    for (let i = 0; i < 7; i++) await releaseOne(held, order.at(-1)!);
    expect(order).toEqual(["a", "b", "a", "b", "a", "b", "a", "b"]);
  });

  it("bounds one client's queue and still queues another's", async () => {
    const gate = createAdmissionGate({ concurrency: 1, queue: 10, clientQueue: 3, maxWaitMs: 1_000 });
    await gate.acquire("a");
    const queued = [gate.acquire("a"), gate.acquire("a"), gate.acquire("a")];
    expect(await gate.acquire("a")).toBeNull();
    expect(gate.clientStats("a")).toEqual({ active: 1, waiting: 3 });
    void gate.acquire("b");
    expect(gate.clientStats("b")).toEqual({ active: 0, waiting: 1 });
    expect(gate.stats()).toEqual({ active: 1, waiting: 4 });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await Promise.all(queued)).toEqual([null, null, null]);
  });

  it("forgets a client once it holds and waits for nothing", async () => {
    const gate = createAdmissionGate({ concurrency: 1, queue: 10, maxWaitMs: 1_000 });
    const release = (await gate.acquire("a"))!;
    const waiting = gate.acquire("b");
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await waiting).toBeNull();
    release();
    expect(gate.clientStats("a")).toEqual({ active: 0, waiting: 0 });
    expect(gate.stats()).toEqual({ active: 0, waiting: 0 });
    // A place is free again: the next client is admitted at once.
    expect(await gate.acquire("c")).toBeTypeOf("function");
  });

  it("keeps the deadline per waiter and each client's queue newest first once it stands", async () => {
    const gate = createAdmissionGate({ concurrency: 1, queue: 50, maxWaitMs: 1_000 });
    const { order, wait, serveNext } = await servedInTurn(gate);
    // Two releases teach the gate that one place frees up per 100 ms.
    for (const name of ["a0", "a1"]) wait("a", name);
    await serveNext();
    await serveNext();
    // "a" queues 6 and "b" 1: with two clients waiting, "a"'s turn comes every 200 ms, 6 × 200 ms > 1 s: standing,
    // so "a"'s newest goes first; then "b"'s turn; then "a" waits alone, 5 × 100 ms drain in time: oldest first.
    for (let i = 0; i < 6; i++) wait("a", `a${i + 2}`);
    wait("b", "b0");
    await serveNext();
    await serveNext();
    await serveNext();
    expect(order).toEqual(["a0", "a1", "a7", "b0", "a2"]);
  });
});

describe("overload guard", () => {
  it("shares the gate by address: a client past its queue bound gets a 503 with Retry-After, another still waits and is served", async () => {
    const app = Fastify();
    const gate = createAdmissionGate({ concurrency: 1, queue: 10, clientQueue: 1, maxWaitMs: 60_000 });
    let finish: () => void = () => undefined;
    const slow = new Promise<void>((r) => (finish = r));
    installOverloadGuard(app, { pressure: { overloaded: () => false }, gate, retryAfterSeconds: 5, documentPage: async () => "busy" });
    app.get("/*", async (req) => {
      if (req.url === "/slow") await slow;
      return "page";
    });
    try {
      await app.ready();
      const from = (remoteAddress: string, url = "/en/") => app.inject({ method: "GET", url, remoteAddress });
      const inFlight = from("10.0.0.1", "/slow");
      await expect.poll(() => gate.clientStats("10.0.0.1").active).toBe(1);
      const queued = from("10.0.0.1");
      await expect.poll(() => gate.clientStats("10.0.0.1").waiting).toBe(1);
      const refused = await from("10.0.0.1");
      expect(refused.statusCode).toBe(503);
      expect(refused.headers["retry-after"]).toBe("5");
      expect(refused.body).toBe("busy");
      const other = from("10.0.0.2");
      await expect.poll(() => gate.clientStats("10.0.0.2").waiting).toBe(1);
      finish();
      expect((await inFlight).statusCode).toBe(200);
      expect((await other).statusCode).toBe(200);
      expect((await queued).statusCode).toBe(200);
    } finally {
      finish();
      await app.close();
    }
  });
});

describe("the client an address stands for", () => {
  it("is an IPv4 address itself, mapped or not, and an IPv6 address's /64", () => {
    expect(clientKeyOf("203.0.113.7")).toBe("203.0.113.7");
    expect(clientKeyOf("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(clientKeyOf("2001:db8:0:12:a:b:c:d")).toBe("2001:db8:0:12::/64");
    expect(clientKeyOf("2001:0db8:0000:0012:ffff::1")).toBe("2001:db8:0:12::/64");
    expect(clientKeyOf("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(clientKeyOf("2001:db8::")).toBe("2001:db8:0:0::/64");
    expect(clientKeyOf("::1")).toBe("0:0:0:0::/64");
    expect(clientKeyOf("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
  });
});

describe("overload page", () => {
  it("is a small static page in the language and direction given, with the retry delay, without scripts", () => {
    const html = overloadPage("ar", "rtl", { title: "<busy>", body: "wait & see", retry: "again" }, 5);
    expect(html).toMatch(/^<!DOCTYPE html>/);
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(html).toContain('<meta http-equiv="refresh" content="5">');
    expect(html).toContain("&#60;busy&#62;");
    expect(html).toContain("wait &#38; see");
    expect(html).not.toContain("<script");
    expect(Buffer.byteLength(html)).toBeLessThan(2_048);
  });
});

describe("event-loop pressure", () => {
  it("reads as overloaded after the loop was blocked for longer than the limit, and recovers", async () => {
    const pressure = createEventLoopPressure({ maxDelayMs: 100, sampleMs: 200 });
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
    try {
      pressure.start();
      await sleep(250);
      const until = Date.now() + 500;
      while (Date.now() < until) {
        // the loop is blocked: no timer fires
      }
      // The window that saw the block closes right after it; the next one is 200 ms later.
      await sleep(20);
      expect(pressure.delayMs()).toBeGreaterThan(100);
      expect(pressure.overloaded()).toBe(true);
      // Recovers once a window passes without blocking (polled: a busy machine may stall a window too).
      for (let i = 0; i < 40 && pressure.overloaded(); i++) await sleep(100);
      expect(pressure.overloaded()).toBe(false);
    } finally {
      pressure.close();
    }
  });

  it("never reads as overloaded with the limit switched off", async () => {
    const pressure = createEventLoopPressure({ maxDelayMs: 0, sampleMs: 20 });
    pressure.start();
    const until = Date.now() + 100;
    while (Date.now() < until) {
      // blocked
    }
    await new Promise((r) => setTimeout(r, 40));
    expect(pressure.overloaded()).toBe(false);
    pressure.close();
  });
});

describe("pressure while the server has work of its own", () => {
  const over = { overloaded: () => true };
  const stats = (active: number, waiting: number) => ({ stats: () => ({ active, waiting }) });

  it("counts the event-loop delay only while requests are in flight or waiting at the gate", () => {
    expect(pressureWhileBusy(over, stats(0, 0)).overloaded()).toBe(false);
    expect(pressureWhileBusy(over, stats(1, 0)).overloaded()).toBe(true);
    expect(pressureWhileBusy(over, stats(0, 2)).overloaded()).toBe(true);
    expect(pressureWhileBusy({ overloaded: () => false }, stats(4, 10)).overloaded()).toBe(false);
  });

  it("an idle server whose loop was held up serves the next requests; with a request in flight it refuses", async () => {
    const app = Fastify();
    const gate = createAdmissionGate({ concurrency: 4, queue: 10, maxWaitMs: 10_000 });
    const monitor = createEventLoopPressure({ maxDelayMs: 100, sampleMs: 200 });
    let finish: () => void = () => undefined;
    const slow = new Promise<void>((r) => (finish = r));
    installOverloadGuard(app, { pressure: pressureWhileBusy(monitor, gate), gate, retryAfterSeconds: 5, documentPage: async () => "busy" });
    app.get("/*", async (req) => {
      if (req.url === "/slow") await slow;
      return "page";
    });
    try {
      await app.ready();
      monitor.start();
      await sleep(250);
      blockLoop(600);
      await sleep(20);
      expect(monitor.overloaded()).toBe(true);
      // Nothing of its own was queued: the late loop was the machine's doing, not work piling up.
      for (let i = 0; i < 3; i++) expect((await app.inject({ method: "GET", url: "/en/" })).statusCode).toBe(200);

      // A request in flight while the loop is held up: real overload, shed as before.
      const inFlight = app.inject({ method: "GET", url: "/slow" });
      await expect.poll(() => gate.stats().active).toBe(1);
      blockLoop(600);
      await sleep(20);
      expect(monitor.overloaded()).toBe(true);
      const refused = await app.inject({ method: "GET", url: "/en/" });
      expect(refused.statusCode).toBe(503);
      expect(refused.headers["retry-after"]).toBe("5");
      finish();
      expect((await inFlight).statusCode).toBe(200);
    } finally {
      finish();
      monitor.close();
      await app.close();
    }
  });
});
