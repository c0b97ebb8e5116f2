import { describe, expect, it } from "vitest";
import { createWindowCounter } from "./rate-limit";

describe("window counter (preview secret guesses)", () => {
  it("blocks a key after max failures within the window, others stay free, and forgets after the window", () => {
    let now = 1_000;
    const c = createWindowCounter({ max: 3, windowMs: 100, now: () => now });
    for (let i = 0; i < 3; i++) {
      expect(c.blocked("a")).toBe(false);
      c.fail("a");
    }
    expect(c.blocked("a")).toBe(true);
    expect(c.blocked("b")).toBe(false);
    now += 101;
    expect(c.blocked("a")).toBe(false);
  });

  it("stays bounded under a flood of addresses", () => {
    const c = createWindowCounter({ max: 1, windowMs: 60_000 });
    for (let i = 0; i < 10_050; i++) c.fail(`10.0.${i}`);
    expect(c.blocked("10.0.10049")).toBe(true);
  });
});

describe("window counter (per-account limits)", () => {
  it("lets max hits through, refuses the next with RATE_LIMITED, and starts over after the window", () => {
    let now = 1_000;
    const c = createWindowCounter({ max: 2, windowMs: 100, now: () => now });
    c.hit("usr-1");
    c.hit("usr-1");
    expect(() => c.hit("usr-1")).toThrow(expect.objectContaining({ code: "RATE_LIMITED", status: 429 }));
    c.hit("usr-2");
    now += 101;
    expect(() => c.hit("usr-1")).not.toThrow();
  });
});
