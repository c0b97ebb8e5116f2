import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { describeEachDatabase } from "../../../../tests/setup/databases";
import { Browser, bearer, expectError, json } from "../../../../tests/support/http";
import { learner, sessionBrowser } from "../../../../tests/support/sign-in";
import type { TCourse, TCourseCard } from "../../../domain/course";
import type { TStudioCourse } from "../../../domain/studio";
import { auditLog } from "../../db/schema/audit";
import { courses } from "../../db/schema/courses";
import { readContentVersion } from "../../platform/content-version";

const origin = { origin: "http://localhost" };
const DEFAULT = `/media/${"d".repeat(64)}.png`;
const AR = `/media/${"a".repeat(64)}.png`;
const RU = `https://cdn.example.com/covers/ru.png`;

describeEachDatabase("studio: a course's covers per language (issue 15, decision 0062)", (t) => {
  const withRole = (roles: string[]) => learner(t.app, t.db, { roles });
  const coversInDb = async (id: string) => (await t.db.select({ covers: courses.covers }).from(courses).where(eq(courses.id, id)))[0]?.covers;
  const card = async (id: string, lang: string) =>
    json<{ courses: TCourseCard[] }>(await t.app.inject({ method: "GET", url: `/api/courses?lang=${lang}` })).courses.find((c) => c.id === id)?.cover;
  const page = async (id: string, lang: string) => json<TCourse>(await t.app.inject({ method: "GET", url: `/api/courses/${id}?lang=${lang}` })).cover;
  const studioCourse = async (browser: Browser, id: string) =>
    json<{ courses: TStudioCourse[] }>(await browser.get("/api/admin/courses")).courses.find((c) => c.id === id);

  it("sets an ar cover, reads it back in the studio, shows it to ar readers and the default to en ones; clearing it removes the key; one audit row each", async () => {
    const admin = await withRole(["admin"]);
    json(await admin.browser.post("/api/admin/courses", { id: "covers-set", title: { tr: "Kapak", en: "Cover" }, published: true }, origin), 201);
    expect((await studioCourse(admin.browser, "covers-set"))?.covers).toEqual({});
    json(await admin.browser.patch("/api/admin/courses/covers-set", { cover: DEFAULT }, origin));

    const set = json<TStudioCourse>(await admin.browser.patch("/api/admin/courses/covers-set", { covers: { ar: AR, ru: RU } }, origin));
    expect(set).toMatchObject({ cover: DEFAULT, covers: { ar: AR, ru: RU } });
    expect(await coversInDb("covers-set")).toEqual({ ar: AR, ru: RU });
    expect((await studioCourse(admin.browser, "covers-set"))?.covers).toEqual({ ar: AR, ru: RU });

    // The learner API: catalogue card and course page, per language.
    expect(await card("covers-set", "ar")).toBe(AR);
    expect(await page("covers-set", "ar")).toBe(AR);
    expect(await card("covers-set", "ru")).toBe(RU);
    expect(await card("covers-set", "en")).toBe(DEFAULT);
    expect(await page("covers-set", "en")).toBe(DEFAULT);
    expect(await page("covers-set", "tr")).toBe(DEFAULT);

    // A patch names only the languages it changes: ru stays while ar changes.
    const changed = json<TStudioCourse>(await admin.browser.patch("/api/admin/courses/covers-set", { covers: { ar: DEFAULT.replace("d", "e") } }, origin));
    expect(changed.covers).toEqual({ ar: DEFAULT.replace("d", "e"), ru: RU });

    const cleared = json<TStudioCourse>(await admin.browser.patch("/api/admin/courses/covers-set", { covers: { ar: null } }, origin));
    expect(cleared.covers).toEqual({ ru: RU });
    expect(await coversInDb("covers-set")).toEqual({ ru: RU });
    expect(await card("covers-set", "ar")).toBe(DEFAULT);
    expect(await page("covers-set", "ar")).toBe(DEFAULT);
    // Clearing a language that has none is no error and changes nothing else.
    json(await admin.browser.patch("/api/admin/courses/covers-set", { covers: { en: null, ru: null } }, origin));
    expect(await coversInDb("covers-set")).toEqual({});

    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entityId, "covers-set"));
    const updates = audit.filter((a) => a.action === "course.update");
    expect(updates).toHaveLength(5);
    expect(updates.map((a) => a.summary)).toContainEqual({ fields: ["covers"], langs: ["ar", "ru"] });
  });

  it("lets an mp-leader set a language's cover, as other course settings", async () => {
    const admin = await withRole(["admin"]);
    json(await admin.browser.post("/api/admin/courses", { id: "covers-leader", title: { tr: "K" }, published: true }, origin), 201);
    const leader = await withRole(["disciple", "mp-leader"]);
    expect(json<TStudioCourse>(await leader.browser.patch("/api/admin/courses/covers-leader", { covers: { ar: AR } }, origin)).covers).toEqual({ ar: AR });
    expect(await card("covers-leader", "ar")).toBe(AR);
    expect(await card("covers-leader", "en")).toBeNull();
  });

  it("refuses a language the portal lacks at its field, a bad address, a NUL, a bad shape, and saves nothing of the body", async () => {
    const admin = await withRole(["admin"]);
    json(await admin.browser.post("/api/admin/courses", { id: "covers-checks", title: { tr: "K" }, published: true }, origin), 201);
    json(await admin.browser.patch("/api/admin/courses/covers-checks", { covers: { ar: AR } }, origin));
    const version = await readContentVersion(t.db);

    // A well-formed language the portal does not have: named at its field; the valid ar change beside it is not saved.
    const foreign = expectError(await admin.browser.patch("/api/admin/courses/covers-checks", { covers: { ar: RU, de: AR } }, origin), 400, "UNSUPPORTED-LANG");
    expect(foreign.details).toMatchObject({ validationErrors: [{ path: "covers.de" }] });
    // The title beside a bad cover is not saved either.
    expectError(
      await admin.browser.patch("/api/admin/courses/covers-checks", { title: { en: "Changed" }, covers: { xx: AR } }, origin),
      400,
      "UNSUPPORTED-LANG",
    );

    for (const covers of [
      { ar: "javascript:alert(1)" },
      { ar: "data:image/png;base64,AAAA" },
      { ar: "//evil.example/x.png" },
      { ar: "" },
      { ar: "/media/x\u0000.png" },
      { ar: "/media/x\ud800.png" },
      { ar: `/${"x".repeat(2048)}` },
      { ar: 42 },
      { ar: { src: AR } },
      { "not a lang": AR },
      { "a\u0000r": AR },
      { [`${"x".repeat(9)}`]: AR },
      Object.fromEntries(Array.from({ length: 33 }, (_, i) => [`l${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}`, AR])),
      [AR],
      AR,
    ]) {
      const res = await admin.browser.patch("/api/admin/courses/covers-checks", { covers }, origin);
      const error = expectError(res, 400, "VALIDATION");
      expect(JSON.stringify(error.details)).toContain("covers");
    }
    const malformed = await admin.browser.request({
      method: "PATCH",
      url: "/api/admin/courses/covers-checks",
      payload: '{"covers": {"ar": "/a.png"}',
      headers: { ...origin, "content-type": "application/json" },
    });
    expect(malformed.statusCode).toBe(400);
    expect(await coversInDb("covers-checks")).toEqual({ ar: AR });
    expect((await t.db.select({ title: courses.title }).from(courses).where(eq(courses.id, "covers-checks")))[0]?.title).toEqual({ tr: "K" });
    expect(await readContentVersion(t.db)).toBe(version);
  });

  it("refuses covers to a learner, a mentor, a session user (403), a guest and a bad token (401)", async () => {
    const admin = await withRole(["admin"]);
    json(await admin.browser.post("/api/admin/courses", { id: "covers-guarded", title: { tr: "K" } }, origin), 201);
    const url = "/api/admin/courses/covers-guarded";
    const body = { covers: { ar: AR } };
    for (const { browser } of [await withRole(["disciple"]), await withRole(["disciple", "mentor"]), { browser: (await sessionBrowser(t.app)).browser }]) {
      expectError(await browser.patch(url, body, origin), 403, "AUTHORS-ONLY");
      expectError(await browser.get("/api/admin/courses"), 403, "AUTHORS-ONLY");
    }
    expectError(await new Browser(t.app).patch(url, body, origin), 401, "UNAUTHORIZED");
    expectError(await t.app.inject({ method: "PATCH", url, payload: body, headers: bearer("not.a.token") }), 401, "TOKEN-BAD");
    expect(await coversInDb("covers-guarded")).toEqual({});
  });
});
