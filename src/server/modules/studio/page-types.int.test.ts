import { and, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { describeEachDatabase } from "../../../../tests/setup/databases";
import { expectError, json } from "../../../../tests/support/http";
import { learner } from "../../../../tests/support/sign-in";
import type { TPage } from "../../../domain/page";
import type { TPolicy } from "../../../domain/policy";
import type { TStudioPage, TStudioPageSummary } from "../../../domain/studio-pages";
import { auditLog } from "../../db/schema/audit";
import { pageVersions } from "../../db/schema/page-designer";
import { pages } from "../../db/schema/portal";

const origin = { origin: "http://localhost" };
const meta = (title: string) => ({ title, description: null, keywords: null, image: null });
const text = (tr: string, en: string) => ({ id: "body", type: "text", props: { tr: { html: `<p>${tr}</p>` }, en: { html: `<p>${en}</p>` } } });
const paths = (error: { details?: unknown }) => (error.details as { validationErrors: Array<{ path: string }> }).validationErrors.map((e) => e.path);

describeEachDatabase("studio: pages of every type (seed §3: page, template, system)", (t) => {
  const author = () => learner(t.app, t.db, { roles: ["mp-leader"] });
  type Author = Awaited<ReturnType<typeof author>>;
  const list = async (a: Author) => json<{ pages: TStudioPageSummary[] }>(await a.browser.get("/api/admin/pages")).pages;
  const create = (a: Author, body: unknown) => a.browser.post("/api/admin/pages", body, origin);
  const tpl = (alias: string, sub = "") => `/api/admin/pages/${alias}${sub}?kind=template`;
  const policy = async (category: string, lang: string) => json<TPolicy>(await t.app.inject({ method: "GET", url: `/api/policies/${category}?lang=${lang}` }));
  const byAlias = (alias: string, lang: string) => t.app.inject({ method: "GET", url: `/api/pages/by-alias/${alias}?lang=${lang}` });

  it("lists the portal's system pages beside its pages, each with its type", async () => {
    const summaries = await list(await author());
    const typeOf = (alias: string) => summaries.filter((p) => p.alias === alias).map((p) => p.type);
    expect(typeOf("404")).toEqual(["system"]);
    expect(typeOf("access-denied")).toEqual(["system"]);
    expect(typeOf("main")).toEqual(["page"]);
    expect(typeOf("cookie-policy")).toEqual(["page"]);
  });

  it("makes a policy category's template beside its page: a language without the page is drawn from the template", async () => {
    const a = await author();
    const made = json<TStudioPage>(
      await create(a, { alias: "cookie-policy", title: { tr: "Çerezler (şablon)", en: "Cookies (template)" }, kind: "template" }),
      201,
    );
    expect(made).toMatchObject({ alias: "cookie-policy", type: "template", revision: 1 });
    json(
      await a.browser.put(
        tpl("cookie-policy", "/draft"),
        { baseRevision: 1, document: { meta: { tr: meta("Çerezler"), en: meta("Cookies") }, blocks: [text("Şablon", "Template")] } },
        origin,
      ),
    );
    json(await a.browser.post(tpl("cookie-policy", "/publish"), { revision: 2 }, origin));

    // The page of the same alias is untouched, and still served in ar.
    expect((await policy("cookie-policy", "ar")).source).toBe("page");
    const page = json<TStudioPage>(await a.browser.get("/api/admin/pages/cookie-policy"));
    expect(page.type).toBe("page");
    expect(Object.keys(page.document.meta).sort()).toEqual(["ar", "en", "ru", "tr"]);

    // The page loses its ar language: ar readers get the template, in the primary language (it has no ar).
    const { ar: _dropped, ...kept } = page.document.meta;
    json(await a.browser.put("/api/admin/pages/cookie-policy/draft", { baseRevision: 0, document: { ...page.document, meta: kept } }, origin));
    json(await a.browser.post("/api/admin/pages/cookie-policy/publish", { revision: 1 }, origin));
    const fallback = await policy("cookie-policy", "ar");
    expect(fallback.source).toBe("template");
    expect(fallback.page.components).toEqual([{ id: "body", type: "text", props: { html: "<p>Şablon</p>" } }]);
    expect((await policy("cookie-policy", "en")).source).toBe("page");

    const rows = await t.db
      .select()
      .from(pages)
      .where(and(eq(pages.alias, "cookie-policy"), eq(pages.type, "template")));
    expect(rows.map((r) => [r.id, r.published]).sort()).toEqual([
      ["template-cookie-policy-en", false],
      ["template-cookie-policy-tr", false],
    ]);
    expect((await t.db.select().from(pageVersions).where(eq(pageVersions.alias, "cookie-policy"))).map((v) => [v.kind, v.version]).sort()).toEqual([
      ["page", 1],
      ["template", 1],
    ]);
    expect((await list(a)).filter((p) => p.alias === "cookie-policy").map((p) => [p.type, p.version])).toEqual([
      ["page", 1],
      ["template", 1],
    ]);
    // A template is not a page readers open by its alias.
    expectError(await byAlias("cookie-policy", "ar"), 404, "PAGE-NOT-FOUND");
    const [created] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "page.create"), eq(auditLog.entityId, "cookie-policy")));
    expect(created?.entityType).toBe("page-template");
  });

  it("renames and deletes a template without touching the page of its alias; a second template of an alias is PAGE-ALIAS-TAKEN", async () => {
    const a = await author();
    json(await create(a, { alias: "terms-of-use", title: { tr: "Koşullar" }, kind: "template" }), 201);
    expectError(await create(a, { alias: "terms-of-use", title: { tr: "Yine" }, kind: "template" }), 409, "PAGE-ALIAS-TAKEN");
    expectError(await create(a, { alias: "terms-of-use", title: { tr: "Sayfa" } }), 409, "PAGE-ALIAS-TAKEN");

    expect(json<{ alias: string }>(await a.browser.post(tpl("terms-of-use", "/rename"), { alias: "terms-old" }, origin))).toEqual({ alias: "terms-old" });
    expect(json<TStudioPage>(await a.browser.get(tpl("terms-old"))).revision).toBe(1);
    expectError(await a.browser.get(tpl("terms-of-use")), 404, "NOT-FOUND");
    expect(json<TStudioPage>(await a.browser.get("/api/admin/pages/terms-of-use")).type).toBe("page");

    expect((await a.browser.request({ method: "DELETE", url: tpl("terms-old"), headers: origin })).statusCode).toBe(204);
    expectError(await a.browser.get(tpl("terms-old")), 404, "NOT-FOUND");
    expect((await policy("terms-of-use", "en")).source).toBe("page");
  });

  it("edits and publishes a system page, which stays a system page; renaming or deleting it is 409 PAGE-SYSTEM", async () => {
    const a = await author();
    const page = json<TStudioPage>(await a.browser.get("/api/admin/pages/404"));
    expect(page.type).toBe("system");
    json(
      await a.browser.put(
        "/api/admin/pages/404/draft",
        { baseRevision: 0, document: { ...page.document, blocks: [text("Burada bir şey yok", "Nothing here")] } },
        origin,
      ),
    );
    json(await a.browser.post("/api/admin/pages/404/publish", { revision: 1 }, origin));
    expect(json<TPage>(await byAlias("404", "en")).components).toEqual([{ id: "body", type: "text", props: { html: "<p>Nothing here</p>" } }]);
    const rows = await t.db.select({ type: pages.type }).from(pages).where(eq(pages.alias, "404"));
    expect(new Set(rows.map((r) => r.type))).toEqual(new Set(["system"]));

    expectError(await a.browser.post("/api/admin/pages/404/rename", { alias: "missing" }, origin), 409, "PAGE-SYSTEM");
    expectError(await a.browser.request({ method: "DELETE", url: "/api/admin/pages/access-denied", headers: origin }), 409, "PAGE-SYSTEM");
    expect((await t.db.select().from(pages).where(eq(pages.alias, "access-denied"))).length).toBeGreaterThan(0);
    // A page cannot take a system page's alias: readers address both by it.
    expectError(await create(a, { alias: "404", title: { tr: "Yok" } }), 409, "PAGE-ALIAS-TAKEN");
  });

  it("refuses a system page made by hand, a template bound to a course and an unknown kind, writing nothing", async () => {
    const a = await author();
    expectError(await create(a, { alias: "my-404", title: { tr: "Yok" }, kind: "system" }), 400, "VALIDATION");
    const bound = expectError(
      await create(a, { alias: "course-tpl", title: { tr: "Kurs" }, kind: "template", model: { name: "course", id: "c1" } }),
      400,
      "VALIDATION",
    );
    expect(paths(bound)).toContain("model");
    expectError(await a.browser.get("/api/admin/pages/main?kind=system"), 400, "VALIDATION");
    const aliases = (await list(a)).map((p) => p.alias);
    expect(aliases).not.toContain("my-404");
    expect(aliases).not.toContain("course-tpl");
  });
});
