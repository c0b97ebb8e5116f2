import Fastify from "fastify";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createAdmissionGate, createEventLoopPressure, installOverloadGuard, overloadPage, pressureWhileBusy } from "./overload";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Holds the event loop as a process the machine did not schedule experiences it: no timer fires. */
function blockLoop(ms: number) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // blocked
  }
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
    const a = await gate.acquire();
    const b = await gate.acquire();
    expect(a).toBeTypeOf("function");
    expect(b).toBeTypeOf("function");
    let granted: unknown;
    void gate.acquire().then((r) => (granted = r));
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
    await gate.acquire();
    void gate.acquire();
    expect(await gate.acquire()).toBeNull();
  });

  it("refuses a waiter whose wait ran out, and it leaves the queue", async () => {
    const gate = createAdmissionGate({ concurrency: 1, queue: 5, maxWaitMs: 1_000 });
    const first = await gate.acquire();
    const waiting = gate.acquire();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await waiting).toBeNull();
    expect(gate.stats()).toEqual({ active: 1, waiting: 0 });
    first!();
    expect(gate.stats()).toEqual({ active: 0, waiting: 0 });
  });

  it("serves the queue in order while it drains in time, newest first once it is standing", async () => {
    const gate = createAdmissionGate({ concurrency: 1, queue: 50, maxWaitMs: 1_000 });
    const order: string[] = [];
    let release = (await gate.acquire())!;
    const wait = (name: string) =>
      void gate.acquire().then((r) => {
        if (r) order.push(name);
        release = r ?? release;
      });
    /** Frees the place 100 ms after the last one: the gate learns that one place frees up per 100 ms. */
    const serveNext = async () => {
      await vi.advanceTimersByTimeAsync(100);
      release();
      await vi.advanceTimersByTimeAsync(0);
    };
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
