import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ZEmail, ZPassword, ZPersonName, ZReturnPath } from "./fields";
import { issuesOf, MSG } from "./messages";
import { ZJsonValue, ZText, findUnsafeText, safeText } from "./safe-text";
import { isSafeText } from "./text-rule";
import { toLocation } from "./location";

describe("isSafeText", () => {
  it("refuses NUL and lone surrogates, accepts pairs and any script", () => {
    for (const bad of ["\u0000", "a\u0000b", "\ud800", "a\udfffb", "\ud83d", "x\ude00"]) expect(isSafeText(bad), JSON.stringify(bad)).toBe(false);
    for (const good of ["", "plain", "\u{1F600}", "İstanbul", "محمد", "курсы", "\u0001tab\t"]) expect(isSafeText(good), good).toBe(true);
  });
});

describe("safeText / ZText", () => {
  it("reports the unsafeText key and normalises to NFC", () => {
    const r = ZText.safeParse("a\u0000");
    expect(issuesOf(r.error!)).toEqual([{ path: "", key: MSG.unsafeText }]);
    expect(ZText.parse("Cafe\u0301")).toBe("Caf\u00e9");
    expect(ZText.max(4).parse("Cafe\u0301")).toBe("Café");
  });

  it("keeps passwords as typed but still refuses NUL", () => {
    expect(ZPassword.parse("pa\u0301ssword")).toBe("pa\u0301ssword");
    expect(issuesOf(ZPassword.safeParse("secret\u0000x").error!)[0].key).toBe(MSG.unsafeText);
    expect(safeText({ normalize: false }).parse("e\u0301")).toBe("e\u0301");
  });

  it("is part of the shared field rules", () => {
    expect(issuesOf(ZEmail.safeParse("a\u0000@example.com").error!)[0].key).toBe(MSG.unsafeText);
    expect(issuesOf(ZPersonName.safeParse("An\ud800n").error!)[0].key).toBe(MSG.unsafeText);
    expect(ZReturnPath.safeParse("/a\u0000").success).toBe(false);
  });

  it("ZJsonValue checks strings and keys at any depth", () => {
    expect(ZJsonValue.parse({ a: [1, "x", { b: "Cafe\u0301" }] })).toEqual({ a: [1, "x", { b: "Café" }] });
    expect(ZJsonValue.safeParse({ a: [{ b: "\u0000" }] }).success).toBe(false);
    expect(ZJsonValue.safeParse({ "k\ud800": 1 }).success).toBe(false);
    expect(z.object({ v: ZJsonValue }).safeParse({ v: undefined }).success).toBe(false);
  });
});

describe("findUnsafeText", () => {
  it("finds values and keys, with a path", () => {
    expect(findUnsafeText({ a: { b: ["ok", "x\u0000"] } })).toEqual({ path: "a.b.1" });
    expect(findUnsafeText({ ["k\u0000"]: 1 })).toEqual({ path: "k\uFFFD" });
    expect(findUnsafeText("\ud800")).toEqual({ path: "" });
    expect(findUnsafeText({ a: 1, b: [true, null, "ok"] })).toBeNull();
  });

  it("skips raw bytes and treats absurd nesting as unsafe", () => {
    expect(findUnsafeText(new Uint8Array([0, 0]))).toBeNull();
    let deep: unknown = "x";
    for (let i = 0; i < 100; i++) deep = [deep];
    expect(findUnsafeText(deep)).not.toBeNull();
  });
});

describe("toLocation", () => {
  it("percent-encodes non-ASCII paths, queries and fragments and keeps escapes", () => {
    expect(toLocation("/ru/курсы")).toBe("/ru/%D0%BA%D1%83%D1%80%D1%81%D1%8B");
    expect(toLocation("/ru/курсы?q=б&x=%20#я")).toBe("/ru/%D0%BA%D1%83%D1%80%D1%81%D1%8B?q=%D0%B1&x=%20#%D1%8F");
    expect(toLocation("/en/a%20b")).toBe("/en/a%20b");
    expect(toLocation("https://accounts.example/auth?x=ü")).toBe("https://accounts.example/auth?x=%C3%BC");
  });

  it("yields ASCII only", () => {
    for (const t of ["/ar/دورات", "/tr/kurslar/ğüşiöç", "/x\ud800", "not a url ∞"]) expect(toLocation(t)).toMatch(/^[\x21-\x7e]*$/);
  });
});
