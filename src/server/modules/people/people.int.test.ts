import { eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { describeEachDatabase } from "../../../../tests/setup/databases";
import { uniquePhone, uniqueUsername } from "../../../../tests/support/factories";
import { Browser, bearer, expectError, json, uniqueIp } from "../../../../tests/support/http";
import { learner, login, register, sessionBrowser } from "../../../../tests/support/sign-in";
import type { TPeoplePage, TPersonDetail } from "../../../domain/people";
import { auditLog } from "../../db/schema/audit";
import { mailOutbox } from "../../db/schema/mail";
import { users } from "../../db/schema/users";

const origin = { origin: "http://localhost" };
const DEADLINE_MS = 1_000;

describeEachDatabase("back office: people", (t) => {
  const withRole = (roles: string[], patch: Partial<typeof users.$inferInsert> = {}) => learner(t.app, t.db, { roles, ...patch });
  const auditOf = async (id: string) => t.db.select().from(auditLog).where(eq(auditLog.entityId, id));
  const search = async (admin: Browser, query: string) => json<TPeoplePage>(await admin.get(`/api/admin/users?${query}`));

  it("finds people by part of a name or e-mail in any case, the start of a phone or an id; sessions only when asked", async () => {
    const admin = await withRole(["disciple", "admin"]);
    const mark = uniqueUsername("zed").replace("_", "");
    const phone = uniquePhone();
    const person = await withRole(["disciple"], { firstName: `Ayşe ${mark}`, lastName: "Kaya", phone, email: `${mark}@Example.com`.toLowerCase() });
    const anonymous = await register(t.app, {});
    await t.db
      .update(users)
      .set({ email: null, username: `${mark}_anon`, links: [`anonymous|${mark}_anon`], firstName: null, lastName: null })
      .where(eq(users.id, anonymous.userId));
    const session = await sessionBrowser(t.app);

    const byName = await search(admin.browser, `q=${encodeURIComponent(mark.toUpperCase())}`);
    expect(byName.people.map((p) => p.id).sort()).toEqual([person.userId, anonymous.userId].sort());
    expect(byName.people.find((p) => p.id === anonymous.userId)?.kind).toBe("anonymous");
    expect(byName.people.find((p) => p.id === person.userId)).toMatchObject({ kind: "registered", blocked: false, roles: ["disciple"], phone });
    expect((await search(admin.browser, `q=${encodeURIComponent(`${mark}@EXAMPLE`)}`)).people.map((p) => p.id)).toEqual([person.userId]);
    expect((await search(admin.browser, `q=${encodeURIComponent(phone.slice(0, -2))}`)).people.map((p) => p.id)).toContain(person.userId);
    expect((await search(admin.browser, `q=${encodeURIComponent(phone.slice(2))}`)).people.map((p) => p.id)).not.toContain(person.userId);
    expect((await search(admin.browser, `q=${person.userId}`)).people.map((p) => p.id)).toEqual([person.userId]);
    // A LIKE wildcard is only a character.
    expect((await search(admin.browser, `q=${encodeURIComponent("%")}`)).people.map((p) => p.id)).not.toContain(person.userId);

    expect((await search(admin.browser, `q=${session.userId}`)).people).toEqual([]);
    const withSessions = await search(admin.browser, `q=${session.userId}&sessions=include`);
    expect(withSessions.people).toMatchObject([{ id: session.userId, kind: "session" }]);

    // Paging: every person once, newest first.
    const seen: string[] = [];
    let after: string | null = null;
    do {
      const res: TPeoplePage = await search(admin.browser, `limit=2${after ? `&after=${after}` : ""}`);
      expect(res.people.length).toBeLessThanOrEqual(2);
      seen.push(...res.people.map((p) => p.id));
      after = res.next;
    } while (after);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(expect.arrayContaining([admin.userId, person.userId, anonymous.userId]));
    expect(seen).not.toContain(session.userId);
  });

  it("shows one person: roles, sign-in methods, consent, orders, chats, courses", async () => {
    const admin = await withRole(["disciple", "mp-admin"]);
    const person = await withRole(["disciple", "mentor"], {
      gdprPortals: [{ learningPortalId: t.config.PORTAL_ID, cookies: { analytics: "granted" } }],
    });
    const detail = json<TPersonDetail>(await admin.browser.get(`/api/admin/users/${person.userId}`));
    expect(detail).toMatchObject({
      id: person.userId,
      kind: "registered",
      email: person.email,
      roles: ["disciple", "mentor"],
      blocked: false,
      blockedAt: null,
      signIn: [{ method: "password", email: person.email }],
      consents: [{ learningPortalId: t.config.PORTAL_ID, cookies: { analytics: "granted" } }],
      orders: [],
      chats: [],
      courses: [],
    });
    expect(detail.registered).toEqual(expect.any(String));
    expect(JSON.stringify(detail)).not.toMatch(/hash/i);
  });

  it("changes roles with an audit row; mp-admin may not grant or remove admin, nor act on an admin", async () => {
    const admin = await withRole(["disciple", "admin"]);
    const mpAdmin = await withRole(["disciple", "mp-admin"]);
    const person = await withRole(["disciple"]);
    const made = json<TPersonDetail>(await mpAdmin.browser.put(`/api/admin/users/${person.userId}/roles`, { roles: ["disciple", "mentor"] }, origin));
    expect(made.roles).toEqual(["disciple", "mentor"]);
    // The person's own session sees it at once.
    expect(json<{ roles: string[] }>(await person.browser.me()).roles).toEqual(["disciple", "mentor"]);
    expect(await auditOf(person.userId)).toMatchObject([
      { action: "user.roles", actorId: mpAdmin.userId, entityType: "user", summary: { fields: ["roles"], from: "disciple", to: "disciple,mentor" } },
    ]);

    expectError(await mpAdmin.browser.put(`/api/admin/users/${person.userId}/roles`, { roles: ["disciple", "admin"] }, origin), 403, "ADMINS-ONLY");
    expectError(await mpAdmin.browser.put(`/api/admin/users/${admin.userId}/roles`, { roles: ["disciple"] }, origin), 403, "ADMINS-ONLY");
    expectError(await mpAdmin.browser.post(`/api/admin/users/${admin.userId}/block`, undefined, origin), 403, "ADMINS-ONLY");
    expectError(await mpAdmin.browser.request({ method: "DELETE", url: `/api/admin/users/${admin.userId}`, headers: origin }), 403, "ADMINS-ONLY");
    expect((await t.db.select().from(users).where(eq(users.id, person.userId)))[0].roles).toEqual(["disciple", "mentor"]);
    expect(await auditOf(person.userId)).toHaveLength(1);

    // mp-admin hands out mp-admin; an admin hands out admin.
    expect(
      json<TPersonDetail>(await mpAdmin.browser.put(`/api/admin/users/${person.userId}/roles`, { roles: ["disciple", "mp-admin"] }, origin)).roles,
    ).toEqual(["disciple", "mp-admin"]);
    expect(json<TPersonDetail>(await admin.browser.put(`/api/admin/users/${person.userId}/roles`, { roles: ["disciple", "admin"] }, origin)).roles).toEqual([
      "disciple",
      "admin",
    ]);
  });

  it("keeps the last admin: no removing, blocking or deleting them (409 LAST-ADMIN, nothing written)", async () => {
    // This test alone decides who the admins are.
    await t.db
      .update(users)
      .set({ roles: sql`${users.roles} - 'admin'` })
      .where(sql`${users.roles} @> '["admin"]'::jsonb`);
    const solo = await withRole(["disciple", "admin"]);
    const other = await withRole(["disciple", "admin"]);
    // `other` removes `solo`'s admin: fine, one is left.
    json(await other.browser.put(`/api/admin/users/${solo.userId}/roles`, { roles: ["disciple"] }, origin));
    // `other` is the last admin now: removing their own admin, blocking or deleting them is refused.
    const before = (await auditOf(other.userId)).length;
    const last = expectError(await other.browser.put(`/api/admin/users/${other.userId}/roles`, { roles: ["disciple"] }, origin), 409, "LAST-ADMIN");
    expect(last.key).toBe("errors:codes.LAST_ADMIN");
    expect((await t.db.select().from(users).where(eq(users.id, other.userId)))[0].roles).toContain("admin");
    // Self-block and self-delete are refused on their own grounds.
    expectError(await other.browser.post(`/api/admin/users/${other.userId}/block`, undefined, origin), 409, "NOT-ON-YOURSELF");
    expectError(await other.browser.request({ method: "DELETE", url: `/api/admin/users/${other.userId}`, headers: origin }), 409, "NOT-ON-YOURSELF");
    expect(await auditOf(other.userId)).toHaveLength(before);
    // With a second admin, the first can be blocked and a blocked admin does not count.
    json(await other.browser.put(`/api/admin/users/${solo.userId}/roles`, { roles: ["disciple", "admin"] }, origin));
    json(await other.browser.post(`/api/admin/users/${solo.userId}/block`, undefined, origin));
    expectError(await other.browser.put(`/api/admin/users/${other.userId}/roles`, { roles: ["disciple"] }, origin), 409, "LAST-ADMIN");
    // Restore an admin for the other tests' sake (they make their own).
    json(await other.browser.post(`/api/admin/users/${solo.userId}/unblock`, undefined, origin));
  });

  it("keeps the last manager: an mp-admin of a portal without another admin or mp-admin cannot drop their own role (409 LAST-MANAGER)", async () => {
    // This test alone decides who may manage the portal: nobody holds admin or mp-admin but its people.
    await t.db
      .update(users)
      .set({ roles: sql`${users.roles} - 'admin' - 'mp-admin'` })
      .where(sql`${users.roles} @> '["admin"]'::jsonb or ${users.roles} @> '["mp-admin"]'::jsonb`);
    const first = await withRole(["disciple", "mp-admin"]);
    const second = await withRole(["disciple", "mp-admin"]);
    const rolesOf = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0].roles;
    // One mp-admin takes the other's role: fine, one is left.
    json(await second.browser.put(`/api/admin/users/${first.userId}/roles`, { roles: ["disciple"] }, origin));
    // The attack: the last one drops their own mp-admin (the last-admin rule alone counted only `admin`).
    const before = (await auditOf(second.userId)).length;
    for (const roles of [["disciple"], ["disciple", "mentor", "mp-leader"], []]) {
      const refused = expectError(await second.browser.put(`/api/admin/users/${second.userId}/roles`, { roles }, origin), 409, "LAST-MANAGER");
      expect(refused.key).toBe("errors:codes.LAST_MANAGER");
    }
    expect(await rolesOf(second.userId)).toEqual(["disciple", "mp-admin"]);
    expect(await auditOf(second.userId)).toHaveLength(before);
    // They can still run the back office.
    expect((await second.browser.get("/api/admin/users?limit=1")).statusCode).toBe(200);

    // A blocked mp-admin does not count: with the other one blocked, the last unblocked one still cannot leave.
    json(await second.browser.put(`/api/admin/users/${first.userId}/roles`, { roles: ["disciple", "mp-admin"] }, origin));
    json(await second.browser.post(`/api/admin/users/${first.userId}/block`, undefined, origin));
    expectError(await second.browser.put(`/api/admin/users/${second.userId}/roles`, { roles: ["disciple"] }, origin), 409, "LAST-MANAGER");
    json(await second.browser.post(`/api/admin/users/${first.userId}/unblock`, undefined, origin));
    json(await second.browser.put(`/api/admin/users/${first.userId}/roles`, { roles: ["disciple"] }, origin));

    // Two mp-admins dropping their own roles at once: the changes queue, exactly one of them goes through.
    const third = await withRole(["disciple", "mp-admin"]);
    const both = await Promise.all([second, third].map((m) => m.browser.put(`/api/admin/users/${m.userId}/roles`, { roles: ["disciple"] }, origin)));
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const kept = both[0].statusCode === 409 ? second : third;
    expect(await rolesOf(kept.userId)).toEqual(["disciple", "mp-admin"]);

    // With an admin on the portal, the last mp-admin may drop the role (the admin manages it), and the
    // admin may take it from them; the admin's own last-admin rule still holds.
    const admin = await withRole(["disciple", "admin"]);
    json(await kept.browser.put(`/api/admin/users/${kept.userId}/roles`, { roles: ["disciple"] }, origin));
    json(await admin.browser.put(`/api/admin/users/${kept.userId}/roles`, { roles: ["disciple", "mp-admin"] }, origin));
    json(await admin.browser.put(`/api/admin/users/${kept.userId}/roles`, { roles: ["disciple"] }, origin));
    expectError(await admin.browser.put(`/api/admin/users/${admin.userId}/roles`, { roles: ["disciple", "mp-admin"] }, origin), 409, "LAST-ADMIN");
  });

  it("blocks: the person's next request with their cookie is refused, refresh and sign-in fail; unblock restores sign-in", async () => {
    const admin = await withRole(["disciple", "admin"]);
    const person = await withRole(["disciple"]);
    const b = await t.buildApp();
    const onB = await login(b, person.email, person.password);
    expect(json<{ id: string }>(await person.browser.me()).id).toBe(person.userId);
    expect(json<{ id: string }>(await onB.browser.me()).id).toBe(person.userId);

    const blocked = json<TPersonDetail>(await admin.browser.post(`/api/admin/users/${person.userId}/block`, undefined, origin));
    expect(blocked).toMatchObject({ blocked: true, blockedAt: expect.any(String) });
    // The very next request with the existing cookie (access and refresh): refused, cookies cleared.
    expectError(await person.browser.me(), 401, "TOKEN-BAD");
    expect(person.browser.jar["apollo-token"]).toBeUndefined();
    expectError(await t.app.inject({ method: "GET", url: "/api/users/me", headers: bearer(person.accessToken), remoteAddress: uniqueIp() }), 401, "TOKEN-BAD");
    // Another instance refuses it within the deadline.
    const started = Date.now();
    await expect
      .poll(async () => (await b.inject({ method: "GET", url: "/api/users/me", headers: bearer(onB.accessToken), remoteAddress: uniqueIp() })).statusCode, {
        timeout: DEADLINE_MS,
        interval: 50,
      })
      .toBe(401);
    expect(Date.now() - started).toBeLessThan(DEADLINE_MS);
    // Refresh and every sign-in say why.
    expectError(await new Browser(t.app).post("/api/auth/refresh", { refreshToken: person.refreshToken }, origin), 403, "ACCOUNT-BLOCKED");
    const refused = expectError(
      await new Browser(t.app).post("/api/auth/login", { email: person.email, password: person.password }, origin),
      403,
      "ACCOUNT-BLOCKED",
    );
    expect(refused.key).toBe("errors:codes.ACCOUNT_BLOCKED");
    // A wrong password stays the usual answer (the block is not told to a stranger).
    expectError(await new Browser(t.app).post("/api/auth/login", { email: person.email, password: "not the password" }, origin), 401, "INVALID-CREDENTIALS");
    expect((await auditOf(person.userId)).map((a) => a.action)).toEqual(["user.block"]);

    const unblocked = json<TPersonDetail>(await admin.browser.post(`/api/admin/users/${person.userId}/unblock`, undefined, origin));
    expect(unblocked.blocked).toBe(false);
    const again = await login(t.app, person.email, person.password);
    expect(json<{ id: string }>(await again.browser.me()).id).toBe(person.userId);
    expect((await auditOf(person.userId)).map((a) => a.action).sort()).toEqual(["user.block", "user.unblock"]);
  });

  it("mails the usual reset link to the person, with an audit row", async () => {
    const admin = await withRole(["disciple", "mp-admin"]);
    const person = await withRole(["disciple"]);
    const res = await admin.browser.post(`/api/admin/users/${person.userId}/password-reset`, undefined, origin);
    expect(json(res)).toEqual({ state: "ok" });
    await expect
      .poll(async () => (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, person.email))).filter((r) => r.text.includes("pwdtoken=")).length)
      .toBe(1);
    expect(await auditOf(person.userId)).toMatchObject([{ action: "user.reset-password", actorId: admin.userId }]);
    const noMail = await withRole(["disciple"], { email: null, username: uniqueUsername() });
    expectError(await admin.browser.post(`/api/admin/users/${noMail.userId}/password-reset`, undefined, origin), 409, "PERSON-NO-EMAIL");
  });

  it("deletes an account: its tokens are refused, an audit row stays", async () => {
    const admin = await withRole(["disciple", "admin"]);
    const person = await withRole(["disciple"]);
    const res = await admin.browser.request({ method: "DELETE", url: `/api/admin/users/${person.userId}`, headers: origin });
    expect(res.statusCode, res.body).toBe(204);
    expectError(await person.browser.me(), 401, "TOKEN-BAD");
    expect(await t.db.select().from(users).where(eq(users.id, person.userId))).toEqual([]);
    expect(await auditOf(person.userId)).toMatchObject([{ action: "user.delete", actorId: admin.userId }]);
    expectError(await admin.browser.request({ method: "DELETE", url: `/api/admin/users/${person.userId}`, headers: origin }), 404, "NOT-FOUND");
  });

  it("exports one person's data as a JSON attachment without any hash", async () => {
    const admin = await withRole(["disciple", "admin"]);
    const person = await withRole(["disciple"]);
    json(await admin.browser.put(`/api/admin/users/${person.userId}/roles`, { roles: ["disciple", "mentor"] }, origin));
    const res = await admin.browser.get(`/api/admin/users/${person.userId}/export`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="person-${person.userId}.json"`);
    expect(String(res.headers["content-type"])).toContain("application/json");
    const data = res.json();
    expect(data.account).toMatchObject({ id: person.userId, email: person.email, hasPassword: true, roles: ["disciple", "mentor"] });
    expect(data).toMatchObject({ identities: [], orders: [], chats: [], progress: { courses: [], elements: [] } });
    expect(data.audit).toMatchObject([{ action: "user.roles", actorId: admin.userId }]);
    expect(res.body).not.toMatch(/hash/i);
    expect(res.body).not.toContain("$argon2");
  });

  it("refuses a guest (401) and a learner, mentor, mp-leader or session (403) on every endpoint", async () => {
    const person = await withRole(["disciple"]);
    const calls: Array<[string, string, unknown?]> = [
      ["GET", "/api/admin/users"],
      ["GET", `/api/admin/users/${person.userId}`],
      ["PUT", `/api/admin/users/${person.userId}/roles`, { roles: ["disciple"] }],
      ["POST", `/api/admin/users/${person.userId}/block`],
      ["POST", `/api/admin/users/${person.userId}/unblock`],
      ["POST", `/api/admin/users/${person.userId}/password-reset`],
      ["DELETE", `/api/admin/users/${person.userId}`],
      ["GET", `/api/admin/users/${person.userId}/export`],
    ];
    const refused = [
      (await withRole(["disciple"])).browser,
      (await withRole(["disciple", "mentor"])).browser,
      (await withRole(["disciple", "mp-leader"])).browser,
      (await sessionBrowser(t.app)).browser,
    ];
    for (const [method, url, payload] of calls) {
      const request = { method: method as "GET", url, payload: payload as object | undefined, headers: origin };
      for (const browser of refused) expectError(await browser.request(request), 403, "ADMINS-ONLY");
      expectError(await new Browser(t.app).request(request), 401, "UNAUTHORIZED");
    }
    expect(await t.db.select().from(users).where(eq(users.id, person.userId))).toMatchObject([{ roles: ["disciple"], blockedAt: null }]);
    expect(await auditOf(person.userId)).toEqual([]);
  });

  it("answers 404 for an unknown id and 400 for bad input, naming the field", async () => {
    const admin = await withRole(["disciple", "admin"]);
    expectError(await admin.browser.get("/api/admin/users/usr-nobody"), 404, "NOT-FOUND");
    expectError(await admin.browser.put("/api/admin/users/usr-nobody/roles", { roles: ["disciple"] }, origin), 404, "NOT-FOUND");
    expectError(await admin.browser.post("/api/admin/users/usr-nobody/block", undefined, origin), 404, "NOT-FOUND");
    expectError(await admin.browser.get("/api/admin/users/usr-nobody/export"), 404, "NOT-FOUND");
    const field = (res: Awaited<ReturnType<Browser["get"]>>) => JSON.stringify(expectError(res, 400, "VALIDATION").details);
    expect(field(await admin.browser.get(`/api/admin/users?q=${encodeURIComponent("a\u0000b")}`))).toContain("q");
    expect(field(await admin.browser.get(`/api/admin/users?q=${"x".repeat(121)}`))).toContain("q");
    expect(field(await admin.browser.get("/api/admin/users?limit=0"))).toContain("limit");
    expect(field(await admin.browser.get("/api/admin/users?after=bm90LWEtY3Vyc29y"))).toContain("after");
    expect(field(await admin.browser.get(`/api/admin/users/${encodeURIComponent("usr-\u0000")}`))).toContain("userId");
    const person = await withRole(["disciple"]);
    expect(field(await admin.browser.put(`/api/admin/users/${person.userId}/roles`, { roles: ["owner"] }, origin))).toContain("roles");
    expect(field(await admin.browser.put(`/api/admin/users/${person.userId}/roles`, { roles: "admin" }, origin))).toContain("roles");
    expect(field(await admin.browser.put(`/api/admin/users/${person.userId}/roles`, {}, origin))).toContain("roles");
    const malformed = await admin.browser.request({
      method: "PUT",
      url: `/api/admin/users/${person.userId}/roles`,
      payload: "{not json",
      headers: { ...origin, "content-type": "application/json" },
    });
    expect(malformed.statusCode).toBe(400);
    expect((await t.db.select().from(users).where(eq(users.id, person.userId)))[0].roles).toEqual(["disciple"]);
  });
});
