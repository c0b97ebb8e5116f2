import { and, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { describeEachDatabase } from "../../../../tests/setup/databases";
import { expectAuthorsOnly, type StudioCall } from "../../../../tests/support/studio-guards";
import { expectError, json } from "../../../../tests/support/http";
import { learner } from "../../../../tests/support/sign-in";
import type { TPage } from "../../../domain/page";
import type { TPageDocument, TStudioPage, TStudioPageSummary } from "../../../domain/studio-pages";
import { upsertEnvironment, upsertPage, upsertPortal } from "../../db/seed/factories";
import { auditLog } from "../../db/schema/audit";
import { pageDrafts } from "../../db/schema/page-designer";
import { readContentVersion } from "../../platform/content-version";

const origin = { origin: "http://localhost" };
type Doc = Partial<TPageDocument> & { blocks: unknown[] };

const meta = (title: string) => ({ title, description: null, keywords: null, image: null });
/** A two-language page: the hero is translated, the quote only in Turkish (the primary language). */
const docV1 = (): Doc => ({
  meta: { tr: meta("Yaz okulu"), en: meta("Summer school") },
  published: true,
  blocks: [
    { id: "hero", type: "text", props: { tr: { html: "<p>Merhaba</p>" }, en: { html: "<p>Hello</p>" } } },
    { id: "quote", type: "quote", props: { tr: { text: "Bilgi güçtür" } } },
  ],
});

describeEachDatabase("studio: the page designer's drafts, publishing, versions and restore", (t) => {
  const withRole = (roles: string[]) => learner(t.app, t.db, { roles, firstName: "Pat", lastName: roles[roles.length - 1]! });
  type Author = Awaited<ReturnType<typeof withRole>>;
  const auditOf = (alias: string) =>
    t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, "page"), eq(auditLog.entityId, alias)))
      .orderBy(auditLog.id);
  const publicPage = (alias: string, lang: string) => t.app.inject({ method: "GET", url: `/api/pages/by-alias/${alias}?lang=${lang}` });
  const create = (a: Author, body: unknown) => a.browser.post("/api/admin/pages", body, origin);
  const save = (a: Author, alias: string, baseRevision: number, document: unknown) =>
    a.browser.put(`/api/admin/pages/${alias}/draft`, { baseRevision, document }, origin);
  const publish = (a: Author, alias: string, revision: number) => a.browser.post(`/api/admin/pages/${alias}/publish`, { revision }, origin);
  const restore = (a: Author, alias: string, version: number) => a.browser.post(`/api/admin/pages/${alias}/versions/${version}/restore`, undefined, origin);
  const getPage = async (a: Author, alias: string) => json<TStudioPage>(await a.browser.get(`/api/admin/pages/${alias}`));
  /** A public page without its edit time (which every publish moves). */
  const shown = async (alias: string, lang: string) => {
    const { edited: _edited, ...page } = json<TPage>(await publicPage(alias, lang));
    return page;
  };

  async function draftPage(a: Author, alias: string, extra: Record<string, unknown> = {}) {
    return json<TStudioPage>(await create(a, { alias, title: { tr: `Sayfa ${alias}`, en: `Page ${alias}` }, ...extra }), 201);
  }

  it("creates, saves, publishes in two languages (missing translations fall back), publishes v2 and restores v1 twice to the same page", async () => {
    const admin = await withRole(["mp-admin"]);
    const v0 = await readContentVersion(t.db);
    const created = await draftPage(admin, "summer");
    expect(created).toMatchObject({ alias: "summer", model: null, revision: 1, version: null, draftSavedBy: { id: admin.userId, name: "Pat mp-admin" } });
    expect(created.document).toEqual({
      meta: { tr: meta("Sayfa summer"), en: meta("Page summer") },
      template: null,
      noindex: false,
      published: true,
      blocks: [],
    });
    expectError(await publicPage("summer", "tr"), 404, "PAGE-NOT-FOUND");
    let list = json<{ pages: TStudioPageSummary[] }>(await admin.browser.get("/api/admin/pages")).pages;
    expect(list.find((p) => p.alias === "summer")).toMatchObject({ hasDraft: true, published: false, version: null, title: { tr: "Sayfa summer" } });

    const saved = json<{ revision: number; savedAt: string }>(await save(admin, "summer", 1, docV1()));
    expect(saved.revision).toBe(2);
    // Drafts are not what readers read: saving leaves the content version (and every cache) alone.
    expect(await readContentVersion(t.db)).toBe(v0);
    expect(json<{ version: number }>(await publish(admin, "summer", 2)).version).toBe(1);
    expect(await readContentVersion(t.db)).toBe(v0 + 1);

    const tr = await shown("summer", "tr");
    const en = await shown("summer", "en");
    expect(tr).toMatchObject({ id: "page-summer-tr", title: "Yaz okulu", published: true, type: "page" });
    expect(en).toMatchObject({ id: "page-summer-en", title: "Summer school" });
    expect(tr.components).toEqual([
      { id: "hero", type: "text", props: { html: "<p>Merhaba</p>" } },
      { id: "quote", type: "quote", props: { text: "Bilgi güçtür" } },
    ]);
    expect(en.components).toEqual([
      { id: "hero", type: "text", props: { html: "<p>Hello</p>" } },
      { id: "quote", type: "quote", props: { text: "Bilgi güçtür" } },
    ]);
    expectError(await publicPage("summer", "ar"), 404, "PAGE-NOT-FOUND");

    // No draft now: the live page comes back as one document, revision 0.
    const live = await getPage(admin, "summer");
    expect(live).toMatchObject({ revision: 0, version: 1, draftSavedAt: null, draftSavedBy: null });
    expect(live.document.blocks).toEqual([
      { id: "hero", type: "text", props: { tr: { html: "<p>Merhaba</p>" }, en: { html: "<p>Hello</p>" } } },
      { id: "quote", type: "quote", props: { tr: { text: "Bilgi güçtür" }, en: { text: "Bilgi güçtür" } } },
    ]);

    // v2: Russian added, English removed, the quote translated.
    const v2 = {
      ...docV1(),
      meta: { tr: meta("Yaz okulu 2"), ru: meta("Летняя школа") },
      blocks: [{ id: "quote", type: "quote", props: { tr: { text: "Bilgi güçtür" }, ru: { text: "Знание — сила" } } }],
    };
    expect(json<{ revision: number }>(await save(admin, "summer", 0, v2)).revision).toBe(1);
    expect(json<{ version: number }>(await publish(admin, "summer", 1)).version).toBe(2);
    expect((await shown("summer", "ru")).components).toEqual([{ id: "quote", type: "quote", props: { text: "Знание — сила" } }]);
    expect((await shown("summer", "tr")).title).toBe("Yaz okulu 2");
    expectError(await publicPage("summer", "en"), 404, "PAGE-NOT-FOUND");

    const afterV2 = await readContentVersion(t.db);
    expect(json<{ version: number }>(await restore(admin, "summer", 1)).version).toBe(3);
    expect(await readContentVersion(t.db)).toBe(afterV2 + 1);
    const once = { tr: await shown("summer", "tr"), en: await shown("summer", "en") };
    expect(once).toEqual({ tr, en });
    expectError(await publicPage("summer", "ru"), 404, "PAGE-NOT-FOUND");
    expect(json<{ version: number }>(await restore(admin, "summer", 1)).version).toBe(4);
    expect({ tr: await shown("summer", "tr"), en: await shown("summer", "en") }).toEqual(once);

    const versions = json<{ versions: Array<{ version: number; publishedBy: { id: string; name: string } | null }> }>(
      await admin.browser.get("/api/admin/pages/summer/versions"),
    ).versions;
    expect(versions.map((v) => v.version)).toEqual([4, 3, 2, 1]);
    expect(versions[0]!.publishedBy).toEqual({ id: admin.userId, name: "Pat mp-admin" });
    expectError(await restore(admin, "summer", 9), 404, "NOT-FOUND");
    expectError(await restore(admin, "summer", 0), 400, "VALIDATION");
    list = json<{ pages: TStudioPageSummary[] }>(await admin.browser.get("/api/admin/pages")).pages;
    expect(list.find((p) => p.alias === "summer")).toMatchObject({
      hasDraft: false,
      published: true,
      version: 4,
      title: { tr: "Yaz okulu", en: "Summer school" },
    });

    // Audit: one row per write, counts and languages, never the texts.
    const rows = await auditOf("summer");
    expect(rows.map((r) => r.action)).toEqual([
      "page.create",
      "page.save-draft",
      "page.publish",
      "page.save-draft",
      "page.publish",
      "page.restore",
      "page.restore",
    ]);
    expect(rows.every((r) => r.actorId === admin.userId)).toBe(true);
    expect(rows[1]!.summary).toEqual({ langs: ["en", "tr"], blocks: 2, revision: 2 });
    expect(rows[5]!.summary).toMatchObject({ version: 3, restoredFrom: 1 });
    expect(JSON.stringify(rows)).not.toMatch(/Merhaba|Hello|Знание|Yaz okulu/);
  });

  it("keeps a draft in progress when a version is restored, and discards a draft on request", async () => {
    const admin = await withRole(["admin"]);
    await draftPage(admin, "keeper");
    json(await save(admin, "keeper", 1, docV1()));
    json(await publish(admin, "keeper", 2));
    const edit = { ...docV1(), meta: { tr: meta("Taslak") } };
    expect(json<{ revision: number }>(await save(admin, "keeper", 0, edit)).revision).toBe(1);
    json(await restore(admin, "keeper", 1));
    const page = await getPage(admin, "keeper");
    expect(page).toMatchObject({ revision: 1, version: 2 });
    expect(page.document.meta).toEqual({ tr: meta("Taslak") });

    const version = await readContentVersion(t.db);
    const del = await admin.browser.request({ method: "DELETE", url: "/api/admin/pages/keeper/draft", headers: origin });
    expect(del.statusCode).toBe(204);
    expect(await readContentVersion(t.db)).toBe(version);
    expect((await getPage(admin, "keeper")).revision).toBe(0);
    expect((await shown("keeper", "tr")).title).toBe("Yaz okulu");
    expectError(await admin.browser.request({ method: "DELETE", url: "/api/admin/pages/keeper/draft", headers: origin }), 404, "NOT-FOUND");
    expect((await auditOf("keeper")).map((r) => r.action).slice(-2)).toEqual(["page.restore", "page.discard"]);
  });

  it("refuses a save or publish from a stale revision (409 DRAFT-CONFLICT naming the newer draft); of two parallel saves one wins", async () => {
    const a = await withRole(["admin"]);
    const b = await withRole(["mp-leader"]);
    await draftPage(a, "contested");
    json(await save(a, "contested", 1, docV1()));
    const stale = expectError(await save(b, "contested", 1, docV1()), 409, "DRAFT-CONFLICT");
    expect(stale.details).toMatchObject({ revision: 2, savedBy: { id: a.userId, name: "Pat admin" } });
    expect(typeof (stale.details as { savedAt: string }).savedAt).toBe("string");
    expectError(await publish(b, "contested", 1), 409, "DRAFT-CONFLICT");

    const results = await Promise.all([save(a, "contested", 2, docV1()), save(b, "contested", 2, { ...docV1(), noindex: true })]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await getPage(a, "contested")).revision).toBe(3);
    const loser = results.find((r) => r.statusCode === 409)!;
    expect(loser.json().error).toMatchObject({ code: "DRAFT-CONFLICT", details: { revision: 3 } });

    // Two first saves of a live page (base 0) in parallel: one creates the draft.
    const first = await Promise.all([save(a, "main", 0, docV1()), save(b, "main", 0, docV1())]);
    expect(first.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expectError(await save(a, "main", 5, docV1()), 409, "DRAFT-CONFLICT");
    expect((await a.browser.request({ method: "DELETE", url: "/api/admin/pages/main/draft", headers: origin })).statusCode).toBe(204);
    // Publishing without a draft of a live page is a conflict too (someone published or discarded it).
    expectError(await publish(a, "main", 1), 409, "DRAFT-CONFLICT");
  });

  it("checks every block's props per language (BLOCK-INVALID with the path), sanitises rich text, and stores nothing refused", async () => {
    const admin = await withRole(["admin"]);
    await draftPage(admin, "checked");
    const before = (await auditOf("checked")).length;
    const bad = expectError(
      await save(admin, "checked", 1, {
        ...docV1(),
        blocks: [
          { id: "hero", type: "text", props: { tr: { html: "<p>ok</p>" } } },
          { id: "pic", type: "photo", props: { tr: { src: "/a.webp", alt: "A" }, en: { alt: 5 } } },
        ],
      }),
      400,
      "BLOCK-INVALID",
    );
    const paths = (bad.details as { validationErrors: Array<{ path: string }> }).validationErrors.map((e) => e.path).sort();
    expect(paths).toEqual(["blocks.1.props.en.alt", "blocks.1.props.en.src"]);
    const dup = expectError(await save(admin, "checked", 1, { ...docV1(), blocks: [docV1().blocks[0], docV1().blocks[0]] }), 400, "VALIDATION");
    expect(JSON.stringify(dup.details)).toContain("blocks.1.id");
    expectError(await save(admin, "checked", 1, { ...docV1(), meta: { de: meta("Deutsch"), tr: meta("T") } }), 400, "UNSUPPORTED-LANG");
    expectError(
      await save(admin, "checked", 1, { ...docV1(), blocks: [{ id: "q", type: "quote", props: { ar: { text: "x" }, de: { text: "y" } } }] }),
      400,
      "UNSUPPORTED-LANG",
    );
    for (const document of [
      { ...docV1(), blocks: [{ id: "q", type: "quote", props: { tr: { text: "a\u0000b" } } }] },
      { ...docV1(), meta: { tr: meta("NUL\u0000") } },
      { ...docV1(), blocks: [{ id: "q", type: "video-game", props: { tr: {} } }] },
      { ...docV1(), blocks: [{ id: "has space", type: "quote", props: { tr: { text: "x" } } }] },
      { ...docV1(), blocks: [{ id: "q", type: "quote", props: {} }] },
      { ...docV1(), unknown: true },
      { ...docV1(), meta: { tr: { ...meta("T"), image: "javascript:alert(1)" } } },
      { ...docV1(), blocks: Array.from({ length: 201 }, (_, i) => ({ id: `b${i}`, type: "quote", props: { tr: { text: "x" } } })) },
    ]) {
      expectError(await save(admin, "checked", 1, document), 400, "VALIDATION");
    }
    expectError(await admin.browser.put("/api/admin/pages/checked/draft", { baseRevision: 1, document: docV1(), extra: 1 }, origin), 400, "VALIDATION");
    expectError(await admin.browser.put("/api/admin/pages/checked/draft", { document: docV1() }, origin), 400, "VALIDATION");
    // Over the document limit (1,000,000 bytes) yet under the server's body limit, and over both.
    const big = (n: number) => ({ ...docV1(), blocks: [{ id: "big", type: "text", props: { tr: { html: "x".repeat(n) } } }] });
    expectError(await save(admin, "checked", 1, big(1_010_000)), 413, "PAYLOAD-TOO-LARGE");
    expectError(await save(admin, "checked", 1, big(2_000_000)), 413, "PAYLOAD-TOO-LARGE");
    expect((await getPage(admin, "checked")).revision).toBe(1);
    expect((await auditOf("checked")).length).toBe(before);

    json(
      await save(admin, "checked", 1, {
        ...docV1(),
        blocks: [
          {
            id: "hero",
            type: "text",
            props: {
              tr: { html: '<p>Hi<script>alert(1)</script><img src="https://x.example/a.png" onerror="alert(2)"><a href="javascript:alert(3)">x</a></p>' },
            },
          },
          { id: "fact", type: "fact", props: { tr: { value: "5", junk: "dropped" } } },
        ],
      }),
    );
    const stored = (await getPage(admin, "checked")).document.blocks;
    const html = (stored[0]!.props.tr as { html: string }).html;
    expect(html).not.toMatch(/script|onerror|javascript/);
    expect(html).toContain('<img src="https://x.example/a.png" />');
    // Stored as the block type parses it: defaults applied, unknown props dropped.
    expect(stored[1]!.props.tr).toEqual({ variant: "fact", value: "5" });
  });

  it("refuses taken aliases and models, bad titles and languages; binds a new page to a course, which then shows its blocks", async () => {
    const admin = await withRole(["admin"]);
    const version = await readContentVersion(t.db);
    for (const alias of ["main", "404"]) expectError(await create(admin, { alias, title: { tr: "X" } }), 409, "PAGE-ALIAS-TAKEN");
    await draftPage(admin, "twice");
    expectError(await create(admin, { alias: "twice", title: { tr: "X" } }), 409, "PAGE-ALIAS-TAKEN");
    const taken = expectError(
      await create(admin, { alias: "second-course-page", title: { tr: "X" }, model: { name: "course", id: "lasting-habits" } }),
      409,
      "PAGE-MODEL-TAKEN",
    );
    expect(taken.details).toEqual({ alias: "course-lasting-habits" });
    expectError(await create(admin, { alias: "ghost", title: { tr: "X" }, model: { name: "course", id: "no-such-course" } }), 404, "NOT-FOUND");
    expectError(await create(admin, { alias: "ghost", title: { tr: "X" }, model: { name: "element", id: "no-such-element" } }), 404, "NOT-FOUND");
    const noPrimary = expectError(await create(admin, { alias: "no-primary", title: { en: "English" } }), 400, "VALIDATION");
    expect(JSON.stringify(noPrimary.details)).toContain("title.tr");
    expectError(await create(admin, { alias: "german", title: { tr: "X", de: "Deutsch" } }), 400, "UNSUPPORTED-LANG");
    for (const body of [
      {},
      { alias: "Upper", title: { tr: "X" } },
      { alias: "bad alias", title: { tr: "X" } },
      { alias: "nul\u0000", title: { tr: "X" } },
      { alias: "nul-title", title: { tr: "X\u0000" } },
      { alias: "x".repeat(121), title: { tr: "X" } },
      { alias: "extra", title: { tr: "X" }, blocks: [] },
      { alias: "bad-model", title: { tr: "X" }, model: { name: "video", id: "v" } },
    ]) {
      expectError(await create(admin, body), 400, "VALIDATION");
    }
    expect(await readContentVersion(t.db)).toBe(version);

    json(await admin.browser.post("/api/admin/courses", { id: "designed-course", title: { tr: "Kurs", en: "Course" }, published: true }, origin), 201);
    const made = await draftPage(admin, "course-designed-course", { model: { name: "course", id: "designed-course" } });
    expect(made.model).toEqual({ name: "course", id: "designed-course" });
    expectError(await create(admin, { alias: "another", title: { tr: "X" }, model: { name: "course", id: "designed-course" } }), 409, "PAGE-MODEL-TAKEN");
    json(await save(admin, "course-designed-course", 1, docV1()));
    json(await publish(admin, "course-designed-course", 2));
    const byModel = json<TPage>(await t.app.inject({ method: "GET", url: "/api/pages/by-model/course/designed-course?lang=en" }));
    expect(byModel).toMatchObject({ alias: "course-designed-course", model: { name: "course", id: "designed-course" }, title: "Summer school" });
    expect(byModel.components!.map((b) => b.id)).toEqual(["hero", "quote"]);
    const list = json<{ pages: TStudioPageSummary[] }>(await admin.browser.get("/api/admin/pages")).pages;
    expect(list.find((p) => p.alias === "course-designed-course")?.model).toEqual({ name: "course", id: "designed-course" });
  });

  it("opens every seeded page as a document (blocks merged across languages) and refuses to publish without the primary language's meta", async () => {
    const admin = await withRole(["admin"]);
    const list = json<{ pages: TStudioPageSummary[] }>(await admin.browser.get("/api/admin/pages")).pages;
    expect(list.map((p) => p.alias)).toEqual(expect.arrayContaining(["main", "advantages", "course-lasting-habits"]));
    for (const p of list) {
      const res = await admin.browser.get(`/api/admin/pages/${p.alias}`);
      expect(res.statusCode, `${p.alias}: ${res.body}`).toBe(200);
    }
    const main = await getPage(admin, "main");
    expect(Object.keys(main.document.meta).sort()).toEqual(["ar", "en", "ru", "tr"]);
    expect(main.document.blocks[0]).toMatchObject({ id: "main-hero", type: "text" });
    expect(Object.keys(main.document.blocks[0]!.props).sort()).toEqual(["ar", "en", "ru", "tr"]);

    await draftPage(admin, "english-only");
    json(await save(admin, "english-only", 1, { ...docV1(), meta: { en: meta("Only English") } }));
    expectError(await publish(admin, "english-only", 2), 400, "PAGE-META-MISSING");
    expect((await getPage(admin, "english-only")).revision).toBe(2);
    expectError(await publish(admin, "no-such-page", 1), 404, "NOT-FOUND");
  });

  it("serves a published edit of a seeded page at once from another app's warm cache", async () => {
    const admin = await withRole(["admin"]);
    const other = await t.buildApp();
    const read = async () => json<TPage>(await other.inject({ method: "GET", url: "/api/pages/by-alias/advantages?lang=ru" }));
    const before = await read();
    const live = await getPage(admin, "advantages");
    const edited = { ...live.document, meta: { ...live.document.meta, ru: { ...live.document.meta.ru!, title: "Новые преимущества" } } };
    json(await save(admin, "advantages", 0, edited));
    expect((await read()).title).toBe(before.title);
    json(await publish(admin, "advantages", 1));
    const after = await read();
    expect(after).toMatchObject({ id: before.id, title: "Новые преимущества" });
    expect(after.components).toEqual(before.components);
  });

  it("keeps to its own environment: another environment's page is 404 for every route", async () => {
    const admin = await withRole(["admin"]);
    await upsertPortal(t.db, { id: "other-portal" });
    await upsertEnvironment(t.db, { id: "other-env", portalId: "other-portal" });
    await upsertPage(t.db, { environmentId: "other-env", alias: "foreign-page", lang: "en", title: "Foreign" });
    expectError(await admin.browser.get("/api/admin/pages/foreign-page"), 404, "NOT-FOUND");
    expectError(await save(admin, "foreign-page", 0, docV1()), 404, "NOT-FOUND");
    expectError(await publish(admin, "foreign-page", 1), 404, "NOT-FOUND");
    expectError(await admin.browser.get("/api/admin/pages/foreign-page/versions"), 404, "NOT-FOUND");
    expectError(await restore(admin, "foreign-page", 1), 404, "NOT-FOUND");
    expectError(await admin.browser.request({ method: "DELETE", url: "/api/admin/pages/foreign-page/draft", headers: origin }), 404, "NOT-FOUND");
    const list = json<{ pages: TStudioPageSummary[] }>(await admin.browser.get("/api/admin/pages")).pages;
    expect(list.map((p) => p.alias)).not.toContain("foreign-page");
    expect(await t.db.select().from(pageDrafts).where(eq(pageDrafts.alias, "foreign-page"))).toEqual([]);
  });

  it("refuses every page route to learners, mentors and session users (403), guests and bad tokens (401), a foreign Origin (403), and writes nothing", async () => {
    const admin = await withRole(["admin"]);
    await draftPage(admin, "guarded");
    json(await save(admin, "guarded", 1, docV1()));
    json(await publish(admin, "guarded", 2));
    json(await save(admin, "guarded", 0, docV1()));
    const version = await readContentVersion(t.db);
    const audit = await auditOf("guarded");
    const calls: StudioCall[] = [
      ["GET", "/api/admin/pages"],
      ["POST", "/api/admin/pages", { alias: "intruder", title: { tr: "X" } }],
      ["GET", "/api/admin/pages/guarded"],
      ["PUT", "/api/admin/pages/guarded/draft", { baseRevision: 1, document: docV1() }],
      ["DELETE", "/api/admin/pages/guarded/draft"],
      ["POST", "/api/admin/pages/guarded/publish", { revision: 1 }],
      ["GET", "/api/admin/pages/guarded/versions"],
      ["POST", "/api/admin/pages/guarded/versions/1/restore"],
    ];
    await expectAuthorsOnly(t.app, t.db, calls, { author: admin.browser });
    expect(await auditOf("guarded")).toEqual(audit);
    expect(await readContentVersion(t.db)).toBe(version);
    expect((await getPage(admin, "guarded")).revision).toBe(1);
    expect(json<{ versions: unknown[] }>(await admin.browser.get("/api/admin/pages/guarded/versions")).versions).toHaveLength(1);
  });
});
