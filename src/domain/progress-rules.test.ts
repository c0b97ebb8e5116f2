import { describe, expect, it } from "vitest";
import { decodeProgressCursor, encodeProgressCursor, inProgressTab, isProgressTab } from "./progress-rules";

describe("progress tabs", () => {
  it("sorts courses into the profile's tabs", () => {
    expect(isProgressTab("finished")).toBe(true);
    expect(isProgressTab("other")).toBe(false);
    expect(inProgressTab("finished", { doneCount: 3, total: 3 })).toBe(true);
    expect(inProgressTab("active", { doneCount: 3, total: 3 })).toBe(false);
    // A course without visible elements is never finished.
    expect(inProgressTab("active", { doneCount: 0, total: 0 })).toBe(true);
    expect(inProgressTab("finished", { doneCount: 0, total: 0 })).toBe(false);
    expect(inProgressTab("all", { doneCount: 1, total: 3 })).toBe(true);
  });
});

describe("progress cursor", () => {
  it("reads back what it wrote", () => {
    const c = { updatedAtUs: "1796000000123456", courseId: "course-1_a" };
    expect(decodeProgressCursor(encodeProgressCursor(c))).toEqual(c);
  });
  it("refuses anything else", () => {
    for (const bad of ["", "abc", "1.", ".c1", "-1.c1", "12345678901234567.c1", "1.c 1", "1.c1.c2", "1.c1\u0000", `1.${"c".repeat(121)}`, "1e5.c1"]) {
      expect(decodeProgressCursor(bad)).toBeNull();
    }
  });
});
