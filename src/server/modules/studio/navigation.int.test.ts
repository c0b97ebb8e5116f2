import { expect, it } from "vitest";
import { describeEachDatabase } from "../../../../tests/setup/databases";
import { Browser, expectError, json } from "../../../../tests/support/http";
import { learner, sessionBrowser } from "../../../../tests/support/sign-in";
import type { TPortalSettings } from "../../../domain/portal";
import type { TAuditPage } from "../../../domain/studio";
import type { TFlatNavigationItemInput, TStudioNavigation } from "../../../domain/studio-navigation";
import { auditLog } from "../../db/schema/audit";
import { readContentVersion } from "../../platform/content-version";

const origin = { origin: "http://localhost" };
const item = (id: string, extra: Partial<TFlatNavigationItemInput> = {}): TFlatNavigationItemInput => ({
  id,
  title: { tr: `Öğe ${id}`, en: `Item ${id}` },
  link: `/${id}`,
  ...extra,
});

describeEachDatabase("studio: the navigation tree", (t) => {
  const withRole = (roles: string[]) => learner(t.app, t.db, { roles });
  const publicNavigation = async () => json<TPortalSettings>(await t.app.inject({ method: "GET", url: "/api/portal/settings" })).environment.navigation;
  const auditRows = async () => t.db.select().from(auditLog);

  it("replaces the tree; the public settings show it nested at once, with the audit row naming the author", async () => {
    const admin = await withRole(["mp-admin"]);
    const before = json<TStudioNavigation>(await admin.browser.get("/api/admin/navigation"));
    expect(before.items.map((i) => [i.id, i.parentId])).toEqual([
      ["nav-home", null],
      ["nav-learn", null],
      ["nav-learn-courses", "nav-learn"],
      ["nav-learn-microcourse", "nav-learn"],
      ["nav-learn-watch", "nav-learn"],
      ["nav-learn-video-event", "nav-learn-watch"],
      ["nav-learn-youtube", "nav-learn-watch"],
      ["nav-learn-showcase", "nav-learn"],
      ["nav-about", null],
      ["nav-faq", null],
    ]);
    const version = await readContentVersion(t.db);
    const saved = json<TStudioNavigation>(
      await admin.browser.put(
        "/api/admin/navigation",
        {
          baseVersion: before.version,
          items: [
            item("home", { alias: "main", link: undefined, icon: "home" }),
            item("learn", { link: undefined }),
            item("courses", { parentId: "learn", link: "/courses" }),
            item("blog", { parentId: "courses", link: "https://blog.mentora.example/", openInNewTab: true }),
            item("draft", { published: false }),
            item("secret", { hidden: true }),
          ],
        },
        origin,
      ),
    );
    expect(saved.version).not.toBe(before.version);
    expect(saved.items.map((i) => [i.id, i.parentId])).toEqual([
      ["home", null],
      ["learn", null],
      ["courses", "learn"],
      ["blog", "courses"],
      ["draft", null],
      ["secret", null],
    ]);
    expect(await readContentVersion(t.db)).toBe(version + 1);
    const nav = await publicNavigation();
    expect(nav.map((n) => n.id)).toEqual(["home", "learn", "draft", "secret"]);
    expect(nav[0]).toMatchObject({ alias: "main", icon: "home", published: true, hidden: false, openInNewTab: false });
    expect(nav[1]!.children![0]!.children![0]).toMatchObject({ id: "blog", link: "https://blog.mentora.example/", openInNewTab: true });
    expect(nav[2]).toMatchObject({ published: false });
    expect(nav[3]).toMatchObject({ hidden: true });

    const page = json<TAuditPage>(await admin.browser.get("/api/admin/audit?entityType=navigation&limit=1"));
    expect(page.entries[0]).toMatchObject({
      action: "navigation.update",
      actorId: admin.userId,
      summary: { fields: ["items"], langs: ["en", "tr"], items: 6 },
    });

    // A save from the old version is stale: 409, nothing replaced.
    expectError(await admin.browser.put("/api/admin/navigation", { baseVersion: before.version, items: [item("x")] }, origin), 409, "NAVIGATION-STALE");
    expect((await publicNavigation()).map((n) => n.id)).toEqual(["home", "learn", "draft", "secret"]);
    // An empty tree is a tree.
    json(await admin.browser.put("/api/admin/navigation", { items: [] }, origin));
    expect(await publicNavigation()).toEqual([]);
  });

  it("refuses a cycle, duplicate ids, a missing parent, depth over 3, an unknown page, unsafe links and bad titles; nothing changes", async () => {
    const admin = await withRole(["admin"]);
    const start = json<TStudioNavigation>(
      await admin.browser.put("/api/admin/navigation", { items: [item("keep", { alias: "main" }), item("child", { parentId: "keep" })] }, origin),
    );
    const rows = await auditRows();
    const version = await readContentVersion(t.db);
    const publicBefore = await publicNavigation();
    const put = (items: unknown) => admin.browser.put("/api/admin/navigation", { items }, origin);

    const cycle = expectError(await put([item("a", { parentId: "c" }), item("b", { parentId: "a" }), item("c", { parentId: "b" })]), 400, "NAVIGATION-CYCLE");
    expect(cycle.details).toMatchObject({ itemId: "a", path: ["a", "c", "b", "a"] });
    expect(expectError(await put([item("self", { parentId: "self" })]), 400, "NAVIGATION-CYCLE").details).toMatchObject({ itemId: "self" });
    expect(expectError(await put([item("a"), item("a")]), 400, "NAVIGATION-DUPLICATE-ID").details).toMatchObject({ itemId: "a" });
    expect(expectError(await put([item("a", { parentId: "ghost" })]), 400, "NAVIGATION-PARENT-MISSING").details).toMatchObject({
      itemId: "a",
      parentId: "ghost",
    });
    const deep = expectError(
      await put([item("l1"), item("l2", { parentId: "l1" }), item("l3", { parentId: "l2" }), item("l4", { parentId: "l3" })]),
      400,
      "NAVIGATION-TOO-DEEP",
    );
    expect(deep.details).toMatchObject({ itemId: "l4", depth: 4 });
    const missingPage = expectError(await put([item("ok", { alias: "main" }), item("lost", { alias: "no-such-page" })]), 400, "PAGE-NOT-FOUND");
    expect(missingPage.details).toMatchObject({ itemId: "lost", alias: "no-such-page" });
    expectError(await put([item("de", { title: { tr: "Menü", de: "Menü" } })]), 400, "UNSUPPORTED-LANG");
    const noPrimary = expectError(await put([item("en-only", { title: { en: "Only English" } })]), 400, "VALIDATION");
    expect(noPrimary.details).toMatchObject({ itemId: "en-only" });
    for (const items of [
      [item("js", { link: "javascript:alert(1)" })],
      [item("data", { link: "data:text/html,<script>alert(1)</script>" })],
      [item("proto", { link: "//evil.example/" })],
      [item("nul", { title: { tr: "a\u0000b" } })],
      [item("nul-link", { link: "/a\u0000" })],
      [item("bad id")],
      [{ ...item("extra"), target: "_blank" }],
      [item("bad-alias", { alias: "../etc" })],
      [item("bad-icon", { icon: "<svg>" as "home" })],
      // Only the header's icons: a well-formed name outside the set is refused too (decision 0055).
      [item("unknown-icon", { icon: "rocket" as "home" })],
      [item("bad-flag", { published: "yes" as unknown as boolean })],
      [item("long", { title: { tr: "x".repeat(101) } })],
      Array.from({ length: 201 }, (_, i) => item(`n${i}`)),
      "not a list",
    ]) {
      expectError(await put(items), 400, "VALIDATION");
    }
    expectError(await admin.browser.put("/api/admin/navigation", { items: [], extra: 1 }, origin), 400, "VALIDATION");
    expectError(
      await admin.browser.put("/api/admin/navigation", { items: [item("huge", { link: `/${"y".repeat(2_000_000)}` })] }, origin),
      413,
      "PAYLOAD-TOO-LARGE",
    );
    expect(await auditRows()).toEqual(rows);
    expect(await readContentVersion(t.db)).toBe(version);
    expect(await publicNavigation()).toEqual(publicBefore);
    expect(json<TStudioNavigation>(await admin.browser.get("/api/admin/navigation"))).toEqual(start);
  });

  it("is for admins and mp-admin: an mp-leader, learner, mentor and session user get 403, a guest 401, a bad Origin 403; nothing written", async () => {
    const admin = await withRole(["admin"]);
    const rows = await auditRows();
    const version = await readContentVersion(t.db);
    const refused = [
      await withRole(["disciple", "mp-leader"]),
      await withRole(["disciple"]),
      await withRole(["disciple", "mentor"]),
      { browser: (await sessionBrowser(t.app)).browser },
    ];
    for (const { browser } of refused) {
      expectError(await browser.get("/api/admin/navigation"), 403, "ADMINS-ONLY");
      expectError(await browser.put("/api/admin/navigation", { items: [item("intruder")] }, origin), 403, "ADMINS-ONLY");
    }
    expectError(await new Browser(t.app).get("/api/admin/navigation"), 401, "UNAUTHORIZED");
    expectError(await new Browser(t.app).put("/api/admin/navigation", { items: [item("intruder")] }, origin), 401, "UNAUTHORIZED");
    expectError(await admin.browser.put("/api/admin/navigation", { items: [item("intruder")] }, { origin: "https://evil.example" }), 403, "BAD-ORIGIN");
    expect(await auditRows()).toEqual(rows);
    expect(await readContentVersion(t.db)).toBe(version);
    expect((await publicNavigation()).map((n) => n.id)).not.toContain("intruder");
  });
});
