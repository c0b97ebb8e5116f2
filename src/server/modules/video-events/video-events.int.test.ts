import { describe, expect, it } from "vitest";
import { describeEachDatabase } from "../../../../tests/setup/databases";
import { episodeState, formatEpisodeDate, ZVideoEvent } from "../../../domain/video-event";
import { upsertEpisode, upsertVideoEvent } from "../../db/seed/course-factories";
import { expectError, json } from "../../../../tests/support/http";

type Ep = { id: string; state: string; date: string; distance: string; startDate: string; videoUrl: string | null };

describeEachDatabase("video events API", (t) => {
  const get = (url: string) => t.app.inject({ method: "GET", url });

  it.each(["tr", "en", "ar", "ru"])("answers the demo event in %s with past, today and future episodes", async (lang) => {
    const ev = json<{ episodes: Ep[]; title: string }>(await get(`/api/video-events/history-of-writing?lang=${lang}`));
    expect(ZVideoEvent.safeParse(ev).success).toBe(true);
    expect(ev.episodes.map((e) => e.id)).toEqual(["how-clay", "how-alphabets", "how-manuscripts", "how-printing", "how-screens"]);
    // Seeded relative to the seeding time: two before it, one later that (UTC) day, two on later days.
    const starts = ev.episodes.map((e) => Date.parse(e.startDate));
    const seededAt = starts[1] + 2 * 86_400_000;
    const midnight = new Date(seededAt).setUTCHours(24, 0, 0, 0);
    expect(starts[0]).toBeLessThan(starts[1]);
    expect(starts[1]).toBeLessThan(seededAt);
    expect(starts[2]).toBeGreaterThanOrEqual(seededAt);
    expect(starts[2]).toBeLessThan(midnight);
    expect(starts[3]).toBeGreaterThanOrEqual(midnight);
    expect(starts[4]).toBeGreaterThan(starts[3]);
    // The server derives each state by the rule (unit-tested case by case in src/domain/video-event.test.ts).
    const at = new Date();
    expect(ev.episodes.map((e) => e.state)).toEqual(ev.episodes.map((e) => episodeState(new Date(e.startDate), at)));
    expect(ev.episodes.slice(0, 2).map((e) => e.state)).toEqual(["opened", "opened"]);
    expect(ev.episodes.slice(3).map((e) => e.state)).toEqual(["closed", "closed"]);
    for (const e of ev.episodes) expect(e.date).toBe(formatEpisodeDate(new Date(e.startDate), lang));
    expect(ev.episodes[4].videoUrl).toBeNull();
  });

  it("derives the state in the caller's time zone and writes distance in the page language", async () => {
    await upsertVideoEvent(t.db, { id: "ve-tz", portalId: t.config.PORTAL_ID, title: { en: "Zones" } });
    const now = Date.now();
    await upsertEpisode(t.db, {
      id: "ep-tz-past",
      eventId: "ve-tz",
      title: { en: "Past" },
      startDate: new Date(now - 3 * 86_400_000),
      videoUrl: "https://vimeo.com/123456789",
    });
    await upsertEpisode(t.db, {
      id: "ep-tz-future",
      eventId: "ve-tz",
      title: { en: "Future" },
      startDate: new Date(now + 5 * 86_400_000),
      videoUrl: "https://vimeo.com/987654321",
    });
    const ev = json<{ episodes: Ep[] }>(await get("/api/video-events/ve-tz?lang=en&tz=Asia/Tokyo"));
    expect(ev.episodes.map((e) => [e.id, e.state, e.distance])).toEqual([
      ["ep-tz-past", "opened", "3 days ago"],
      ["ep-tz-future", "closed", "in 5 days"],
    ]);
    expect(ev.episodes.map((e) => e.videoUrl)).toEqual(["https://vimeo.com/123456789", null]);
    expect(ev.episodes[0].state).toBe(episodeState(new Date(ev.episodes[0].startDate), new Date(), "Asia/Tokyo"));
    const ru = json<{ episodes: Ep[] }>(await get("/api/video-events/ve-tz?lang=ru"));
    expect(ru.episodes[0].distance).toBe("3 дня назад");
  });

  it("lists published events", async () => {
    await upsertVideoEvent(t.db, { id: "ve-draft", portalId: t.config.PORTAL_ID, title: { en: "Draft" }, published: false });
    const { videoEvents } = json<{ videoEvents: Array<{ id: string }> }>(await get("/api/video-events?lang=en"));
    expect(videoEvents.map((v) => v.id)).toEqual(expect.arrayContaining(["history-of-writing", "ve-tz"]));
    expect(videoEvents.map((v) => v.id)).not.toContain("ve-draft");
  });

  it("answers 404 VIDEO-EVENT-NOT-FOUND for a missing or unpublished event", async () => {
    for (const id of ["nope", "ve-draft"]) expectError(await get(`/api/video-events/${id}?lang=en`), 404, "VIDEO-EVENT-NOT-FOUND");
  });

  describe("bad input", () => {
    it.each([
      ["an unknown time zone", "/api/video-events/history-of-writing?lang=en&tz=Mars/Olympus"],
      ["no lang", "/api/video-events/history-of-writing"],
      ["a malformed id", `/api/video-events/${encodeURIComponent("a b")}?lang=en`],
    ])("answers 400 VALIDATION for %s", async (_w, url) => {
      expectError(await get(url), 400, "VALIDATION");
    });
    it("answers 400 UNSUPPORTED-LANG for a language the portal does not have", async () => {
      expectError(await get("/api/video-events?lang=de"), 400, "UNSUPPORTED-LANG");
    });
  });
});
