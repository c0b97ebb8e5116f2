import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { describeEachDatabase } from "../../../../tests/setup/databases";
import { type FacebookStandIn, startFacebookStandIn } from "../../../../tests/stand-ins/facebook";
import { identities, oauthFlows } from "../../db/schema/auth";
import { portals } from "../../db/schema/portal";
import { cookieHeader, cookiesOf, uniqueIp } from "../../../../tests/support/http";
import { changeContent } from "../../platform/content-version";

let fb: FacebookStandIn;

beforeAll(async () => {
  fb = await startFacebookStandIn();
});

afterAll(async () => {
  await fb?.close();
});

describeEachDatabase(
  "Facebook redirect login against a local Facebook stand-in",
  (t) => {
    let app: FastifyInstance;
    beforeAll(async () => {
      app = await t.buildApp({
        FACEBOOK_APP_ID: fb.appId,
        FACEBOOK_APP_SECRET: fb.appSecret,
        FACEBOOK_GRAPH_URL: fb.graphUrl,
        FACEBOOK_DIALOG_URL: fb.dialogUrl,
      });
    });
    beforeEach(() => {
      fb.tamper = {};
      fb.user = { id: "10001", first_name: "Ada", last_name: "Lovelace", email: "ada@example.com" };
    });

    const start = (quickLink = "/en/courses?x=1") =>
      app.inject({ method: "GET", url: `/auth/facebook?quick_link=${encodeURIComponent(quickLink)}&lang=en`, remoteAddress: uniqueIp() });

    /** The dialog approves at once and redirects back to our callback: its path and query. */
    async function throughDialog(location: string): Promise<string> {
      const res = await fetch(location, { redirect: "manual" });
      expect(res.status).toBe(302);
      const back = new URL(res.headers.get("location")!);
      return `${back.pathname}${back.search}`;
    }
    const me = async (res: { headers: Record<string, unknown> } & Parameters<typeof cookiesOf>[0]) =>
      (await app.inject({ method: "GET", url: "/api/users/me", headers: { cookie: cookieHeader(cookiesOf(res)) } })).json();

    it("lists Facebook in the settings only when the portal switches it on and the app is configured", async () => {
      expect((await app.inject({ method: "GET", url: "/api/portal/settings" })).json().providers.facebook).toBe(false);
      const [row] = await t.db.select().from(portals).where(eq(portals.id, t.config.PORTAL_ID));
      await changeContent(t.db, async (tx) => {
        await tx
          .update(portals)
          .set({ registration: { ...row.registration, facebook: true } })
          .where(eq(portals.id, t.config.PORTAL_ID));
      });
      try {
        const on = await t.buildApp({
          FACEBOOK_APP_ID: fb.appId,
          FACEBOOK_APP_SECRET: fb.appSecret,
          FACEBOOK_GRAPH_URL: fb.graphUrl,
          FACEBOOK_DIALOG_URL: fb.dialogUrl,
        });
        expect((await on.inject({ method: "GET", url: "/api/portal/settings" })).json().providers.facebook).toBe(true);
        const unconfigured = await t.buildApp();
        expect((await unconfigured.inject({ method: "GET", url: "/api/portal/settings" })).json().providers.facebook).toBe(false);
        expect((await unconfigured.inject({ method: "GET", url: "/auth/facebook?lang=en" })).statusCode).toBe(404);
      } finally {
        await changeContent(t.db, async (tx) => {
          await tx.update(portals).set({ registration: row.registration }).where(eq(portals.id, t.config.PORTAL_ID));
        });
      }
    });

    it("sends the browser to the dialog with our app id, the exact callback and a one-time state", async () => {
      const res = await start();
      expect(res.statusCode).toBe(302);
      const url = new URL(res.headers.location as string);
      expect(`${url.origin}${url.pathname}`).toBe(fb.dialogUrl);
      expect(url.searchParams.get("client_id")).toBe(fb.appId);
      expect(url.searchParams.get("redirect_uri")).toBe("http://localhost:3000/callback/");
      expect(url.searchParams.get("response_type")).toBe("code");
      const state = url.searchParams.get("state")!;
      expect(state.length).toBeGreaterThanOrEqual(32);
      const [flow] = await t.db.select().from(oauthFlows).where(eq(oauthFlows.state, state));
      expect(flow).toMatchObject({ provider: "facebook", returnTo: "/en/courses?x=1", redirectUri: "http://localhost:3000/callback/" });
    });

    it("exchanges the code with the app secret, checks the token with /debug_token, signs in and returns to quick_link", async () => {
      const callback = await throughDialog((await start()).headers.location as string);
      const done = await app.inject({ method: "GET", url: callback, remoteAddress: uniqueIp() });
      expect(done.statusCode).toBe(302);
      expect(done.headers.location).toBe("/en/courses?x=1");
      expect(cookiesOf(done)["apollo-token"]).toBeTruthy();
      const user = await me(done);
      expect(user).toMatchObject({ firstName: "Ada", lastName: "Lovelace", status: "active", roles: ["disciple"] });
      expect(user.links).toContain("facebook|10001");
      // Facebook does not vouch for the address: it is not put on the account.
      expect(user.email).toBeNull();

      const exchange = fb.requests.filter((r) => r.path.endsWith("/oauth/access_token")).at(-1)!;
      expect(exchange.query).toMatchObject({ client_id: fb.appId, client_secret: fb.appSecret, redirect_uri: "http://localhost:3000/callback/" });
      const debug = fb.requests.filter((r) => r.path.endsWith("/debug_token")).at(-1)!;
      expect(debug.query.access_token).toBe(`${fb.appId}|${fb.appSecret}`);

      // The same Facebook user again is the same account.
      const again = await app.inject({ method: "GET", url: await throughDialog((await start()).headers.location as string), remoteAddress: uniqueIp() });
      expect((await me(again)).id).toBe(user.id);
    });

    it("refuses a replayed callback and a forged state, signing nobody in", async () => {
      const callback = await throughDialog((await start()).headers.location as string);
      const first = await app.inject({ method: "GET", url: callback, remoteAddress: uniqueIp() });
      expect(first.headers.location).toBe("/en/courses?x=1");
      const replay = await app.inject({ method: "GET", url: callback, remoteAddress: uniqueIp() });
      expect(replay.statusCode).toBe(302);
      expect(replay.headers.location).toMatch(/[?&]login=failed/);
      expect(cookiesOf(replay)["apollo-token"]).toBeUndefined();

      const code = new URL(callback, "http://x").searchParams.get("code")!;
      const forged = await app.inject({ method: "GET", url: `/callback/?code=${code}&state=forged-state`, remoteAddress: uniqueIp() });
      expect(forged.headers.location).toMatch(/login=failed/);
      expect(cookiesOf(forged)["apollo-token"]).toBeUndefined();
    });

    it.each([
      ["the token is not valid", { isValid: false }],
      ["the token was issued to another app", { appId: "999999" }],
      ["the token belongs to another user than /me says", { userId: "20002" }],
    ])("refuses the login when /debug_token says %s", async (_what, tamper) => {
      fb.tamper = tamper;
      fb.user = { id: "30003", first_name: "Mallory" };
      const done = await app.inject({ method: "GET", url: await throughDialog((await start("/en/")).headers.location as string), remoteAddress: uniqueIp() });
      expect(done.statusCode).toBe(302);
      expect(done.headers.location).toBe("/en/?login=failed");
      expect(cookiesOf(done)["apollo-token"]).toBeUndefined();
      expect(
        await t.db
          .select()
          .from(identities)
          .where(and(eq(identities.provider, "facebook"), eq(identities.subject, "30003"))),
      ).toEqual([]);
    });

    it("refuses a dialog that comes back without a code (the visitor declined)", async () => {
      const state = new URL((await start("/en/")).headers.location as string).searchParams.get("state")!;
      const res = await app.inject({ method: "GET", url: `/callback/?error=access_denied&error_reason=user_denied&state=${state}`, remoteAddress: uniqueIp() });
      expect(res.headers.location).toBe("/en/?login=failed");
    });

    it("refuses a quick_link that leaves the site with ERR_REDIRECT", async () => {
      for (const bad of ["//evil.example/", "https://evil.example/", "/\\evil.example", "javascript:alert(1)"]) {
        const res = await start(bad);
        expect(res.statusCode, bad).toBe(400);
        expect(res.json().error.code).toBe("ERR_REDIRECT");
      }
    });
  },
  { seed: true },
);
