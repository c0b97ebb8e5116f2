import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { describeEachDatabase } from "../../../../tests/setup/databases";
import { Browser, bearer, expectError, json } from "../../../../tests/support/http";
import { learner, sessionBrowser } from "../../../../tests/support/sign-in";
import { auditLog } from "../../db/schema/audit";
import { courses } from "../../db/schema/courses";
import { readContentVersion } from "../../platform/content-version";

const URL = "/api/admin/courses/lasting-habits";
const origin = { origin: "http://localhost" };

describeEachDatabase("studio: PATCH /api/admin/courses/:courseId", (t) => {
  const withRole = (roles: string[]) => learner(t.app, t.db, { roles });
  const stored = async () => (await t.db.select().from(courses).where(eq(courses.id, "lasting-habits")))[0]!;
  const catalogueTitle = async (lang: string) =>
    json<{ courses: Array<{ id: string; title: string }> }>(await t.app.inject({ method: "GET", url: `/api/courses?lang=${lang}` })).courses.find(
      (c) => c.id === "lasting-habits",
    )?.title;

  it("merges the named languages into the course's texts, and the next read shows them", async () => {
    const admin = await withRole(["admin"]);
    const before = await stored();
    expect(await catalogueTitle("en")).toBe(before.title.en);
    const version = await readContentVersion(t.db);

    const reply = json<{ id: string; title: Record<string, string>; description: Record<string, string>; updatedAt: string }>(
      await admin.browser.patch(URL, { title: { en: "  Habits, Revised  " }, description: { ru: "Новое описание" } }, origin),
    );
    expect(reply.title).toEqual({ ...before.title, en: "Habits, Revised" });
    expect(reply.description).toEqual({ ...before.description, ru: "Новое описание" });
    expect(new Date(reply.updatedAt).getTime()).toBeGreaterThan(before.updatedAt.getTime());
    expect(await readContentVersion(t.db)).toBe(version + 1);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.actorId, admin.userId));
    expect(audit.map((a) => [a.action, a.entityId, a.summary])).toEqual([
      ["course.update", "lasting-habits", { fields: ["description", "title"], langs: ["en", "ru"] }],
    ]);

    expect(await catalogueTitle("en")).toBe("Habits, Revised");
    expect(await catalogueTitle("tr")).toBe(before.title.tr);
    const course = json<{ title: string; description: string }>(await t.app.inject({ method: "GET", url: "/api/courses/lasting-habits?lang=ru" }));
    expect(course.description).toBe("Новое описание");
  });

  it("is for authors: a learner, a mentor and a session user are refused with 403, a guest and a bad token with 401", async () => {
    for (const roles of [["disciple"], ["disciple", "mentor"]]) {
      const { browser } = await withRole(roles);
      expectError(await browser.patch(URL, { title: { en: "Hijacked" } }, origin), 403, "AUTHORS-ONLY");
    }
    const { browser: session } = await sessionBrowser(t.app);
    expectError(await session.patch(URL, { title: { en: "Hijacked" } }, origin), 403, "AUTHORS-ONLY");
    expectError(await new Browser(t.app).patch(URL, { title: { en: "Hijacked" } }, origin), 401, "UNAUTHORIZED");
    expectError(await t.app.inject({ method: "PATCH", url: URL, payload: { title: { en: "Hijacked" } }, headers: bearer("not.a.token") }), 401, "TOKEN-BAD");
    expect((await stored()).title.en).not.toBe("Hijacked");
  });

  it("answers 404 for a course it does not have, and bumps nothing", async () => {
    const admin = await withRole(["admin"]);
    const version = await readContentVersion(t.db);
    expectError(await admin.browser.patch("/api/admin/courses/no-such-course", { title: { en: "X" } }, origin), 404, "NOT-FOUND");
    expect(await readContentVersion(t.db)).toBe(version);
  });

  it("refuses bad bodies with typed errors and changes nothing", async () => {
    const admin = await withRole(["admin"]);
    const before = await stored();
    const version = await readContentVersion(t.db);
    const patch = (payload: unknown, headers: Record<string, string> = {}) => admin.browser.patch(URL, payload, { ...origin, ...headers });
    for (const body of [
      {},
      { title: {} },
      { title: { en: "" } },
      { title: { en: "   " } },
      { title: { en: "x".repeat(201) } },
      { description: { en: "x".repeat(5_001) } },
      { title: { en: "NUL\u0000byte" } },
      { title: { en: "lone \ud800 surrogate" } },
      { title: { "e\u0000n": "key with NUL" } },
      { title: { english: "not a language code" } },
      { title: { en: 5 } },
      { title: "just a string" },
      { title: { en: "ok" }, price: 5 },
      { description: Object.fromEntries(Array.from({ length: 33 }, (_, i) => [`a${String.fromCharCode(97 + (i % 26))}-x${i}`, "x"])) },
    ]) {
      expectError(await patch(body), 400, "VALIDATION");
    }
    expectError(await patch({ title: { de: "Deutsch" } }), 400, "UNSUPPORTED-LANG");
    expectError(await patch('{"title": {"en": "unterminated', { "content-type": "application/json" }), 400, "VALIDATION");
    expectError(await patch("title=x", { "content-type": "application/x-www-form-urlencoded" }), 415, "UNSUPPORTED-MEDIA-TYPE");
    expectError(await patch({ title: { en: "x" }, description: { en: "y".repeat(2_000_000) } }), 413, "PAYLOAD-TOO-LARGE");
    expectError(await admin.browser.patch("/api/admin/courses/bad%00id", { title: { en: "x" } }, origin), 400, "VALIDATION");
    expectError(await admin.browser.patch(URL, { title: { en: "From elsewhere" } }, { origin: "https://evil.example" }), 403, "BAD-ORIGIN");

    const after = await stored();
    expect(after.title).toEqual(before.title);
    expect(after.description).toEqual(before.description);
    expect(await readContentVersion(t.db)).toBe(version);
    expect(await t.db.select().from(auditLog).where(eq(auditLog.actorId, admin.userId))).toEqual([]);
  });
});
