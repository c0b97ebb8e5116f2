import { describe, expect, it } from "vitest";
import { relativeTime } from "./relative-time";

const NOW = Date.parse("2025-03-10T12:00:00Z");
const ago = (s: number) => new Date(NOW - s * 1000).toISOString();

describe("relative time", () => {
  it("names the largest fitting unit, in the page language", () => {
    expect(relativeTime(ago(5), NOW, "en")).toBe("5 seconds ago");
    expect(relativeTime(ago(0), NOW, "en")).toBe("now");
    expect(relativeTime(ago(3 * 60), NOW, "en")).toBe("3 minutes ago");
    expect(relativeTime(ago(2 * 3600), NOW, "en")).toBe("2 hours ago");
    expect(relativeTime(ago(26 * 3600), NOW, "en")).toBe("yesterday");
    expect(relativeTime(ago(3 * 3600), NOW, "ru")).toBe("3 часа назад");
    expect(relativeTime(ago(3 * 3600), NOW, "tr")).toBe("3 saat önce");
    expect(relativeTime(ago(3 * 3600), NOW, "ar")).toMatch(/ساعات/);
  });

  it("reads a moment ahead of the clock as now, and a bad date as nothing", () => {
    expect(relativeTime(new Date(NOW + 20_000).toISOString(), NOW, "en")).toBe("now");
    expect(relativeTime("nope", NOW, "en")).toBe("");
  });
});
