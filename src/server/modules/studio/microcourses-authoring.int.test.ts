import { expect, it } from "vitest";
import { describeEachDatabase } from "../../../../tests/setup/databases";
import { expectAuthorsOnly, type StudioCall } from "../../../../tests/support/studio-guards";
import { expectError, json } from "../../../../tests/support/http";
import { learner } from "../../../../tests/support/sign-in";
import type { TAuditPage } from "../../../domain/studio";
import type { TStudioMicrocourse } from "../../../domain/studio-microcourses";
import { auditLog } from "../../db/schema/audit";
import { readContentVersion } from "../../platform/content-version";

const origin = { origin: "http://localhost" };
const newMc = (id: string, extra: Record<string, unknown> = {}) => ({ id, type: "lesson", title: { tr: `Mikro ${id}`, en: `Micro ${id}` }, ...extra });

describeEachDatabase("studio: microcourse authoring", (t) => {
  const withRole = (roles: string[]) => learner(t.app, t.db, { roles });
  const auditRows = async () => t.db.select().from(auditLog);
  const publicIds = async () =>
    json<Array<{ id: string }> | { microcourses: Array<{ id: string }> }>(await t.app.inject({ method: "GET", url: "/api/microcourses?lang=en" }));
  const listed = async () => {
    const body = await publicIds();
    return (Array.isArray(body) ? body : body.microcourses).map((m) => m.id);
  };

  it("creates and changes a microcourse; the public list and page follow at once; a taken id is 409; audit rows name the author", async () => {
    const leader = await withRole(["disciple", "mp-leader"]);
    const made = json<TStudioMicrocourse>(
      await leader.browser.post(
        "/api/admin/microcourses",
        newMc("focus-sprint", {
          description: { en: "Ten minutes" },
          duration: 10,
          cover: "/media/focus.webp",
          accessType: "free_access",
          pageAlias: "focus-sprint",
        }),
        origin,
      ),
      201,
    );
    expect(made).toMatchObject({ id: "focus-sprint", type: "lesson", published: false, hidden: false, visible: true, duration: 10, accessType: "free_access" });
    expect(await listed()).not.toContain("focus-sprint");
    expect(json<{ microcourses: TStudioMicrocourse[] }>(await leader.browser.get("/api/admin/microcourses")).microcourses.map((m) => m.id)).toContain(
      "focus-sprint",
    );
    const version = await readContentVersion(t.db);
    const changed = json<TStudioMicrocourse>(
      await leader.browser.patch("/api/admin/microcourses/focus-sprint", { published: true, title: { en: "Focus sprint" } }, origin),
    );
    expect(changed.title).toEqual({ tr: "Mikro focus-sprint", en: "Focus sprint" });
    expect(await readContentVersion(t.db)).toBe(version + 1);
    expect(await listed()).toContain("focus-sprint");
    const one = json<{ title: string; description: string; cover: string }>(
      await t.app.inject({ method: "GET", url: "/api/microcourses/focus-sprint?lang=en" }),
    );
    expect(one).toMatchObject({ title: "Focus sprint", description: "Ten minutes", cover: "/media/focus.webp" });
    json(await leader.browser.patch("/api/admin/microcourses/focus-sprint", { hidden: true }, origin));
    expect(await listed()).not.toContain("focus-sprint");
    expect(json<TStudioMicrocourse>(await leader.browser.get("/api/admin/microcourses/focus-sprint"))).toMatchObject({ hidden: true, published: true });

    const rows = await auditRows();
    expectError(await leader.browser.post("/api/admin/microcourses", newMc("focus-sprint"), origin), 409, "MICROCOURSE-ID-TAKEN");
    expect(await auditRows()).toEqual(rows);
    const page = json<TAuditPage>(await leader.browser.get("/api/admin/audit?entityType=microcourse&entityId=focus-sprint"));
    expect(page.entries.map((e) => [e.action, e.actorId])).toEqual([
      ["microcourse.update", leader.userId],
      ["microcourse.update", leader.userId],
      ["microcourse.create", leader.userId],
    ]);
    expect(page.entries[1]!.summary).toEqual({ fields: ["published", "title"], langs: ["en"] });
  });

  it("refuses bad bodies, unknown ids and every non-author; nothing written", async () => {
    const admin = await withRole(["admin"]);
    json(await admin.browser.post("/api/admin/microcourses", newMc("checked-mc"), origin), 201);
    const rows = await auditRows();
    const version = await readContentVersion(t.db);
    for (const body of [
      {},
      newMc("bad id"),
      newMc("bad-type", { type: "video" }),
      newMc("nul", { description: { en: "a\u0000" } }),
      newMc("js-cover", { cover: "javascript:alert(1)" }),
      newMc("bad-access", { accessType: "vip" }),
      newMc("extra", { price: 5 }),
      newMc("neg", { duration: -1 }),
      newMc("bad-alias", { pageAlias: "Bad Alias" }),
    ]) {
      expectError(await admin.browser.post("/api/admin/microcourses", body, origin), 400, "VALIDATION");
    }
    expectError(await admin.browser.post("/api/admin/microcourses", { ...newMc("untitled"), title: {} }, origin), 400, "TITLE-REQUIRED");
    expectError(await admin.browser.post("/api/admin/microcourses", newMc("german", { description: { de: "Deutsch" } }), origin), 400, "UNSUPPORTED-LANG");
    expectError(
      await admin.browser.post("/api/admin/microcourses", newMc("huge", { description: { en: "y".repeat(2_000_000) } }), origin),
      413,
      "PAYLOAD-TOO-LARGE",
    );
    for (const body of [{}, { visible: "no" }, { cover: "" }, { type: "test" }]) {
      expectError(await admin.browser.patch("/api/admin/microcourses/checked-mc", body, origin), 400, "VALIDATION");
    }
    expectError(await admin.browser.patch("/api/admin/microcourses/no-such-mc", { published: true }, origin), 404, "NOT-FOUND");
    expectError(await admin.browser.get("/api/admin/microcourses/no-such-mc"), 404, "NOT-FOUND");
    expectError(await admin.browser.patch("/api/admin/microcourses/bad%00id", { published: true }, origin), 400, "VALIDATION");
    expectError(await admin.browser.patch("/api/admin/microcourses/checked-mc", { published: true }, { origin: "https://evil.example" }), 403, "BAD-ORIGIN");

    const calls: StudioCall[] = [
      ["GET", "/api/admin/microcourses"],
      ["GET", "/api/admin/microcourses/checked-mc"],
      ["POST", "/api/admin/microcourses", newMc("intruder")],
      ["PATCH", "/api/admin/microcourses/checked-mc", { published: true }],
    ];
    await expectAuthorsOnly(t.app, t.db, calls);
    expect(await auditRows()).toEqual(rows);
    expect(await readContentVersion(t.db)).toBe(version);
  });
});
