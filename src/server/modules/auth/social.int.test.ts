import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { OAuth2Server } from "oauth2-mock-server";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "../../../../tests/setup/databases";
import { portals } from "../../db/schema/portal";
import { cookieHeader, cookiesOf, uniqueIp } from "../../../../tests/support/http";
import { outboxVerifyToken } from "../../../../tests/support/mail";
import { changeContent } from "../../platform/content-version";

let idp: OAuth2Server;
let subject = "google-user-1";
let email = "leyla@example.com";

beforeAll(async () => {
  idp = new OAuth2Server();
  await idp.issuer.keys.generate("RS256");
  await idp.start(0, "127.0.0.1");
  idp.service.on("beforeTokenSigning", (token) => {
    Object.assign(token.payload, { sub: subject, email, email_verified: true, given_name: "Leyla", family_name: "Kaya" });
  });
});

afterAll(async () => {
  await idp?.stop();
});

describeEachDatabase(
  "Google redirect login against a local OpenID provider",
  (t) => {
    let app: FastifyInstance;
    beforeAll(async () => {
      app = await t.buildApp({ GOOGLE_CLIENT_ID: "mentora-web", GOOGLE_CLIENT_SECRET: "s3cret", GOOGLE_ISSUER: idp.issuer.url! });
    });
    const start = (quickLink = "/en/courses?x=1") =>
      app.inject({ method: "GET", url: `/auth/google?quick_link=${encodeURIComponent(quickLink)}&lang=en`, remoteAddress: uniqueIp() });

    /** Follows the provider's authorize redirect (the stand-in approves at once) back to our callback path. */
    async function throughProvider(location: string): Promise<string> {
      const res = await fetch(location, { redirect: "manual" });
      expect(res.status).toBe(302);
      const back = new URL(res.headers.get("location")!);
      return `${back.pathname}${back.search}`;
    }

    it("reports Google in the settings only when the portal switches it on", async () => {
      const off = await t.app.inject({ method: "GET", url: "/api/portal/settings" });
      expect(off.json().providers.google).toBe(false);
      const [row] = await t.db.select().from(portals).where(eq(portals.id, t.config.PORTAL_ID));
      await changeContent(t.db, async (tx) => {
        await tx
          .update(portals)
          .set({ registration: { ...row.registration, google: true } })
          .where(eq(portals.id, t.config.PORTAL_ID));
      });
      const withGoogle = await t.buildApp({
        GOOGLE_CLIENT_ID: "mentora-web",
        GOOGLE_CLIENT_SECRET: "s3cret",
        GOOGLE_ISSUER: idp.issuer.url!,
      });
      expect((await withGoogle.inject({ method: "GET", url: "/api/portal/settings" })).json().providers.google).toBe(true);
    });

    it("sends the browser to the provider with PKCE S256, a state, a nonce and our exact callback", async () => {
      const res = await start();
      expect(res.statusCode).toBe(302);
      const url = new URL(res.headers.location as string);
      expect(url.origin).toBe(new URL(idp.issuer.url!).origin);
      expect(url.searchParams.get("code_challenge_method")).toBe("S256");
      expect(url.searchParams.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(url.searchParams.get("state")).toBeTruthy();
      expect(url.searchParams.get("nonce")).toBeTruthy();
      expect(url.searchParams.get("redirect_uri")).toBe("http://localhost:3000/callback/");
      expect(url.searchParams.get("client_id")).toBe("mentora-web");
    });

    it("signs in, creates the account once, and returns to quick_link with the session cookies", async () => {
      subject = "google-user-1";
      email = "leyla@example.com";
      const callback = await throughProvider((await start()).headers.location as string);
      const done = await app.inject({ method: "GET", url: callback, remoteAddress: uniqueIp() });
      expect(done.statusCode).toBe(302);
      expect(done.headers.location).toBe("/en/courses?x=1");
      const jar = cookiesOf(done);
      expect(jar["apollo-token"]).toBeTruthy();
      const me = (await app.inject({ method: "GET", url: "/api/users/me", headers: { cookie: cookieHeader(jar) } })).json();
      expect(me).toMatchObject({ email: "leyla@example.com", firstName: "Leyla", lastName: "Kaya", status: "active", roles: ["disciple"] });
      expect(me.links).toContain("google|google-user-1");

      // The state is single-use: replaying the callback signs nobody in.
      const replay = await app.inject({ method: "GET", url: callback, remoteAddress: uniqueIp() });
      expect(replay.statusCode).toBe(302);
      expect(replay.headers.location).toMatch(/[?&]login=failed/);
      expect(cookiesOf(replay)["apollo-token"]).toBeUndefined();

      // A second login with the same provider account is the same user.
      const again = await app.inject({ method: "GET", url: await throughProvider((await start()).headers.location as string), remoteAddress: uniqueIp() });
      const me2 = (await app.inject({ method: "GET", url: "/api/users/me", headers: { cookie: cookieHeader(cookiesOf(again)) } })).json();
      expect(me2.id).toBe(me.id);
    });

    it("links a verified e-mail to the existing account with that e-mail, once that account verified it too", async () => {
      const reg = await app.inject({
        method: "POST",
        url: "/api/auth/register",
        payload: { email: "mert@example.com", password: "secret12", firstName: "Mert", lastName: "Aydin", agree: true },
        remoteAddress: uniqueIp(),
      });
      const token = await outboxVerifyToken(t.db, "mert@example.com");
      expect((await app.inject({ method: "POST", url: "/api/auth/email/verify", payload: { token }, remoteAddress: uniqueIp() })).statusCode).toBe(200);
      subject = "google-user-2";
      email = "mert@example.com";
      const done = await app.inject({ method: "GET", url: await throughProvider((await start()).headers.location as string), remoteAddress: uniqueIp() });
      const me = (await app.inject({ method: "GET", url: "/api/users/me", headers: { cookie: cookieHeader(cookiesOf(done)) } })).json();
      expect(me.id).toBe(reg.json().userId);
      expect(me.links).toEqual(expect.arrayContaining(["email|mert@example.com", "google|google-user-2"]));
    });

    it("refuses a quick_link that leaves the site and a forged state", async () => {
      for (const bad of ["//evil.example/", "https://evil.example/", "/\\evil.example"]) {
        const res = await start(bad);
        expect(res.statusCode, bad).toBe(400);
        expect(res.json().error.code).toBe("ERR_REDIRECT");
      }
      const forged = await app.inject({ method: "GET", url: "/callback/?code=abc&state=forged", remoteAddress: uniqueIp() });
      expect(forged.statusCode).toBe(302);
      expect(forged.headers.location).toMatch(/login=failed/);
    });
  },
  { seed: true },
);
