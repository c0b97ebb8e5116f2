import { and, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { describeEachDatabase } from "../../../../tests/setup/databases";
import { expectAuthorsOnly, type StudioCall } from "../../../../tests/support/studio-guards";
import { expectError, json } from "../../../../tests/support/http";
import { learner } from "../../../../tests/support/sign-in";
import type { TStudioPage, TStudioPageSummary } from "../../../domain/studio-pages";
import { upsertEnvironment, upsertPage, upsertPortal } from "../../db/seed/factories";
import { auditLog } from "../../db/schema/audit";
import { videoEvents } from "../../db/schema/courses";
import { pageDrafts, pageVersions } from "../../db/schema/page-designer";
import { pages } from "../../db/schema/portal";
import { readContentVersion } from "../../platform/content-version";

const origin = { origin: "http://localhost" };
const meta = (title: string) => ({ title, description: null, keywords: null, image: null });
const doc = () => ({
  meta: { tr: meta("Kış okulu"), en: meta("Winter school") },
  published: true,
  blocks: [{ id: "hero", type: "text", props: { tr: { html: "<p>Merhaba</p>" }, en: { html: "<p>Hello</p>" } } }],
});

describeEachDatabase("studio: renaming and deleting pages, and finding a model's page", (t) => {
  const withRole = (roles: string[]) => learner(t.app, t.db, { roles, firstName: "Pat", lastName: roles[roles.length - 1]! });
  type Author = Awaited<ReturnType<typeof withRole>>;
  const auditOf = (action: string) => t.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(auditLog.id);
  const publicPage = (alias: string, lang: string) => t.app.inject({ method: "GET", url: `/api/pages/by-alias/${alias}?lang=${lang}` });
  const rename = (a: Author, alias: string, body: unknown) => a.browser.post(`/api/admin/pages/${alias}/rename`, body, origin);
  const remove = (a: Author, alias: string) => a.browser.request({ method: "DELETE", url: `/api/admin/pages/${alias}`, headers: origin });
  const list = async (a: Author, query = "") => json<{ pages: TStudioPageSummary[] }>(await a.browser.get(`/api/admin/pages${query}`)).pages;

  /** A page published twice (versions 1 and 2) with a draft in progress. */
  async function livePage(a: Author, alias: string) {
    json(await a.browser.post("/api/admin/pages", { alias, title: { tr: "Sayfa", en: "Page" } }, origin), 201);
    json(await a.browser.put(`/api/admin/pages/${alias}/draft`, { baseRevision: 1, document: doc() }, origin));
    json(await a.browser.post(`/api/admin/pages/${alias}/publish`, { revision: 2 }, origin));
    json(await a.browser.put(`/api/admin/pages/${alias}/draft`, { baseRevision: 0, document: doc() }, origin));
    json(await a.browser.post(`/api/admin/pages/${alias}/publish`, { revision: 1 }, origin));
    json(await a.browser.put(`/api/admin/pages/${alias}/draft`, { baseRevision: 0, document: { ...doc(), noindex: true } }, origin));
  }

  it("renames a page: live rows, draft and versions move in one content change; the old alias is gone, the new one serves", async () => {
    const admin = await withRole(["mp-leader"]);
    await livePage(admin, "winter");
    const v0 = await readContentVersion(t.db);
    expect(json<{ alias: string }>(await rename(admin, "winter", { alias: "winter-school" }))).toEqual({ alias: "winter-school" });
    expect(await readContentVersion(t.db)).toBe(v0 + 1);
    expectError(await publicPage("winter", "en"), 404, "PAGE-NOT-FOUND");
    expect(json<{ title: string }>(await publicPage("winter-school", "en")).title).toBe("Winter school");
    const page = json<TStudioPage>(await admin.browser.get("/api/admin/pages/winter-school"));
    expect(page).toMatchObject({ alias: "winter-school", revision: 1, version: 2 });
    expect(page.document.noindex).toBe(true);
    expect(
      json<{ versions: Array<{ version: number }> }>(await admin.browser.get("/api/admin/pages/winter-school/versions")).versions.map((v) => v.version),
    ).toEqual([2, 1]);
    expectError(await admin.browser.get("/api/admin/pages/winter"), 404, "NOT-FOUND");
    expect(await t.db.select().from(pageVersions).where(eq(pageVersions.alias, "winter"))).toEqual([]);
    expect((await list(admin)).map((p) => p.alias)).not.toContain("winter");
    const [row] = await auditOf("page.rename");
    expect(row).toMatchObject({
      entityType: "page",
      entityId: "winter-school",
      actorId: admin.userId,
      summary: { from: "winter", to: "winter-school", langs: ["en", "tr"], draft: true },
    });

    // A draft never published moves too; renaming to itself changes nothing.
    json(await admin.browser.post("/api/admin/pages", { alias: "sketch", title: { tr: "Taslak" } }, origin), 201);
    json(await rename(admin, "sketch", { alias: "sketch-2" }));
    expect(json<TStudioPage>(await admin.browser.get("/api/admin/pages/sketch-2")).revision).toBe(1);
    const v1 = await readContentVersion(t.db);
    expect(json<{ alias: string }>(await rename(admin, "sketch-2", { alias: "sketch-2" }))).toEqual({ alias: "sketch-2" });
    expect((await auditOf("page.rename")).length).toBe(2);
    expect(await readContentVersion(t.db)).toBe(v1);
  });

  it("refuses a taken alias (409 PAGE-ALIAS-TAKEN) and a page something names (409 PAGE-IN-USE naming it), changing nothing", async () => {
    const admin = await withRole(["admin"]);
    await livePage(admin, "taken-a");
    const renamesBefore = (await auditOf("page.rename")).length;
    json(await admin.browser.post("/api/admin/pages", { alias: "taken-b", title: { tr: "B" } }, origin), 201);
    const v0 = await readContentVersion(t.db);
    for (const to of ["taken-b", "main", "404"]) expectError(await rename(admin, "taken-a", { alias: to }), 409, "PAGE-ALIAS-TAKEN");

    const nav = expectError(await rename(admin, "main", { alias: "home" }), 409, "PAGE-IN-USE");
    expect(nav.details).toEqual({ usages: [{ kind: "navigation", id: "nav-home" }] });
    const pages0 = await list(admin);
    const course = pages0.find((p) => p.model?.name === "course")!;
    const courseUse = expectError(await rename(admin, course.alias, { alias: "landing" }), 409, "PAGE-IN-USE");
    expect(courseUse.details).toEqual({ usages: [{ kind: "course", id: course.model!.id }] });
    const micro = pages0.find((p) => p.model?.name === "microcourse")!;
    expect(expectError(await rename(admin, micro.alias, { alias: "micro" }), 409, "PAGE-IN-USE").details).toEqual({
      usages: [{ kind: "microcourse", id: micro.model!.id }],
    });
    const [event] = await t.db.select().from(videoEvents).limit(1);
    await t.db.update(videoEvents).set({ pageAlias: "taken-a" }).where(eq(videoEvents.id, event!.id));
    expect(expectError(await rename(admin, "taken-a", { alias: "fresh" }), 409, "PAGE-IN-USE").details).toEqual({
      usages: [{ kind: "video-event", id: event!.id }],
    });
    expectError(await remove(admin, "taken-a"), 409, "PAGE-IN-USE");
    await t.db.update(videoEvents).set({ pageAlias: null }).where(eq(videoEvents.id, event!.id));

    expectError(await rename(admin, "no-such-page", { alias: "fresh" }), 404, "NOT-FOUND");
    expect(await readContentVersion(t.db)).toBe(v0);
    expect((await auditOf("page.rename")).length).toBe(renamesBefore);
    expect(json<{ title: string }>(await publicPage("taken-a", "tr")).title).toBe("Kış okulu");

    // A page bound to an element (nothing names its alias) may be renamed; its readers find it by the model.
    const element = pages0.find((p) => p.model?.name === "element")!;
    json(await rename(admin, element.alias, { alias: "element-renamed" }));
    const byModel = json<{ alias: string }>(await admin.browser.get(`/api/pages/by-model/element/${element.model!.id}?lang=tr`));
    expect(byModel.alias).toBe("element-renamed");
  });

  it("of two parallel renames to one alias one wins and the other is PAGE-ALIAS-TAKEN; so is a create racing a rename", async () => {
    const admin = await withRole(["admin"]);
    for (const alias of ["race-a", "race-b", "race-e"]) json(await admin.browser.post("/api/admin/pages", { alias, title: { tr: alias } }, origin), 201);
    const renames = await Promise.all([rename(admin, "race-a", { alias: "race-c" }), rename(admin, "race-b", { alias: "race-c" })]);
    expect(renames.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(renames.find((r) => r.statusCode === 409)!.json().error.code).toBe("PAGE-ALIAS-TAKEN");
    const [made, moved] = await Promise.all([
      admin.browser.post("/api/admin/pages", { alias: "race-d", title: { tr: "D" } }, origin),
      rename(admin, "race-e", { alias: "race-d" }),
    ]);
    expect([made.statusCode, moved.statusCode].sort()).toEqual(made.statusCode === 201 ? [201, 409] : [200, 409]);
    // The losers keep their pages: nothing half-moved.
    const left = (await list(admin)).map((p) => p.alias).filter((a) => a.startsWith("race-"));
    expect(left.sort()).toEqual(
      ["race-c", renames[0]!.statusCode === 200 ? "race-b" : "race-a", "race-d", ...(made.statusCode === 201 ? ["race-e"] : [])].sort(),
    );
  });

  it("deletes a page (live rows, draft, versions), refuses one in use or owned by a model, and bumps the content version", async () => {
    const admin = await withRole(["mp-admin"]);
    await livePage(admin, "doomed");
    const v0 = await readContentVersion(t.db);
    expect((await remove(admin, "doomed")).statusCode).toBe(204);
    expect(await readContentVersion(t.db)).toBe(v0 + 1);
    expectError(await publicPage("doomed", "tr"), 404, "PAGE-NOT-FOUND");
    expectError(await admin.browser.get("/api/admin/pages/doomed"), 404, "NOT-FOUND");
    expect(await t.db.select().from(pageDrafts).where(eq(pageDrafts.alias, "doomed"))).toEqual([]);
    expect(await t.db.select().from(pageVersions).where(eq(pageVersions.alias, "doomed"))).toEqual([]);
    expect(await t.db.select().from(pages).where(eq(pages.alias, "doomed"))).toEqual([]);
    const [row] = await auditOf("page.delete");
    expect(row).toMatchObject({ entityId: "doomed", actorId: admin.userId, summary: { langs: ["en", "tr"], draft: true, versions: 2, lastVersion: 2 } });
    // The alias is free again: a new page there starts its own history.
    json(await admin.browser.post("/api/admin/pages", { alias: "doomed", title: { tr: "Yeni" } }, origin), 201);
    expect(json<TStudioPage>(await admin.browser.get("/api/admin/pages/doomed")).version).toBeNull();
    expectError(await remove(admin, "doomed-never"), 404, "NOT-FOUND");

    const v1 = await readContentVersion(t.db);
    expect(expectError(await remove(admin, "main"), 409, "PAGE-IN-USE").details).toEqual({ usages: [{ kind: "navigation", id: "nav-home" }] });
    const all = await list(admin);
    const element = all.find((p) => p.model?.name === "element")!;
    expect(expectError(await remove(admin, element.alias), 409, "PAGE-IN-USE").details).toEqual({ usages: [{ kind: "element", id: element.model!.id }] });
    const course = all.find((p) => p.model?.name === "course")!;
    // The course owns the page and names it: named once.
    expect(expectError(await remove(admin, course.alias), 409, "PAGE-IN-USE").details).toEqual({ usages: [{ kind: "course", id: course.model!.id }] });
    // A system page is drawn by the portal under its alias (page-types.int.test.ts).
    expectError(await remove(admin, "404"), 409, "PAGE-SYSTEM");
    expect(await readContentVersion(t.db)).toBe(v1);
    expect((await auditOf("page.delete")).length).toBe(1);
  });

  it("finds a model's page by the model (none, or one), and never another portal's", async () => {
    const admin = await withRole(["admin"]);
    const all = await list(admin);
    for (const name of ["course", "element", "microcourse"] as const) {
      const bound = all.find((p) => p.model?.name === name)!;
      expect(await list(admin, `?model=${name}:${encodeURIComponent(bound.model!.id)}`)).toEqual([bound]);
    }
    expect(await list(admin, "?model=course:no-such-course")).toEqual([]);
    // A draft of a new model page is found too.
    json(await admin.browser.post("/api/admin/courses", { id: "model-lookup", title: { tr: "Kurs" } }, origin), 201);
    expect(await list(admin, "?model=course:model-lookup")).toEqual([]);
    json(
      await admin.browser.post("/api/admin/pages", { alias: "course-model-lookup", title: { tr: "K" }, model: { name: "course", id: "model-lookup" } }, origin),
      201,
    );
    expect((await list(admin, "?model=course:model-lookup")).map((p) => [p.alias, p.hasDraft])).toEqual([["course-model-lookup", true]]);

    await upsertPortal(t.db, { id: "lookup-portal" });
    await upsertEnvironment(t.db, { id: "lookup-env", portalId: "lookup-portal" });
    await upsertPage(t.db, { environmentId: "lookup-env", alias: "foreign-course", lang: "en", title: "Foreign" });
    await t.db
      .update(pages)
      .set({ modelName: "course", modelId: "foreign-course" })
      .where(and(eq(pages.environmentId, "lookup-env"), eq(pages.alias, "foreign-course")));
    expect(await list(admin, "?model=course:foreign-course")).toEqual([]);
    expectError(await rename(admin, "foreign-course", { alias: "mine" }), 404, "NOT-FOUND");
    expectError(await remove(admin, "foreign-course"), 404, "NOT-FOUND");

    for (const q of ["?model=video:x", "?model=course", "?model=course:", "?model=course:a:b", "?model=course:a%00b", `?model=course:${"x".repeat(200)}`]) {
      expectError(await admin.browser.get(`/api/admin/pages${q}`), 400, "VALIDATION");
    }
  });

  it("refuses bad bodies and aliases: NUL bytes, oversized, malformed, unknown fields (400), and writes nothing", async () => {
    const admin = await withRole(["admin"]);
    await livePage(admin, "sturdy");
    const v0 = await readContentVersion(t.db);
    for (const body of [
      {},
      { alias: "" },
      { alias: "Upper" },
      { alias: "nul\u0000" },
      { alias: "x".repeat(121) },
      { alias: "ok", extra: 1 },
      { alias: 5 },
      [],
    ]) {
      expectError(await rename(admin, "sturdy", body), 400, "VALIDATION");
    }
    const malformed = await admin.browser.request({
      method: "POST",
      url: "/api/admin/pages/sturdy/rename",
      payload: "{not json",
      headers: { ...origin, "content-type": "application/json" },
    });
    expect(malformed.statusCode).toBe(400);
    const huge = await admin.browser.request({
      method: "POST",
      url: "/api/admin/pages/sturdy/rename",
      payload: JSON.stringify({ alias: "x".repeat(3_000_000) }),
      headers: { ...origin, "content-type": "application/json" },
    });
    expect(huge.statusCode).toBe(413);
    // (An alias over the router's parameter limit never reaches a route: 404, like any unknown address.)
    for (const alias of ["Bad%20Alias", "nul%00", "bad.alias"]) {
      expectError(await rename(admin, alias, { alias: "fine" }), 400, "VALIDATION");
      expectError(await remove(admin, alias), 400, "VALIDATION");
    }
    expect(await readContentVersion(t.db)).toBe(v0);
    expect(json<TStudioPage>(await admin.browser.get("/api/admin/pages/sturdy")).alias).toBe("sturdy");
  });

  it("refuses rename, delete and the model lookup to learners, mentors, session users (403), guests and bad tokens (401), a foreign Origin (403)", async () => {
    const admin = await withRole(["admin"]);
    await livePage(admin, "guarded-life");
    const v0 = await readContentVersion(t.db);
    const calls: StudioCall[] = [
      ["POST", "/api/admin/pages/guarded-life/rename", { alias: "stolen" }],
      ["DELETE", "/api/admin/pages/guarded-life"],
      ["GET", "/api/admin/pages?model=course:lasting-habits"],
    ];
    await expectAuthorsOnly(t.app, t.db, calls, { author: admin.browser });
    expect(await readContentVersion(t.db)).toBe(v0);
    expect(json<TStudioPage>(await admin.browser.get("/api/admin/pages/guarded-life")).version).toBe(2);
  });
});
