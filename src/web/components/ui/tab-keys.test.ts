import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tabKeyTarget } from "./tab-keys";

describe("the tabs pattern's keys", () => {
  it("moves with the arrows, wrapping around, and jumps with Home and End", () => {
    expect(tabKeyTarget("ArrowRight", 0, 3, false)).toBe(1);
    expect(tabKeyTarget("ArrowRight", 2, 3, false)).toBe(0);
    expect(tabKeyTarget("ArrowLeft", 0, 3, false)).toBe(2);
    expect(tabKeyTarget("ArrowLeft", 2, 3, false)).toBe(1);
    expect(tabKeyTarget("Home", 2, 3, false)).toBe(0);
    expect(tabKeyTarget("End", 0, 3, true)).toBe(2);
  });

  it("mirrors the arrows right to left: Left is the next tab, Right the previous", () => {
    expect(tabKeyTarget("ArrowLeft", 0, 3, true)).toBe(1);
    expect(tabKeyTarget("ArrowRight", 0, 3, true)).toBe(2);
    expect(tabKeyTarget("ArrowRight", 1, 3, true)).toBe(0);
  });

  it("leaves every other key alone, and an empty list", () => {
    for (const key of ["ArrowUp", "ArrowDown", "Enter", " ", "Tab", "a"]) expect(tabKeyTarget(key, 1, 3, false)).toBeNull();
    expect(tabKeyTarget("ArrowRight", 0, 0, false)).toBeNull();
  });
});

describe("every tab list is the shared one", () => {
  it("has no role=tablist or role=tab outside components/ui/tabs.tsx", () => {
    const root = join(process.cwd(), "src", "web");
    const files = (readdirSync(root, { recursive: true }) as string[]).filter((f) => f.endsWith(".tsx") && !f.endsWith(".test.tsx"));
    const own = join("components", "ui", "tabs.tsx");
    const offenders = files.filter((f) => f !== own && /role=["{]"?tab(list)?["}]/.test(readFileSync(join(root, f), "utf8")));
    expect(offenders).toEqual([]);
    expect(files).toContain(own);
  });
});
