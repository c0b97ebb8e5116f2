import { describe, expect, it } from "vitest";
import { ZEventDateBlock } from "./event-date";
import { daysUntil, formatDistance, formatEventDate } from "./event-date-format";

describe("formatEventDate (seed 9: MMM d, yyyy in the page language)", () => {
  it.each([
    ["en", "Sep 14, 2026"],
    ["tr", "Eyl 14, 2026"],
    ["ru", "сент 14, 2026"],
  ])("%s", (lang, text) => {
    expect(formatEventDate("2026-09-14", lang)).toBe(text);
  });

  it("writes the Arabic month and year", () => {
    const ar = formatEventDate("2026-09-14", "ar");
    expect(ar).toContain("سبتمبر");
    expect(ar).toMatch(/2026|٢٠٢٦/);
  });

  it("keeps the day whatever the time zone of the machine (the day is read as UTC)", () => {
    expect(formatEventDate("2026-01-01", "en")).toBe("Jan 1, 2026");
    expect(formatEventDate("2026-12-31", "en")).toBe("Dec 31, 2026");
  });
});

describe("daysUntil", () => {
  const now = new Date("2026-09-10T23:30:00Z");
  it("counts whole days from today", () => {
    expect(daysUntil("2026-09-10", now)).toBe(0);
    expect(daysUntil("2026-09-11", now)).toBe(1);
    expect(daysUntil("2026-09-09", now)).toBe(-1);
    expect(daysUntil("2026-09-14", now)).toBe(4);
    expect(daysUntil("2027-09-10", now)).toBe(365);
  });
});

describe("formatDistance", () => {
  it.each([
    [0, "today"],
    [1, "tomorrow"],
    [-1, "yesterday"],
    [4, "in 4 days"],
    [-13, "13 days ago"],
    [21, "in 3 weeks"],
    [90, "in 3 months"],
    [-400, "13 months ago"],
    [800, "in 2 years"],
  ])("%s days -> %s", (days, text) => {
    expect(formatDistance(days, "en")).toBe(text);
  });

  it("speaks the page language", () => {
    expect(formatDistance(4, "ru")).toBe("через 4 дня");
    expect(formatDistance(4, "tr")).toBe("4 gün sonra");
    expect(formatDistance(4, "ar")).toContain("4");
  });
});

describe("event date props", () => {
  it("needs a real day", () => {
    const props = { title: "Open day", date: "2026-09-14" };
    expect(ZEventDateBlock.safeParse({ id: "e", type: "event-date", props }).success).toBe(true);
    expect(ZEventDateBlock.safeParse({ id: "e", type: "event-date", props: { ...props, date: "2026-13-01" } }).success).toBe(false);
    expect(ZEventDateBlock.safeParse({ id: "e", type: "event-date", props: { ...props, date: "next week" } }).success).toBe(false);
  });
});
