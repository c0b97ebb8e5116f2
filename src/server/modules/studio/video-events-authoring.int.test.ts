import { expect, it } from "vitest";
import { describeEachDatabase } from "../../../../tests/setup/databases";
import { expectAuthorsOnly, type StudioCall } from "../../../../tests/support/studio-guards";
import { expectError, json } from "../../../../tests/support/http";
import { learner } from "../../../../tests/support/sign-in";
import type { TAuditPage } from "../../../domain/studio";
import type { TStudioEpisode, TStudioVideoEvent } from "../../../domain/studio-video-events";
import type { TVideoEvent } from "../../../domain/video-event";
import { auditLog } from "../../db/schema/audit";
import { readContentVersion } from "../../platform/content-version";
import { upsertEpisode, upsertMicrocourse, upsertVideoEvent } from "../../db/seed/course-factories";
import { upsertPortal } from "../../db/seed/factories";

const origin = { origin: "http://localhost" };
const newEvent = (id: string, extra: Record<string, unknown> = {}) => ({ id, title: { tr: `Etkinlik ${id}`, en: `Event ${id}` }, ...extra });
const episode = (n: number, startDate: string, extra: Record<string, unknown> = {}) => ({
  title: { tr: `Bölüm ${n}`, en: `Episode ${n}` },
  startDate,
  ...extra,
});

