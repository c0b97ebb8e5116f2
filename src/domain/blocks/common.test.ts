import { describe, expect, it } from "vitest";
import { ZImage, ZIsoDate } from "./common";
import { isSafeUrl, safeHref } from "./safe-url";

describe("isSafeUrl", () => {
  it.each(["/demo/a.svg", "/en/courses/c1?x=1#y", "https://example.org/x", "http://localhost:3000/a"])("accepts %s", (u) => {
    expect(isSafeUrl(u)).toBe(true);
  });
  it.each([
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    "data:text/html,<b>x</b>",
    "//evil.example/x",
    "/\\evil.example",
    "vbscript:x",
    "ftp://x.example/f",
    "not a url",
    "",
  ])("refuses %s", (u) => {
    expect(isSafeUrl(u)).toBe(false);
  });
  it("safeHref drops what is not safe", () => {
    expect(safeHref("javascript:alert(1)")).toBeUndefined();
    expect(safeHref(undefined)).toBeUndefined();
    expect(safeHref("/a")).toBe("/a");
  });
});

describe("ZImage and ZIsoDate", () => {
  it("keeps an empty alt (decorative) but refuses an unsafe src", () => {
    expect(ZImage.safeParse({ src: "/a.svg", alt: "" }).success).toBe(true);
    expect(ZImage.safeParse({ src: "javascript:x", alt: "a" }).success).toBe(false);
  });
  it("accepts only days that exist", () => {
    expect(ZIsoDate.safeParse("2026-09-14").success).toBe(true);
    expect(ZIsoDate.safeParse("2026-02-30").success).toBe(false);
    expect(ZIsoDate.safeParse("14.09.2026").success).toBe(false);
  });
});
