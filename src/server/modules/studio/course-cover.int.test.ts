import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { describeEachDatabase } from "../../../../tests/setup/databases";
import { Browser, bearer, expectError, json } from "../../../../tests/support/http";
import { learner, sessionBrowser } from "../../../../tests/support/sign-in";
import type { TStudioCourse } from "../../../domain/studio";
import { auditLog } from "../../db/schema/audit";
import { courses } from "../../db/schema/courses";
import { upsertCourse } from "../../db/seed/course-factories";
import { upsertPortal } from "../../db/seed/factories";
import { readContentVersion } from "../../platform/content-version";

const origin = { origin: "http://localhost" };
const COVER = `/media/${"a".repeat(64)}.png`;

describeEachDatabase("studio: a course's cover (issue 15, decision 0052)", (t) => {
  const withRole = (roles: string[]) => learner(t.app, t.db, { roles });
  const coverInDb = async (id: string) => (await t.db.select({ cover: courses.cover }).from(courses).where(eq(courses.id, id)))[0]?.cover;
  const publicCover = async (id: string) =>
    json<{ courses: Array<{ id: string; cover: { src: string } | string | null }> }>(
      await t.app.inject({ method: "GET", url: "/api/courses?lang=en" }),
    ).courses.find((c) => c.id === id)?.cover;

  it("sets a cover, shows it to the studio and the catalogue, and removes it with null; one audit row each", async () => {
    const admin = await withRole(["admin"]);
    json(await admin.browser.post("/api/admin/courses", { id: "covered", title: { tr: "Kapak", en: "Cover" }, published: true }, origin), 201);
    const set = json<TStudioCourse>(await admin.browser.patch("/api/admin/courses/covered", { cover: COVER }, origin));
    expect(set.cover).toBe(COVER);
    expect(await coverInDb("covered")).toBe(COVER);
    expect(JSON.stringify(await publicCover("covered"))).toContain(COVER);
    const studio = json<{ courses: TStudioCourse[] }>(await admin.browser.get("/api/admin/courses")).courses.find((c) => c.id === "covered");
    expect(studio?.cover).toBe(COVER);
    const cleared = json<TStudioCourse>(await admin.browser.patch("/api/admin/courses/covered", { cover: null }, origin));
    expect(cleared.cover).toBeNull();
    expect(await coverInDb("covered")).toBeNull();
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entityId, "covered"));
    expect(audit.map((a) => a.action)).toEqual(["course.create", "course.update", "course.update"]);
  });

  it("refuses a cover that is no safe address, has a NUL or a lone surrogate, is too long or no string, and changes nothing", async () => {
    const admin = await withRole(["admin"]);
    json(await admin.browser.post("/api/admin/courses", { id: "cover-checks", title: { tr: "K" }, published: true }, origin), 201);
    json(await admin.browser.patch("/api/admin/courses/cover-checks", { cover: COVER }, origin));
    const version = await readContentVersion(t.db);
    for (const cover of [
      "javascript:alert(1)",
      "data:image/png;base64,AAAA",
      "//evil.example/x.png",
      "",
      "/media/x\u0000.png",
      "/media/x\ud800.png",
      `/${"x".repeat(2048)}`,
      42,
      { src: COVER },
    ]) {
      expectError(await admin.browser.patch("/api/admin/courses/cover-checks", { cover }, origin), 400, "VALIDATION");
    }
    const malformed = await admin.browser.request({
      method: "PATCH",
      url: "/api/admin/courses/cover-checks",
      payload: '{"cover": "/a.png"',
      headers: { ...origin, "content-type": "application/json" },
    });
    expect(malformed.statusCode).toBe(400);
    expect(await coverInDb("cover-checks")).toBe(COVER);
    expect(await readContentVersion(t.db)).toBe(version);
  });

  it("refuses the cover change to a learner, a mentor, a session user (403), a guest and a bad token (401), and to another portal's course (404)", async () => {
    const admin = await withRole(["admin"]);
    json(await admin.browser.post("/api/admin/courses", { id: "cover-guarded", title: { tr: "K" } }, origin), 201);
    const url = "/api/admin/courses/cover-guarded";
    for (const { browser } of [await withRole(["disciple"]), await withRole(["disciple", "mentor"]), { browser: (await sessionBrowser(t.app)).browser }]) {
      expectError(await browser.patch(url, { cover: COVER }, origin), 403, "AUTHORS-ONLY");
    }
    expectError(await new Browser(t.app).patch(url, { cover: COVER }, origin), 401, "UNAUTHORIZED");
    expectError(await t.app.inject({ method: "PATCH", url, payload: { cover: COVER }, headers: bearer("not.a.token") }), 401, "TOKEN-BAD");
    await upsertPortal(t.db, { id: "other-portal", title: { en: "Other" }, i18n: { langs: ["en"], primaryLang: "en" } });
    await upsertCourse(t.db, { id: "foreign-course", portalId: "other-portal", title: { en: "Foreign" } });
    expectError(await admin.browser.patch("/api/admin/courses/foreign-course", { cover: COVER }, origin), 404, "NOT-FOUND");
    expect(await coverInDb("foreign-course")).toBeNull();
    expect(await coverInDb("cover-guarded")).toBeNull();
  });
});
