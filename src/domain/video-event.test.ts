import { describe, expect, it } from "vitest";
import { episodeDistance, episodeState, formatEpisodeDate, isTimeZone, ZVideoEventQuery } from "./video-event";

const now = new Date("2026-05-14T12:00:00.000Z");
const at = (iso: string) => new Date(iso);

describe("episode state (seed 000 §4)", () => {
  it("is opened when the start date is past", () => {
    expect(episodeState(at("2026-05-01T09:00:00Z"), now)).toBe("opened");
    expect(episodeState(at("2026-05-14T08:00:00Z"), now)).toBe("opened");
    expect(episodeState(now, now)).toBe("opened");
  });

  it("is today when it starts later today", () => {
    expect(episodeState(at("2026-05-14T20:00:00Z"), now)).toBe("today");
  });

  it("is closed when it starts on a later day", () => {
    expect(episodeState(at("2026-05-15T00:30:00Z"), now)).toBe("closed");
    expect(episodeState(at("2027-01-01T00:00:00Z"), now)).toBe("closed");
  });

  it("counts the day in the given time zone", () => {
    // 22:30 UTC is already the next day in Istanbul (UTC+3), but the same day in UTC.
    const late = at("2026-05-14T22:30:00Z");
    expect(episodeState(late, now, "UTC")).toBe("today");
    expect(episodeState(late, now, "Europe/Istanbul")).toBe("closed");
  });
});

describe("episode date MMM d, yyyy with localized month names", () => {
  const d = at("2026-01-05T10:00:00Z");
  it.each([
    ["en", "Jan 5, 2026"],
    ["tr", "Oca 5, 2026"],
    ["ru", "янв. 5, 2026"],
    ["ar", "يناير 5, 2026"],
  ])("%s: %s", (lang, text) => {
    expect(formatEpisodeDate(d, lang)).toBe(text);
  });

  it("uses the time zone's calendar day", () => {
    expect(formatEpisodeDate(at("2026-01-05T23:30:00Z"), "en", "Europe/Istanbul")).toBe("Jan 6, 2026");
  });
});

describe("episode distance", () => {
  it("speaks the page language, with direction", () => {
    expect(episodeDistance(at("2026-05-17T12:00:00Z"), now, "en")).toBe("in 3 days");
    expect(episodeDistance(at("2026-05-14T10:00:00Z"), now, "en")).toBe("2 hours ago");
    expect(episodeDistance(at("2026-05-14T12:00:20Z"), now, "en")).toBe("this minute");
    expect(episodeDistance(at("2026-05-17T12:00:00Z"), now, "tr")).toBe("3 gün sonra");
    // Rounded, not cut: a start a moment short of five days away is "in 5 days".
    expect(episodeDistance(at("2026-05-19T11:59:59Z"), now, "en")).toBe("in 5 days");
    expect(episodeDistance(at("2026-05-11T12:00:00Z"), now, "ru")).toBe("3 дня назад");
    expect(episodeDistance(at("2026-05-17T12:00:00Z"), now, "ar")).toMatch(/أيام/);
  });
});

describe("time zones", () => {
  it("knows IANA names and refuses others", () => {
    expect(isTimeZone("Europe/Istanbul")).toBe(true);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
    expect(ZVideoEventQuery.safeParse({ lang: "en", tz: "Mars/Olympus" }).success).toBe(false);
  });
});
