import { describe, expect, it } from "vitest";
import { scriptJson } from "../../domain/script-json";
import { BASE_PACKS, BLOCK_PACKS, pagePacks } from "./page-packs";

describe("pagePacks", () => {
  it("is the base packs and those the matched routes declare, once each", () => {
    expect(pagePacks([undefined, { packs: ["learn"] }, { other: 1 }, { packs: ["learn", ...BLOCK_PACKS] }], false)).toEqual([
      ...BASE_PACKS,
      "learn",
      ...BLOCK_PACKS,
    ]);
  });

  it("adds the error texts and the block packs on an error screen", () => {
    expect(pagePacks([], true)).toEqual([...BASE_PACKS, "errors", ...BLOCK_PACKS]);
  });
});

describe("scriptJson", () => {
  it("cannot close the script element it is written into", () => {
    const text = scriptJson({ a: "</script><script>alert(1)</script>", b: "<!--", c: "\u2028" });
    expect(text).not.toContain("<");
    expect(JSON.parse(text)).toEqual({ a: "</script><script>alert(1)</script>", b: "<!--", c: "\u2028" });
  });
});
