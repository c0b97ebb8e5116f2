import { describe, expect, it } from "vitest";
import { BoundedCache } from "./bounded-cache";

describe("BoundedCache", () => {
  it("keeps at most max entries, dropping the least recently used", () => {
    const cache = new BoundedCache<string, number>(2);
    cache.set("a", 1);
    cache.set("b", 2);
    expect(cache.get("a")).toBe(1); // a is now the most recently used
    cache.set("c", 3);
    expect(cache.size).toBe(2);
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")).toBe(1);
    expect(cache.get("c")).toBe(3);
  });

  it("returns what it stores, replaces a key in place and forgets a deleted one", () => {
    const cache = new BoundedCache<string, { n: number }>(3);
    const value = { n: 1 };
    expect(cache.set("a", value)).toBe(value);
    cache.set("a", { n: 2 });
    expect(cache.size).toBe(1);
    expect(cache.get("a")).toEqual({ n: 2 });
    cache.delete("a");
    expect(cache.get("a")).toBeUndefined();
  });
});