describeEachDatabase("studio: video events and their dated episodes", (t) => {
  const withRole = (roles: string[]) => learner(t.app, t.db, { roles });
  const auditRows = async () => t.db.select().from(auditLog);
  const publicEvent = async (id: string) => t.app.inject({ method: "GET", url: `/api/video-events/${id}?lang=en` });

  async function eventWithEpisodes(author: Awaited<ReturnType<typeof withRole>>, id: string) {
    json(await author.browser.post("/api/admin/video-events", newEvent(id, { published: true }), origin), 201);
    const a = json<TStudioEpisode>(
      await author.browser.post(
        `/api/admin/video-events/${id}/episodes`,
        episode(1, "2020-01-05T18:00:00+03:00", { videoUrl: "https://video.example/1" }),
        origin,
      ),
      201,
    );
    const b = json<TStudioEpisode>(await author.browser.post(`/api/admin/video-events/${id}/episodes`, episode(2, "2099-03-01T09:30:00Z"), origin), 201);
    return [a, b] as const;
  }

  it("creates an event with dated episodes; the public event shows them with their states; edits, reorders and deletes follow; audit rows", async () => {
    const admin = await withRole(["mp-admin"]);
    const [a, b] = await eventWithEpisodes(admin, "spring-talks");
    expect(a).toMatchObject({ startDate: "2020-01-05T15:00:00.000Z", videoUrl: "https://video.example/1", index: 0 });
    expect(b).toMatchObject({ index: 1, videoUrl: null });
    const shown = json<TVideoEvent>(await publicEvent("spring-talks"));
    expect(shown.title).toBe("Event spring-talks");
    expect(shown.episodes.map((e) => [e.title, e.state, e.videoUrl])).toEqual([
      ["Episode 1", "opened", "https://video.example/1"],
      ["Episode 2", "closed", null],
    ]);

    const edited = json<TStudioEpisode>(
      await admin.browser.patch(
        `/api/admin/episodes/${b.id}`,
        { title: { en: "Finale" }, startDate: "2021-06-01T12:00:00+02:00", videoUrl: "https://video.example/2" },
        origin,
      ),
    );
    expect(edited).toMatchObject({ title: { tr: "Bölüm 2", en: "Finale" }, startDate: "2021-06-01T10:00:00.000Z" });
    expect(json<TVideoEvent>(await publicEvent("spring-talks")).episodes.map((e) => [e.title, e.state])).toEqual([
      ["Episode 1", "opened"],
      ["Finale", "opened"],
    ]);

    const reordered = json<{ episodes: TStudioEpisode[] }>(
      await admin.browser.put("/api/admin/video-events/spring-talks/episodes/order", { episodeIds: [b.id, a.id] }, origin),
    );
    expect(reordered.episodes.map((e) => [e.id, e.index])).toEqual([
      [b.id, 0],
      [a.id, 1],
    ]);
    const version = await readContentVersion(t.db);
    for (const ids of [[a.id], [a.id, a.id, b.id], [a.id, b.id, "ep-forged"]]) {
      expectError(await admin.browser.put("/api/admin/video-events/spring-talks/episodes/order", { episodeIds: ids }, origin), 409, "EPISODE-ORDER-MISMATCH");
    }
    expect(await readContentVersion(t.db)).toBe(version);

    json(await admin.browser.patch("/api/admin/video-events/spring-talks", { title: { en: "Spring talks" }, cover: "/media/spring.webp" }, origin));
    const del = await admin.browser.request({ method: "DELETE", url: `/api/admin/episodes/${a.id}`, headers: origin });
    expect(del.statusCode).toBe(204);
    expectError(await admin.browser.request({ method: "DELETE", url: `/api/admin/episodes/${a.id}`, headers: origin }), 404, "NOT-FOUND");
    const studio = json<TStudioVideoEvent>(await admin.browser.get("/api/admin/video-events/spring-talks"));
    expect(studio).toMatchObject({ title: { en: "Spring talks" }, cover: "/media/spring.webp" });
    expect(studio.episodes.map((e) => [e.id, e.index])).toEqual([[b.id, 0]]);
    const shownAfter = json<TVideoEvent>(await publicEvent("spring-talks"));
    expect(shownAfter).toMatchObject({ title: "Spring talks", cover: "/media/spring.webp" });
    expect(shownAfter.episodes.map((e) => e.title)).toEqual(["Finale"]);

    // Unpublished: gone from the public side.
    json(await admin.browser.patch("/api/admin/video-events/spring-talks", { published: false }, origin));
    expect((await publicEvent("spring-talks")).statusCode).toBe(404);

    const page = json<TAuditPage>(await admin.browser.get("/api/admin/audit?limit=8"));
    expect(page.entries.map((e) => e.action)).toEqual([
      "video-event.update",
      "episode.delete",
      "video-event.update",
      "video-event.reorder-episodes",
      "episode.update",
      "episode.create",
      "episode.create",
      "video-event.create",
    ]);
    expect(page.entries.every((e) => e.actorId === admin.userId)).toBe(true);
    expect(page.entries[1]).toMatchObject({ entityType: "episode", entityId: a.id, summary: { eventId: "spring-talks" } });
    expectError(await admin.browser.post("/api/admin/video-events", newEvent("spring-talks"), origin), 409, "VIDEO-EVENT-ID-TAKEN");
  });

  it("refuses bad dates, unsafe video links, bad bodies, unknown ids and every non-author; nothing written", async () => {
    const admin = await withRole(["admin"]);
    const [a] = await eventWithEpisodes(admin, "guarded-event");
    const rows = await auditRows();
    const version = await readContentVersion(t.db);
    const add = (body: unknown, id = "guarded-event") => admin.browser.post(`/api/admin/video-events/${id}/episodes`, body, origin);
    for (const body of [
      {},
      episode(1, "2026-05-01"),
      episode(1, "2026-05-01T18:00:00"),
      episode(1, "tomorrow"),
      episode(1, "2026-05-01T18:00:00Z", { videoUrl: "javascript:alert(1)" }),
      episode(1, "2026-05-01T18:00:00Z", { videoUrl: "/local/path.mp4" }),
      episode(1, "2026-05-01T18:00:00Z", { videoUrl: "data:video/mp4;base64,AAAA" }),
      episode(1, "2026-05-01T18:00:00Z", { index: 3 }),
      { ...episode(1, "2026-05-01T18:00:00Z"), title: { tr: "a\u0000b" } },
    ]) {
      expectError(await add(body), 400, "VALIDATION");
    }
    expectError(await add({ ...episode(1, "2026-05-01T18:00:00Z"), title: {} }), 400, "TITLE-REQUIRED");
    expectError(await add(episode(1, "2026-05-01T18:00:00Z"), "no-such-event"), 404, "NOT-FOUND");
    expectError(await add({ ...episode(1, "2026-05-01T18:00:00Z"), title: { tr: "x", de: "y" } }), 400, "UNSUPPORTED-LANG");
    expectError(await add(episode(1, `2026-05-01T18:00:00Z`, { videoUrl: `https://v.example/${"y".repeat(2_000_000)}` })), 413, "PAYLOAD-TOO-LARGE");
    for (const body of [{}, { startDate: "2026-13-01T00:00:00Z" }, { videoUrl: "ftp://x.example/a" }, { eventId: "other" }]) {
      expectError(await admin.browser.patch(`/api/admin/episodes/${a.id}`, body, origin), 400, "VALIDATION");
    }
    expectError(await admin.browser.patch("/api/admin/episodes/ep-forged", { videoUrl: null }, origin), 404, "NOT-FOUND");
    expectError(await admin.browser.patch("/api/admin/video-events/no-such-event", { published: true }, origin), 404, "NOT-FOUND");
    expectError(await admin.browser.put("/api/admin/video-events/no-such-event/episodes/order", { episodeIds: [a.id] }, origin), 404, "NOT-FOUND");
    expectError(await admin.browser.post("/api/admin/video-events", newEvent("bad-cover", { cover: "javascript:x" }), origin), 400, "VALIDATION");
    expectError(await admin.browser.post("/api/admin/video-events", newEvent("extra", { episodes: [] }), origin), 400, "VALIDATION");
    expectError(await admin.browser.post("/api/admin/video-events", newEvent("origin"), { origin: "https://evil.example" }), 403, "BAD-ORIGIN");

    const calls: StudioCall[] = [
      ["GET", "/api/admin/video-events"],
      ["GET", "/api/admin/video-events/guarded-event"],
      ["POST", "/api/admin/video-events", newEvent("intruder")],
      ["PATCH", "/api/admin/video-events/guarded-event", { published: false }],
      ["POST", "/api/admin/video-events/guarded-event/episodes", episode(9, "2026-05-01T18:00:00Z")],
      ["PATCH", `/api/admin/episodes/${a.id}`, { videoUrl: null }],
      ["DELETE", `/api/admin/episodes/${a.id}`],
      ["PUT", "/api/admin/video-events/guarded-event/episodes/order", { episodeIds: [a.id] }],
    ];
    await expectAuthorsOnly(t.app, t.db, calls);
    expect(await auditRows()).toEqual(rows);
    expect(await readContentVersion(t.db)).toBe(version);
  });

  it("answers 404 for another portal's video event, episode and microcourse, and leaves them alone", async () => {
    const admin = await withRole(["admin"]);
    await upsertPortal(t.db, { id: "other-portal", title: { en: "Other" }, i18n: { langs: ["en"], primaryLang: "en" } });
    await upsertVideoEvent(t.db, { id: "foreign-event", portalId: "other-portal", title: { en: "Foreign" } });
    const ep = await upsertEpisode(t.db, {
      id: "ep-foreign",
      eventId: "foreign-event",
      title: { en: "Foreign episode" },
      startDate: new Date("2026-01-01T00:00:00Z"),
    });
    await upsertMicrocourse(t.db, { id: "foreign-mc", portalId: "other-portal", type: "lesson", title: { en: "Foreign" } });
    const rows = await auditRows();
    const version = await readContentVersion(t.db);
    const calls: StudioCall[] = [
      ["GET", "/api/admin/video-events/foreign-event"],
      ["PATCH", "/api/admin/video-events/foreign-event", { published: false }],
      ["POST", "/api/admin/video-events/foreign-event/episodes", episode(1, "2026-05-01T18:00:00Z")],
      ["PUT", "/api/admin/video-events/foreign-event/episodes/order", { episodeIds: [ep.id] }],
      ["PATCH", `/api/admin/episodes/${ep.id}`, { videoUrl: null }],
      ["DELETE", `/api/admin/episodes/${ep.id}`],
      ["GET", "/api/admin/microcourses/foreign-mc"],
      ["PATCH", "/api/admin/microcourses/foreign-mc", { published: false }],
    ];
    for (const [method, url, payload] of calls) {
      expectError(await admin.browser.request({ method: method as "GET", url, payload: payload as object, headers: origin }), 404, "NOT-FOUND");
    }
    const lists = [
      json<{ videoEvents: TStudioVideoEvent[] }>(await admin.browser.get("/api/admin/video-events")).videoEvents.map((e) => e.id),
      json<{ microcourses: Array<{ id: string }> }>(await admin.browser.get("/api/admin/microcourses")).microcourses.map((m) => m.id),
    ];
    expect(lists.flat()).not.toContain("foreign-event");
    expect(lists.flat()).not.toContain("foreign-mc");
    // Ids are addresses across portals: a taken one is still 409, never an overwrite.
    expectError(await admin.browser.post("/api/admin/video-events", newEvent("foreign-event"), origin), 409, "VIDEO-EVENT-ID-TAKEN");
    expect(await auditRows()).toEqual(rows);
    expect(await readContentVersion(t.db)).toBe(version);
  });
});
