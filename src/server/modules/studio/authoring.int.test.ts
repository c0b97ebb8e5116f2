import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { describeEachDatabase } from "../../../../tests/setup/databases";
import { expectAuthorsOnly, type StudioCall } from "../../../../tests/support/studio-guards";
import { expectError, json } from "../../../../tests/support/http";
import { learner } from "../../../../tests/support/sign-in";
import type { TAuditPage, TStudioCourse, TStudioElement } from "../../../domain/studio";
import { auditLog } from "../../db/schema/audit";
import { elements } from "../../db/schema/courses";
import { readContentVersion } from "../../platform/content-version";

const origin = { origin: "http://localhost" };
const newCourse = (id: string, extra: Record<string, unknown> = {}) => ({ id, title: { tr: `Kurs ${id}`, en: `Course ${id}` }, ...extra });

describeEachDatabase("studio: course and element authoring, audit log", (t) => {
  const withRole = (roles: string[]) => learner(t.app, t.db, { roles });
  const auditRows = async () => t.db.select().from(auditLog);
  const catalogueIds = async () =>
    json<{ courses: Array<{ id: string }> }>(await t.app.inject({ method: "GET", url: "/api/courses?lang=en" })).courses.map((c) => c.id);
  const publicElements = async (courseId: string) =>
    json<{ elements: Array<{ id: string; title: string; number: number }> }>(
      await t.app.inject({ method: "GET", url: `/api/courses/${courseId}/elements?lang=en` }),
    ).elements;

  async function courseWithElements(author: Awaited<ReturnType<typeof withRole>>, id: string, n: number) {
    json(await author.browser.post("/api/admin/courses", newCourse(id, { published: true }), origin), 201);
    const added: TStudioElement[] = [];
    for (let i = 0; i < n; i++) {
      added.push(
        json<TStudioElement>(
          await author.browser.post(`/api/admin/courses/${id}/elements`, { type: "lesson", title: { tr: `Ders ${i}`, en: `Lesson ${i}` } }, origin),
          201,
        ),
      );
    }
    return added;
  }

  it("refuses every studio route to a learner, a mentor, a session user (403), a guest and a bad token (401), and writes nothing", async () => {
    const author = await withRole(["admin"]);
    const [el] = await courseWithElements(author, "guarded-course", 1);
    const before = await auditRows();
    const version = await readContentVersion(t.db);
    const calls: StudioCall[] = [
      ["GET", "/api/admin/courses"],
      ["POST", "/api/admin/courses", newCourse("intruder-course")],
      ["PATCH", "/api/admin/courses/guarded-course", { published: false }],
      ["GET", "/api/admin/courses/guarded-course/elements"],
      ["POST", "/api/admin/courses/guarded-course/elements", { type: "lesson", title: { tr: "X" } }],
      ["PATCH", `/api/admin/elements/${el!.id}`, { visible: false }],
      ["PUT", "/api/admin/courses/guarded-course/elements/order", { elementIds: [el!.id] }],
      ["GET", "/api/admin/audit"],
      ["POST", "/api/admin/courses/guarded-course/preview-link"],
      ["DELETE", "/api/admin/courses/guarded-course/preview-link"],
    ];
    await expectAuthorsOnly(t.app, t.db, calls);
    expect(await auditRows()).toEqual(before);
    expect(await readContentVersion(t.db)).toBe(version);
    expect(await catalogueIds()).not.toContain("intruder-course");
  });

  it("lets an mp-leader author courses and elements; the course reaches the catalogue at once, only when published and not hidden", async () => {
    const leader = await withRole(["disciple", "mp-leader"]);
    const created = json<TStudioCourse>(
      await leader.browser.post(
        "/api/admin/courses",
        newCourse("leader-course", { description: { en: "About" }, pricing: { type: "paid", price: 19.99, currency: "USD" }, buttonText: { en: "Go" } }),
        origin,
      ),
      201,
    );
    expect(created).toMatchObject({
      id: "leader-course",
      published: false,
      hidden: false,
      pricing: { type: "paid", price: 19.99, currency: "USD" },
      elementsCount: 0,
    });
    expect(await catalogueIds()).not.toContain("leader-course");
    expectError(await t.app.inject({ method: "GET", url: "/api/courses/leader-course?lang=en" }), 404, "COURSE-NOT-RECEIVED");
    const list = json<{ courses: TStudioCourse[] }>(await leader.browser.get("/api/admin/courses"));
    expect(list.courses.map((c) => c.id)).toContain("leader-course");

    json(await leader.browser.patch("/api/admin/courses/leader-course", { published: true }, origin));
    expect(await catalogueIds()).toContain("leader-course");
    const card = json<{ title: string; price: number; currency: string; isCommercial: boolean }>(
      await t.app.inject({ method: "GET", url: "/api/courses/leader-course?lang=en" }),
    );
    expect(card).toMatchObject({ title: "Course leader-course", price: 19.99, currency: "USD", isCommercial: true });

    json(await leader.browser.patch("/api/admin/courses/leader-course", { hidden: true }, origin));
    expect(await catalogueIds()).not.toContain("leader-course");
    const free = json<TStudioCourse>(await leader.browser.patch("/api/admin/courses/leader-course", { hidden: false, pricing: { type: "free" } }, origin));
    expect(free.pricing).toEqual({ type: "free" });
    expect(await catalogueIds()).toContain("leader-course");

    const el = json<TStudioElement>(
      await leader.browser.post("/api/admin/courses/leader-course/elements", { type: "webinar", title: { tr: "Web", en: "Webinar" }, duration: 45 }, origin),
      201,
    );
    expect(el).toMatchObject({ courseId: "leader-course", type: "webinar", duration: 45, number: 1, index: 0, visible: true });
    expect((await publicElements("leader-course")).map((e) => e.title)).toEqual(["Webinar"]);
    const changed = json<TStudioElement>(
      await leader.browser.patch(`/api/admin/elements/${el.id}`, { title: { en: "Live session" }, cover: "/media/cover.webp" }, origin),
    );
    expect(changed).toMatchObject({ title: { tr: "Web", en: "Live session" }, cover: "/media/cover.webp" });
    expect((await publicElements("leader-course")).map((e) => e.title)).toEqual(["Live session"]);
  });

  it("accepts a course and an element titled only in English (not the primary tr); readers of every language get the English title", async () => {
    const author = await withRole(["disciple", "mp-leader"]);
    const created = json<TStudioCourse>(
      await author.browser.post("/api/admin/courses", { id: "english-only", title: { en: "Only in English" }, published: true }, origin),
      201,
    );
    expect(created.title).toEqual({ en: "Only in English" });
    const el = json<TStudioElement>(
      await author.browser.post("/api/admin/courses/english-only/elements", { type: "lesson", title: { en: "First lesson" } }, origin),
      201,
    );
    expect(el.title).toEqual({ en: "First lesson" });
    for (const lang of ["tr", "ar", "en"]) {
      const card = json<{ title: string }>(await t.app.inject({ method: "GET", url: `/api/courses/english-only?lang=${lang}` }));
      expect(card.title, lang).toBe("Only in English");
      const list = json<{ elements: Array<{ title: string }> }>(await t.app.inject({ method: "GET", url: `/api/courses/english-only/elements?lang=${lang}` }));
      expect(
        list.elements.map((e) => e.title),
        lang,
      ).toEqual(["First lesson"]);
    }
  });

  it("writes one audit row per successful write, with the actor and the fields and languages, never the texts", async () => {
    const admin = await withRole(["mp-admin"]);
    const before = (await auditRows()).length;
    const [a, b] = await courseWithElements(admin, "audited-course", 2);
    json(await admin.browser.patch("/api/admin/courses/audited-course", { title: { ru: "Секретный заголовок" }, arbitraryWalkthrough: true }, origin));
    json(await admin.browser.patch(`/api/admin/elements/${a!.id}`, { duration: 7 }, origin));
    json(await admin.browser.put("/api/admin/courses/audited-course/elements/order", { elementIds: [b!.id, a!.id] }, origin));
    // Refused writes leave no row.
    expectError(await admin.browser.post("/api/admin/courses", newCourse("audited-course"), origin), 409, "COURSE-ID-TAKEN");
    expectError(await admin.browser.put("/api/admin/courses/audited-course/elements/order", { elementIds: [a!.id] }, origin), 409, "ELEMENT-ORDER-MISMATCH");
    expect((await auditRows()).length).toBe(before + 6);

    const page = json<TAuditPage>(await admin.browser.get("/api/admin/audit?limit=6"));
    expect(page.entries.map((e) => e.action)).toEqual([
      "course.reorder-elements",
      "element.update",
      "course.update",
      "element.create",
      "element.create",
      "course.create",
    ]);
    expect(page.entries.every((e) => e.actorId === admin.userId)).toBe(true);
    expect(page.entries[2]).toMatchObject({
      entityType: "course",
      entityId: "audited-course",
      summary: { fields: ["arbitraryWalkthrough", "title"], langs: ["ru"] },
    });
    expect(JSON.stringify(page.entries)).not.toContain("Секретный");
    expect(page.entries[1]!.summary).toEqual({ fields: ["duration"], courseId: "audited-course" });

    // Cursor paging and filters.
    const first = json<TAuditPage>(await admin.browser.get("/api/admin/audit?entityType=course&entityId=audited-course&limit=2"));
    expect(first.entries.map((e) => e.action)).toEqual(["course.reorder-elements", "course.update"]);
    const second = json<TAuditPage>(await admin.browser.get(`/api/admin/audit?entityType=course&entityId=audited-course&limit=2&before=${first.nextBefore}`));
    expect(second.entries.map((e) => e.action)).toEqual(["course.create"]);
    expect(second.nextBefore).toBeNull();
  });

  it("creates a course with its settings, refuses a taken id (409), bad prices and currencies, and a course with no title", async () => {
    const admin = await withRole(["admin"]);
    const version = await readContentVersion(t.db);
    const before = await auditRows();
    expectError(await admin.browser.post("/api/admin/courses", newCourse("lasting-habits"), origin), 409, "COURSE-ID-TAKEN");
    for (const pricing of [
      { type: "paid", price: 0, currency: "USD" },
      { type: "paid", price: -5, currency: "USD" },
      { type: "paid", price: 10, currency: "EUR" },
      { type: "paid", price: 10 },
      { type: "paid", currency: "UAH" },
      { type: "paid", price: 1.234, currency: "UAH" },
      { type: "paid", price: "10", currency: "UAH" },
      { type: "free", price: 10, currency: "UAH" },
      { type: "gift" },
    ]) {
      expectError(await admin.browser.post("/api/admin/courses", newCourse("priced-course", { pricing }), origin), 400, "VALIDATION");
    }
    // No title in any language: a typed refusal named at the title, with a translated message.
    for (const title of [{}, undefined]) {
      const untitled = expectError(
        await admin.browser.post("/api/admin/courses", { id: "untitled", ...(title ? { title } : {}) }, origin),
        400,
        title ? "TITLE-REQUIRED" : "VALIDATION",
      );
      if (title) {
        expect(untitled.key).toBe("errors:codes.TITLE_REQUIRED");
        expect(JSON.stringify(untitled.details)).toContain('"path":"title"');
      }
    }
    expectError(await admin.browser.post("/api/admin/courses", newCourse("german", { description: { de: "Deutsch" } }), origin), 400, "UNSUPPORTED-LANG");
    for (const body of [
      {},
      newCourse("bad id"),
      newCourse("bad%00id"),
      newCourse("x".repeat(121)),
      newCourse("nul-course", { description: { en: "NUL\u0000" } }),
      { ...newCourse("nul-title"), title: { tr: "a\u0000b" } },
      newCourse("extra-field", { price: 5 }),
      newCourse("bad-category", { category: { id: "has space", title: { en: "Cat" } } }),
      newCourse("bad-button", { buttonText: { en: "x".repeat(61) } }),
      newCourse("bad-flag", { published: "yes" }),
    ]) {
      expectError(await admin.browser.post("/api/admin/courses", body, origin), 400, "VALIDATION");
    }
    expectError(
      await admin.browser.post("/api/admin/courses", newCourse("huge", { description: { en: "y".repeat(2_000_000) } }), origin),
      413,
      "PAYLOAD-TOO-LARGE",
    );
    expectError(await admin.browser.post("/api/admin/courses", '{"id": "broken', { ...origin, "content-type": "application/json" }), 400, "VALIDATION");
    expect(await auditRows()).toEqual(before);
    expect(await readContentVersion(t.db)).toBe(version);

    const made = json<TStudioCourse>(
      await admin.browser.post(
        "/api/admin/courses",
        newCourse("priced-course", {
          pricing: { type: "paid", price: 250, currency: "UAH" },
          category: { id: "habits", title: { en: "Habits" } },
          arbitraryWalkthrough: true,
          buttonTextBuy: { tr: "Satın al" },
        }),
        origin,
      ),
      201,
    );
    expect(made).toMatchObject({ category: { id: "habits", title: { en: "Habits" } }, arbitraryWalkthrough: true, buttonTextBuy: { tr: "Satın al" } });
    expect(await readContentVersion(t.db)).toBe(version + 1);
    expectError(
      await admin.browser.patch("/api/admin/courses/priced-course", { pricing: { type: "paid", price: 5, currency: "GBP" } }, origin),
      400,
      "VALIDATION",
    );
    expectError(await admin.browser.patch("/api/admin/courses/priced-course", {}, origin), 400, "VALIDATION");
  });

  it("reorders a course's elements; a missing, duplicate or foreign id is refused and the order stays", async () => {
    const admin = await withRole(["admin"]);
    const [a, b, c] = await courseWithElements(admin, "ordered-course", 3);
    const [other] = await courseWithElements(admin, "other-course", 1);
    const order = async () => (await publicElements("ordered-course")).map((e) => e.id);
    expect(await order()).toEqual([a!.id, b!.id, c!.id]);
    // Each course counts its own elements (a correlated count that names its tables).
    const counts = json<{ courses: TStudioCourse[] }>(await admin.browser.get("/api/admin/courses")).courses;
    expect(counts.filter((x) => ["ordered-course", "other-course"].includes(x.id)).map((x) => [x.id, x.elementsCount])).toEqual([
      ["ordered-course", 3],
      ["other-course", 1],
    ]);
    const version = await readContentVersion(t.db);
    const put = (elementIds: unknown) => admin.browser.put("/api/admin/courses/ordered-course/elements/order", { elementIds }, origin);

    for (const ids of [
      [a!.id, b!.id],
      [a!.id, b!.id, c!.id, c!.id],
      [a!.id, b!.id, other!.id],
      [a!.id, b!.id, c!.id, other!.id],
      [a!.id, b!.id, "el-forged"],
    ]) {
      expectError(await put(ids), 409, "ELEMENT-ORDER-MISMATCH");
    }
    for (const ids of [[], "nope", [a!.id, 5], [`${a!.id}\u0000`], Array.from({ length: 101 }, (_, i) => `el-${i}`)]) {
      expectError(await put(ids), 400, "VALIDATION");
    }
    expect(await order()).toEqual([a!.id, b!.id, c!.id]);
    expect(await readContentVersion(t.db)).toBe(version);

    const reordered = json<{ elements: TStudioElement[] }>(await put([c!.id, a!.id, b!.id]));
    expect(reordered.elements.map((e) => [e.id, e.index, e.number])).toEqual([
      [c!.id, 0, 1],
      [a!.id, 1, 2],
      [b!.id, 2, 3],
    ]);
    expect(await order()).toEqual([c!.id, a!.id, b!.id]);
    expect(await readContentVersion(t.db)).toBe(version + 1);
    expect((await publicElements("other-course")).map((e) => e.id)).toEqual([other!.id]);
    expectError(await admin.browser.put("/api/admin/courses/no-such-course/elements/order", { elementIds: [a!.id] }, origin), 404, "NOT-FOUND");
  });

  it("refuses bad element bodies and unknown ids, and changes nothing", async () => {
    const admin = await withRole(["admin"]);
    const [el] = await courseWithElements(admin, "element-checks", 1);
    const before = await auditRows();
    const version = await readContentVersion(t.db);
    const add = (body: unknown) => admin.browser.post("/api/admin/courses/element-checks/elements", body, origin);
    for (const body of [
      {},
      { type: "video", title: { tr: "X" } },
      { type: "lesson", title: { tr: "" } },
      { type: "lesson", title: { tr: "X" }, duration: -1 },
      { type: "lesson", title: { tr: "X" }, duration: 1.5 },
      { type: "lesson", title: { tr: "X" }, duration: 10_081 },
      { type: "lesson", title: { tr: "X\u0000" } },
      { type: "lesson", title: { tr: "X" }, courseId: "other-course" },
    ]) {
      expectError(await add(body), 400, "VALIDATION");
    }
    expectError(await add({ type: "lesson", title: {} }), 400, "TITLE-REQUIRED");
    expectError(await admin.browser.post("/api/admin/courses/no-such-course/elements", { type: "lesson", title: { tr: "X" } }, origin), 404, "NOT-FOUND");
    const patch = (body: unknown, id = el!.id) => admin.browser.patch(`/api/admin/elements/${id}`, body, origin);
    for (const body of [{}, { cover: "javascript:alert(1)" }, { cover: "" }, { visible: "no" }, { title: { tr: "  " } }, { number: 5 }]) {
      expectError(await patch(body), 400, "VALIDATION");
    }
    expectError(await patch({ visible: false }, "el-forged"), 404, "NOT-FOUND");
    expectError(await patch({ visible: false }, "bad%00id"), 400, "VALIDATION");
    expectError(await patch({ title: { de: "Deutsch" } }), 400, "UNSUPPORTED-LANG");
    expect(await auditRows()).toEqual(before);
    expect(await readContentVersion(t.db)).toBe(version);
    const [stored] = await t.db.select().from(elements).where(eq(elements.id, el!.id));
    expect(stored).toMatchObject({ visible: true, cover: null, duration: 0 });

    // A hidden element leaves the public list at once.
    json(await patch({ visible: false, cover: null }));
    expect(await publicElements("element-checks")).toEqual([]);
  });

  it("makes a preview link whose secret opens the unpublished course; a new link or removing it ends the old secret", async () => {
    const author = await withRole(["disciple", "mp-leader"]);
    json(await author.browser.post("/api/admin/courses", newCourse("previewed-course"), origin), 201);
    const open = (secret: string) => t.app.inject({ method: "GET", url: `/api/courses/previewed-course?lang=en&secret=${encodeURIComponent(secret)}` });
    expectError(await t.app.inject({ method: "GET", url: "/api/courses/previewed-course?lang=en" }), 404, "COURSE-NOT-RECEIVED");

    const first = json<{ secret: string; path: string }>(await author.browser.post("/api/admin/courses/previewed-course/preview-link", undefined, origin), 201);
    expect(first.path).toBe(`/tr/preview/previewed-course?secret=${first.secret}`);
    expect(json<{ id: string; preview: boolean }>(await open(first.secret))).toMatchObject({ id: "previewed-course", preview: true });
    const listed = json<{ courses: TStudioCourse[] }>(await author.browser.get("/api/admin/courses")).courses.find((c) => c.id === "previewed-course");
    expect(listed?.previewLink).toBe(true);
    expect(JSON.stringify(listed)).not.toContain(first.secret);

    const second = json<{ secret: string }>(await author.browser.post("/api/admin/courses/previewed-course/preview-link", undefined, origin), 201);
    expect(second.secret).not.toBe(first.secret);
    expect((await open(first.secret)).statusCode).toBeGreaterThanOrEqual(400);
    expect((await open(second.secret)).statusCode).toBe(200);

    const removed = json<TStudioCourse>(
      await author.browser.request({ method: "DELETE", url: "/api/admin/courses/previewed-course/preview-link", headers: origin }),
    );
    expect(removed.previewLink).toBe(false);
    expect((await open(second.secret)).statusCode).toBeGreaterThanOrEqual(400);
    const actions = (await auditRows()).filter((r) => r.entityId === "previewed-course").map((r) => r.action);
    expect(actions).toEqual(["course.create", "course.preview-link", "course.preview-link", "course.preview-link-removed"]);
    expectError(await author.browser.post("/api/admin/courses/no-such-course/preview-link", undefined, origin), 404, "NOT-FOUND");
    expectError(
      await author.browser.post("/api/admin/courses/previewed-course/preview-link", undefined, { origin: "https://evil.example" }),
      403,
      "BAD-ORIGIN",
    );
  });

  it("switches an element's discussion on and off, giving it a discussion id the first time", async () => {
    const author = await withRole(["mp-admin"]);
    const [el] = await courseWithElements(author, "discussed-course", 1);
    expect(el!.discussionActive).toBe(false);
    const on = json<TStudioElement>(await author.browser.patch(`/api/admin/elements/${el!.id}`, { discussionActive: true }, origin));
    expect(on.discussionActive).toBe(true);
    const [row] = await t.db.select().from(elements).where(eq(elements.id, el!.id));
    expect(row!.discussionId).toBe(`disc-${el!.id}`);
    const element = json<{ discussion: { id: string; active: boolean } }>(await t.app.inject({ method: "GET", url: `/api/elements/${el!.id}?lang=en` }));
    expect(element.discussion).toEqual({ id: `disc-${el!.id}`, active: true });
    const off = json<TStudioElement>(await author.browser.patch(`/api/admin/elements/${el!.id}`, { discussionActive: false }, origin));
    expect(off.discussionActive).toBe(false);
    const [after] = await t.db.select().from(elements).where(eq(elements.id, el!.id));
    expect(after!.discussionId).toBe(`disc-${el!.id}`);
    expectError(await author.browser.patch(`/api/admin/elements/${el!.id}`, { discussionActive: "yes" }, origin), 400, "VALIDATION");
  });
});
