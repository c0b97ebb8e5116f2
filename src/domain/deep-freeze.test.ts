import { describe, expect, it } from "vitest";
import { deepFreeze } from "./deep-freeze";

describe("deepFreeze", () => {
  it("freezes an object and everything it holds, and returns it", () => {
    const value = { a: { b: [1, { c: "x" }] }, d: null };
    expect(deepFreeze(value)).toBe(value);
    expect(Object.isFrozen(value.a)).toBe(true);
    expect(Object.isFrozen(value.a.b)).toBe(true);
    expect(Object.isFrozen(value.a.b[1])).toBe(true);
    expect(() => {
      (value.a.b[1] as { c: string }).c = "y";
    }).toThrow(TypeError);
  });

  it("leaves primitives alone", () => {
    expect(deepFreeze("text")).toBe("text");
    expect(deepFreeze(null)).toBe(null);
  });
});
