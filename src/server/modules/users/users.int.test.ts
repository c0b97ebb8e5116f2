import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { describeEachDatabase } from "../../../../tests/setup/databases";
import { guestUser } from "../../../domain/user";
import { portalDisciples, users } from "../../db/schema/users";
import { uniqueEmail, uniquePhone } from "../../../../tests/support/factories";
import { Browser, expectError, uniqueIp } from "../../../../tests/support/http";
import { outboxVerifyToken } from "../../../../tests/support/mail";
import { login, register, type Registered } from "../../../../tests/support/sign-in";

describeEachDatabase("users API", (t) => {
  let alice: Registered;
  let bob: Registered;
  beforeAll(async () => {
    alice = await register(t.app, { firstName: "Alice" });
    bob = await register(t.app, { firstName: "Bob" });
  });
  const row = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0];

  describe("reading users (no IDOR)", () => {
    it("GET /api/users/me as a guest is the guest user", async () => {
      const res = await new Browser(t.app).me();
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(guestUser());
      expect(res.json().id).toBe("guest");
    });

    it("reads yourself by id", async () => {
      const res = await alice.browser.get(`/api/users/${alice.userId}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: alice.userId, email: alice.email, firstName: "Alice" });
      // No password hash or other internals leak into the reply.
      expect(res.body).not.toMatch(/argon2|passwordHash|password_hash/);
    });

    it("refuses another user's record with 403 AUTH-DENY, without leaking it", async () => {
      const res = await alice.browser.get(`/api/users/${bob.userId}`);
      expectError(res, 403, "AUTH-DENY");
      expect(res.body).not.toContain(bob.email);
      // A session user is no better placed.
      const s = new Browser(t.app);
      expect((await s.post("/api/auth/session")).statusCode).toBe(200);
      expectError(await s.get(`/api/users/${bob.userId}`), 403, "AUTH-DENY");
    });

    it("answers an unauthenticated read with 401 UNAUTHORIZED", async () => {
      expectError(await new Browser(t.app).get(`/api/users/${bob.userId}`), 401, "UNAUTHORIZED");
    });

    it("lets a portal admin read anyone", async () => {
      const admin = await register(t.app);
      await t.db
        .update(users)
        .set({ roles: ["disciple", "admin"] })
        .where(eq(users.id, admin.userId));
      const res = await admin.browser.get(`/api/users/${bob.userId}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().id).toBe(bob.userId);
    });
  });

  describe("writes on another user's behalf are refused", () => {
    it("PUT /api/portals/{portalId}/disciples/{other id} is 403; yourself is 204", async () => {
      const other = await alice.browser.put(`/api/portals/${t.config.PORTAL_ID}/disciples/${bob.userId}`, { utm: [{ utm_source: "x", utm_campaign: "y" }] });
      expectError(other, 403, "AUTH-DENY");
      const [bobRow] = await t.db
        .select()
        .from(portalDisciples)
        .where(and(eq(portalDisciples.portalId, t.config.PORTAL_ID), eq(portalDisciples.userId, bob.userId)));
      expect(bobRow.utm).toEqual([]);

      const self = await alice.browser.put(`/api/portals/${t.config.PORTAL_ID}/disciples/${alice.userId}`, {
        utm: [{ utm_source: "news", utm_campaign: "spring" }],
      });
      expect(self.statusCode, self.body).toBe(204);
      const [aliceRow] = await t.db
        .select()
        .from(portalDisciples)
        .where(and(eq(portalDisciples.portalId, t.config.PORTAL_ID), eq(portalDisciples.userId, alice.userId)));
      expect(aliceRow.utm).toEqual([{ utm_source: "news", utm_campaign: "spring" }]);
    });

    it("PUT /api/portals/{portalId}/disciples/{self} needs no body, and an unknown portal is 404", async () => {
      const noBody = await bob.browser.put(`/api/portals/${t.config.PORTAL_ID}/disciples/${bob.userId}`);
      expect(noBody.statusCode, noBody.body).toBe(204);
      expectError(await bob.browser.put(`/api/portals/lp-other/disciples/${bob.userId}`, {}), 404, "NOT-FOUND");
    });

    it("PUT /api/users/me/deletion with another user's bo: id is 403 and marks nobody", async () => {
      const res = await alice.browser.put("/api/users/me/deletion", { id: `bo:${bob.userId}` });
      expectError(res, 403, "AUTH-DENY");
      expect((await row(bob.userId)).deletion).toEqual([]);
      expect((await row(alice.userId)).deletion).toEqual([]);
      expectError(await alice.browser.put("/api/users/me/deletion", { id: alice.userId }), 400, "VALIDATION");
    });

    it("DELETE /api/users/me/deletion removes your own mark", async () => {
      const u = await register(t.app);
      expect((await u.browser.put("/api/users/me/deletion", { id: `bo:${u.userId}` })).json().deletion).toHaveLength(1);
      const res = await u.browser.request({ method: "DELETE", url: "/api/users/me/deletion" });
      expect(res.statusCode).toBe(200);
      expect(res.json().deletion).toEqual([]);
    });

    it("every /me write needs a user: 401 UNAUTHORIZED for a guest", async () => {
      const g = new Browser(t.app);
      expectError(await g.patch("/api/users/me/profile", { core: { complete: true } }), 401, "UNAUTHORIZED");
      expectError(await g.put("/api/users/me/deletion", { id: `bo:${bob.userId}` }), 401, "UNAUTHORIZED");
      expectError(await g.put("/api/users/me/utm", { utm: [] }), 401, "UNAUTHORIZED");
      expectError(await g.put(`/api/portals/${t.config.PORTAL_ID}/disciples/${bob.userId}`, {}), 401, "UNAUTHORIZED");
    });
  });

  describe("PATCH /api/users/me/profile", () => {
    it("updates phone and complete; a new e-mail waits as pendingEmail until its link is opened", async () => {
      const u = await register(t.app);
      const email = uniqueEmail("moved");
      const phone = uniquePhone();
      const res = await u.browser.patch("/api/users/me/profile", {
        core: { email: ` ${email.toUpperCase()} `, phone: `${phone.slice(0, 3)} ${phone.slice(3)}`, complete: true },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ id: u.userId, email: u.email, pendingEmail: email, emailVerified: false, phone, complete: true });
      expect(await row(u.userId)).toMatchObject({ email: u.email, pendingEmail: email, phone, complete: true });
      // The old address keeps signing in; the new one only after its verification link.
      await login(t.app, u.email, u.password);
      expectError(await new Browser(t.app).post("/api/auth/login", { email, password: u.password }), 401, "INVALID-CREDENTIALS");
      const token = await outboxVerifyToken(t.db, email);
      expect((await new Browser(t.app).post("/api/auth/email/verify", { token })).statusCode).toBe(200);
      expect(await row(u.userId)).toMatchObject({ email, pendingEmail: null });
      await login(t.app, email, u.password);
    });

    it("upgrades a user lacking the disciple role", async () => {
      const u = await register(t.app);
      await t.db.update(users).set({ roles: [] }).where(eq(users.id, u.userId));
      expect((await u.browser.me()).json().roles).toEqual([]);
      const res = await u.browser.patch("/api/users/me/profile", { core: { complete: true } });
      expect(res.statusCode).toBe(200);
      expect(res.json().roles).toEqual(["disciple"]);
      expect((await row(u.userId)).roles).toEqual(["disciple"]);
    });

    it("never says whether another user holds an e-mail (it only waits as pending), and answers 409 DUPLICATE-EMAIL-OR-PHONE for their phone", async () => {
      const phone = uniquePhone();
      const owner = await register(t.app, { phone });
      const u = await register(t.app);
      const res = await u.browser.patch("/api/users/me/profile", { core: { email: owner.email.toUpperCase() } });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ email: u.email, pendingEmail: owner.email });
      expectError(await u.browser.patch("/api/users/me/profile", { core: { phone } }), 409, "DUPLICATE-EMAIL-OR-PHONE");
      expect(await row(u.userId)).toMatchObject({ email: u.email, phone: null });
      expect(await row(owner.userId)).toMatchObject({ email: owner.email, pendingEmail: null });
    });

    it("validates the core fields and refuses unknown ones", async () => {
      const u = await register(t.app);
      const res = await u.browser.patch("/api/users/me/profile", { core: { email: "nope", phone: "12345" } });
      const byPath = Object.fromEntries(
        (expectError(res, 400, "VALIDATION").details as { validationErrors: Array<{ path: string; message: string }> }).validationErrors.map((v) => [
          v.path,
          v.message,
        ]),
      );
      expect(byPath).toEqual({ "core.email": "crud.validation.message.email", "core.phone": "crud.validation.message.phone" });
      expectError(await u.browser.patch("/api/users/me/profile", { core: { roles: ["admin"] } }), 400, "VALIDATION");
      expect((await row(u.userId)).roles).toEqual(["disciple"]);
    });
  });

  describe("consent and utm", () => {
    const cookies = { analytics: "granted", youtube: "denied", vimeo: "denied", hotjar: "denied" } as const;

    it("stores cookie consent per learning portal in gdpr.portals, replacing the previous choice", async () => {
      const u = await register(t.app);
      const res = await u.browser.put("/api/users/me/cookies", { learningPortalId: t.config.PORTAL_ID, cookies });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().gdpr.portals).toEqual([{ learningPortalId: t.config.PORTAL_ID, cookies }]);

      const again = await u.browser.put("/api/users/me/cookies", { learningPortalId: t.config.PORTAL_ID, cookies: { ...cookies, youtube: "granted" } });
      expect(again.json().gdpr.portals).toEqual([{ learningPortalId: t.config.PORTAL_ID, cookies: { ...cookies, youtube: "granted" } }]);
      expect((await row(u.userId)).gdprPortals).toHaveLength(1);
      expect((await u.browser.me()).json().gdpr.portals[0].cookies.youtube).toBe("granted");
    });

    it("refuses an unknown portal, an unknown category and an unknown value with 400", async () => {
      const u = await register(t.app);
      expectError(await u.browser.put("/api/users/me/cookies", { learningPortalId: "lp-unknown", cookies }), 400, "VALIDATION");
      expectError(
        await u.browser.put("/api/users/me/cookies", { learningPortalId: t.config.PORTAL_ID, cookies: { ...cookies, tracking: "granted" } }),
        400,
        "VALIDATION",
      );
      expectError(
        await u.browser.put("/api/users/me/cookies", { learningPortalId: t.config.PORTAL_ID, cookies: { ...cookies, analytics: "yes" } }),
        400,
        "VALIDATION",
      );
      expect((await row(u.userId)).gdprPortals).toEqual([]);
    });

    it("stores analytics.utm records with the environmentId", async () => {
      const u = await register(t.app);
      const utm = [
        { utm_source: "newsletter", utm_campaign: "spring", utm_medium: "email" },
        { utm_source: "ads", utm_campaign: "summer" },
      ];
      const res = await u.browser.put("/api/users/me/utm", { utm });
      expect(res.statusCode, res.body).toBe(200);
      const expected = utm.map((r) => ({ ...r, environmentId: t.config.ENVIRONMENT_ID }));
      expect(res.json().analytics.utm).toEqual(expected);
      expect((await row(u.userId)).utm).toEqual(expected);
      // A client cannot choose the environmentId or add other keys.
      expectError(await u.browser.put("/api/users/me/utm", { utm: [{ utm_source: "a", utm_campaign: "b", environmentId: "env-x" }] }), 400, "VALIDATION");
      expectError(await u.browser.put("/api/users/me/utm", { utm: [{ utm_source: "a" }] }), 400, "VALIDATION");
    });
  });

  describe("progress", () => {
    it("POST /api/progress/ensure answers the caller's {portalId}:{userId} record", async () => {
      const res = await alice.browser.post("/api/progress/ensure");
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ id: `${t.config.PORTAL_ID}:${alice.userId}`, portalId: t.config.PORTAL_ID, userId: alice.userId });
      const guest = await t.app.inject({ method: "POST", url: "/api/progress/ensure", remoteAddress: uniqueIp() });
      expectError(guest, 401, "UNAUTHORIZED");
    });
  });
});
