/**
 * E-mail verification (docs/decisions/0012) and the two attacks it closes: an account pre-hijacked by
 * registering (or setting in the profile) somebody else's address before they sign in with Google, and
 * probing which addresses are taken through profile e-mail changes. Letters go through a real SMTP
 * server; Google through oauth2-mock-server (redirect) and a local JWKS (One Tap).
 */
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { OAuth2Server } from "oauth2-mock-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeEachDatabase } from "../../../../tests/setup/databases";
import { type GoogleJwksStandIn, startGoogleJwks } from "../../../../tests/stand-ins/google-jwks";
import { identities, oneTimeTokens } from "../../db/schema/auth";
import { users } from "../../db/schema/users";
import { randomToken, tokenHash } from "../../platform/auth/tokens";
import { JOB_SCHEMA } from "../../platform/jobs/queue";
import { PASSWORD, uniqueEmail } from "../../../../tests/support/factories";
import { Browser, cookieHeader, cookiesOf, expectError, uniqueIp } from "../../../../tests/support/http";
import { resetLinkOf, startSmtp, verifyLinkOf, type SmtpSink } from "../../../../tests/support/mail";
import { login, register } from "../../../../tests/support/sign-in";

const PUBLIC_URL = "https://learn.example.org";
const ONE_TAP_CLIENT = "mentora-web.apps.googleusercontent.com";
const mailPack = (lang: string) => JSON.parse(readFileSync(path.join(process.cwd(), "locales", lang, "mail.json"), "utf8"));

let idp: OAuth2Server;
let jwks: GoogleJwksStandIn;
/** What the Google stand-in says about the person signing in. */
const google = { sub: "g-1", email: "someone@example.com", emailVerified: true };

beforeAll(async () => {
  idp = new OAuth2Server();
  await idp.issuer.keys.generate("RS256");
  await idp.start(0, "127.0.0.1");
  idp.service.on("beforeTokenSigning", (token) => {
    Object.assign(token.payload, { sub: google.sub, email: google.email, email_verified: google.emailVerified, given_name: "Victim", family_name: "Person" });
  });
  jwks = await startGoogleJwks();
});

afterAll(async () => {
  await idp?.stop();
  await jwks?.close();
});

describeEachDatabase("e-mail verification", (t) => {
  let smtp: SmtpSink;
  let app: FastifyInstance;

  beforeAll(async () => {
    smtp = await startSmtp();
    app = await t.buildApp({
      SMTP_URL: smtp.url,
      PUBLIC_URL,
      GOOGLE_CLIENT_ID: ONE_TAP_CLIENT,
      GOOGLE_CLIENT_SECRET: "s3cret",
      GOOGLE_ISSUER: idp.issuer.url!,
      GOOGLE_JWKS_URL: jwks.url,
    });
  });
  afterAll(async () => {
    await smtp?.close();
  });

  const row = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0];
  const byEmail = async (email: string) => t.db.select().from(users).where(eq(users.email, email));
  const verify = (token: unknown, browser: Browser = new Browser(app)) => browser.post("/api/auth/email/verify", { token });
  const patchEmail = (b: Browser, email: string, extra: Record<string, unknown> = {}) => b.patch("/api/users/me/profile", { core: { email }, ...extra });
  /** The newest letter with a verification link to `to`: its token. */
  const tokenMailedTo = (to: string, after = 0) =>
    smtp.until(
      (messages) => {
        const letters = messages.filter((m) => m.rcptTo.includes(to) && m.text.includes("emailtoken="));
        return letters.length > after ? verifyLinkOf(letters.at(-1)!.text).token : undefined;
      },
      `verification letter #${after + 1} to ${to}`,
    );

  const letterTo = (to: string, subject: string) =>
    smtp.until((messages) => messages.find((m) => m.rcptTo.includes(to) && m.subject === subject), `letter "${subject}" to ${to}`);

  /** A Google redirect login through the stand-in: the callback's reply (302 with cookies, or back with login=...). */
  async function googleRedirect(): Promise<LightMyRequestResponse> {
    const start = await app.inject({ method: "GET", url: `/auth/google?quick_link=${encodeURIComponent("/en/")}&lang=en`, remoteAddress: uniqueIp() });
    expect(start.statusCode).toBe(302);
    const res = await fetch(start.headers.location as string, { redirect: "manual" });
    const back = new URL(res.headers.get("location")!);
    return app.inject({ method: "GET", url: `${back.pathname}${back.search}`, remoteAddress: uniqueIp() });
  }
  const oneTap = async () =>
    app.inject({
      method: "POST",
      url: "/api/auth/one-tap",
      remoteAddress: uniqueIp(),
      headers: { cookie: "g_csrf_token=c1", "content-type": "application/json" },
      payload: JSON.stringify({
        credential: await jwks.idToken(ONE_TAP_CLIENT, { sub: google.sub, email: google.email, email_verified: google.emailVerified, given_name: "Victim" }),
        g_csrf_token: "c1",
      }),
    });
  const meOf = async (res: Parameters<typeof cookiesOf>[0]) =>
    (await app.inject({ method: "GET", url: "/api/users/me", headers: { cookie: cookieHeader(cookiesOf(res)) } })).json();
  const googleLinksOf = async (userId: string) =>
    t.db
      .select()
      .from(identities)
      .where(and(eq(identities.userId, userId), eq(identities.provider, "google")));

  describe("the letter at registration", () => {
    it("goes to the new address in the form's language with a single-use, hashed, 24-hour emailtoken link on our origin", async () => {
      const u = await register(app, { firstName: "Olga", lastName: "Ivanova", lang: "ru", website: "https://evil.example/ru/" });
      expect((await u.browser.me()).json()).toMatchObject({ email: u.email, emailVerified: false, pendingEmail: null });
      const mail = await smtp.waitFor(u.email, undefined, "emailtoken=");
      expect(mail.subject).toBe(mailPack("ru").verify.subject);
      expect(mail.text).toContain("Olga Ivanova");
      const { url, token } = verifyLinkOf(mail.text);
      expect(url.origin).toBe(PUBLIC_URL);
      expect(url.pathname).toBe("/ru/");
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(mail.html).toContain(`${PUBLIC_URL}/ru/?emailtoken=${token}`);
      const [stored] = await t.db
        .select()
        .from(oneTimeTokens)
        .where(eq(oneTimeTokens.hash, tokenHash(token)));
      expect(stored).toMatchObject({ kind: "email-verify", userId: u.userId, email: u.email, usedAt: null });
      expect(stored.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(24 * 60 * 60 * 1000);
      expect(stored.expiresAt.getTime() - Date.now()).toBeGreaterThan(23 * 60 * 60 * 1000);
      expect(await t.db.select().from(oneTimeTokens).where(eq(oneTimeTokens.hash, token))).toHaveLength(0);

      const res = await verify(token);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ state: "verified", email: u.email });
      expect((await u.browser.me()).json()).toMatchObject({ email: u.email, emailVerified: true, pendingEmail: null });
      // Single use.
      expectError(await verify(token), 400, "EMAIL-VERIFY-INVALID");
    });

    it("an unverified account still signs in with its password", async () => {
      const u = await register(app);
      const l = await login(app, u.email, u.password);
      expect((await l.browser.me()).json()).toMatchObject({ id: u.userId, emailVerified: false });
    });
  });

  describe("pre-hijack: someone else's address registered with a password, then its owner signs in with Google", () => {
    it("Google redirect: the owner is not let into the attacker's account; the popup is told to verify first", async () => {
      const victim = uniqueEmail("victim");
      const attacker = await register(app, { email: victim, password: "attacker password" });
      Object.assign(google, { sub: `g-${victim}`, email: victim, emailVerified: true });
      const done = await googleRedirect();
      expect(done.statusCode).toBe(302);
      expect(done.headers.location).toBe("/en/?login=unverified");
      expect(cookiesOf(done)["apollo-token"]).toBeUndefined();
      // Nothing linked to the attacker's account, and no second account claims the address.
      expect(await googleLinksOf(attacker.userId)).toEqual([]);
      expect((await row(attacker.userId)).links).toEqual([`email|${victim}`]);
      expect(await byEmail(victim)).toHaveLength(1);
      // The attacker's password session sees no trace of the victim's Google account.
      const again = await login(app, victim, "attacker password");
      const me = (await again.browser.me()).json();
      expect(me.links.some((l: string) => l.startsWith("google|"))).toBe(false);
    });

    it("One Tap: 409 EMAIL-UNVERIFIED-ACCOUNT, no session, nothing linked", async () => {
      const victim = uniqueEmail("victim");
      const attacker = await register(app, { email: victim, password: "attacker password" });
      Object.assign(google, { sub: `ot-${victim}`, email: victim, emailVerified: true });
      const res = await oneTap();
      expectError(res, 409, "EMAIL-UNVERIFIED-ACCOUNT");
      expect(cookiesOf(res)["apollo-token"]).toBeUndefined();
      expect(await googleLinksOf(attacker.userId)).toEqual([]);
    });

    it("once the owner proves the address (here: a password reset through their mailbox), Google signs in there and the attacker's sessions are gone", async () => {
      const victim = uniqueEmail("victim");
      const attacker = await register(app, { email: victim, password: "attacker password" });
      expect((await app.inject({ method: "POST", url: "/api/auth/password/forgot", payload: { email: victim }, remoteAddress: uniqueIp() })).statusCode).toBe(
        200,
      );
      const { token } = resetLinkOf((await smtp.waitFor(victim, undefined, "pwdtoken")).text);
      expect(
        (await app.inject({ method: "POST", url: "/api/auth/password/reset", payload: { token, password: "victim password" }, remoteAddress: uniqueIp() }))
          .statusCode,
      ).toBe(200);
      expect((await row(attacker.userId)).emailVerifiedAt).not.toBeNull();
      expectError(await attacker.browser.me(), 401, "TOKEN-BAD");
      Object.assign(google, { sub: `g2-${victim}`, email: victim, emailVerified: true });
      const done = await googleRedirect();
      expect(done.headers.location).toBe("/en/");
      expect((await meOf(done)).id).toBe(attacker.userId);
    });

    it("a verified account is linked by Google as before (redirect and One Tap)", async () => {
      const owner = await register(app);
      expect((await verify(await tokenMailedTo(owner.email))).statusCode).toBe(200);
      Object.assign(google, { sub: `g-${owner.email}`, email: owner.email, emailVerified: true });
      const done = await googleRedirect();
      expect(done.headers.location).toBe("/en/");
      const me = await meOf(done);
      expect(me.id).toBe(owner.userId);
      expect(me.links).toEqual(expect.arrayContaining([`email|${owner.email}`, `google|g-${owner.email}`]));
      Object.assign(google, { sub: `ot-${owner.email}` });
      const tap = await oneTap();
      expect(tap.statusCode, tap.body).toBe(200);
      expect(tap.json().userId).toBe(owner.userId);
    });

    it("a provider that does not vouch for the address never links by it: a new account without the address", async () => {
      const owner = await register(app);
      expect((await verify(await tokenMailedTo(owner.email))).statusCode).toBe(200);
      Object.assign(google, { sub: `unvouched-${owner.email}`, email: owner.email, emailVerified: false });
      const done = await googleRedirect();
      const me = await meOf(done);
      expect(me.id).not.toBe(owner.userId);
      expect(me).toMatchObject({ email: null, emailVerified: false });
    });

    it("an account a provider created with its verified address counts as verified", async () => {
      const email = uniqueEmail("google-made");
      Object.assign(google, { sub: `new-${email}`, email, emailVerified: true });
      const me = await meOf(await googleRedirect());
      expect(me).toMatchObject({ email, emailVerified: true, pendingEmail: null });
    });

    it("through PATCH profile: the address only waits as pending, so the owner's Google sign-in makes a new account of their own", async () => {
      const victim = uniqueEmail("victim");
      const attacker = await register(app);
      const patched = await patchEmail(attacker.browser, victim);
      expect(patched.statusCode, patched.body).toBe(200);
      expect(patched.json()).toMatchObject({ email: attacker.email, pendingEmail: victim, emailVerified: false });
      // An anonymous session cannot claim it either.
      const session = new Browser(app);
      expect((await session.post("/api/auth/session")).statusCode).toBe(200);
      expect((await patchEmail(session, victim)).json()).toMatchObject({ email: null, pendingEmail: victim });

      Object.assign(google, { sub: `g-${victim}`, email: victim, emailVerified: true });
      const done = await googleRedirect();
      expect(done.headers.location).toBe("/en/");
      const me = await meOf(done);
      expect(me.id).not.toBe(attacker.userId);
      expect(me).toMatchObject({ email: victim, emailVerified: true });
      expect(await googleLinksOf(attacker.userId)).toEqual([]);
      expect((await attacker.browser.me()).json()).toMatchObject({ email: attacker.email, links: [`email|${attacker.email}`] });

      // The letter the attacker's change sent went to the victim's mailbox; opened now, it changes nothing.
      const stale = await tokenMailedTo(victim);
      expectError(await verify(stale), 409, "DUPLICATE-EMAIL");
      expect(await row(attacker.userId)).toMatchObject({ email: attacker.email, pendingEmail: victim });
      expect(await byEmail(victim)).toHaveLength(1);
    });
  });

  describe("tokens that must not work", () => {
    it("expired, forged, reused, NUL bytes, oversized: typed 4xx and nothing changes", async () => {
      const u = await register(app);
      const token = await tokenMailedTo(u.email);
      await t.db
        .update(oneTimeTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(oneTimeTokens.hash, tokenHash(token)));
      expectError(await verify(token), 400, "EMAIL-VERIFY-INVALID");
      expectError(await verify(randomToken()), 400, "EMAIL-VERIFY-INVALID");
      expectError(await verify(`${token.slice(0, 10)}\u0000${token.slice(11)}`), 400, "VALIDATION");
      expectError(await verify("a".repeat(5000)), 400, "VALIDATION");
      expectError(await verify(""), 400, "VALIDATION");
      expectError(await verify(12345), 400, "VALIDATION");
      const huge = await new Browser(app).post("/api/auth/email/verify", { token: "a".repeat(2 * 1024 * 1024) });
      expect(huge.statusCode).toBeGreaterThanOrEqual(400);
      expect(huge.statusCode).toBeLessThan(500);
      // A password-reset token is no verification token.
      expect((await app.inject({ method: "POST", url: "/api/auth/password/forgot", payload: { email: u.email }, remoteAddress: uniqueIp() })).statusCode).toBe(
        200,
      );
      expectError(await verify(resetLinkOf((await smtp.waitFor(u.email, undefined, "pwdtoken")).text).token), 400, "EMAIL-VERIFY-INVALID");
      expect(await row(u.userId)).toMatchObject({ emailVerifiedAt: null, email: u.email, pendingEmail: null });
    });

    it("another account's link opened while signed in elsewhere is refused and stays usable by its owner", async () => {
      const a = await register(app);
      const b = await register(app);
      const tokenOfA = await tokenMailedTo(a.email);
      expectError(await verify(tokenOfA, b.browser), 400, "EMAIL-VERIFY-INVALID");
      expect((await row(a.userId)).emailVerifiedAt).toBeNull();
      expect((await row(b.userId)).emailVerifiedAt).toBeNull();
      expect((await verify(tokenOfA, a.browser)).statusCode).toBe(200);
      expect((await row(b.userId)).emailVerifiedAt).toBeNull();
    });

    it("a link for a pending address since replaced by a newer one proves nothing", async () => {
      const u = await register(app);
      const first = uniqueEmail("first");
      const second = uniqueEmail("second");
      await patchEmail(u.browser, first);
      const firstToken = await tokenMailedTo(first);
      await patchEmail(u.browser, second);
      const secondToken = await tokenMailedTo(second);
      expectError(await verify(firstToken), 400, "EMAIL-VERIFY-INVALID");
      expect(await row(u.userId)).toMatchObject({ email: u.email, pendingEmail: second });
      expect((await verify(secondToken)).json()).toEqual({ state: "verified", email: second });
      expect(await row(u.userId)).toMatchObject({ email: second, pendingEmail: null, links: [`email|${second}`] });
      expect((await row(u.userId)).emailVerifiedAt).not.toBeNull();
      // The old address no longer signs in; the new one does.
      expectError(await new Browser(app).post("/api/auth/login", { email: u.email, password: PASSWORD }), 401, "INVALID-CREDENTIALS");
      await login(app, second, PASSWORD);
    });

    it("a pending address somebody registered meanwhile: 409 DUPLICATE-EMAIL, nothing changes", async () => {
      const u = await register(app);
      const wanted = uniqueEmail("wanted");
      await patchEmail(u.browser, wanted);
      const token = await tokenMailedTo(wanted);
      await register(app, { email: wanted });
      expectError(await verify(token), 409, "DUPLICATE-EMAIL");
      expect(await row(u.userId)).toMatchObject({ email: u.email, pendingEmail: wanted, emailVerifiedAt: null });
    });
  });

  describe("resend", () => {
    it("needs a user (401 for a guest), answers 409 when nothing waits, and sends a fresh link otherwise", async () => {
      expectError(await new Browser(app).post("/api/auth/email/verify/resend", {}), 401, "UNAUTHORIZED");
      const u = await register(app);
      await tokenMailedTo(u.email);
      const res = await u.browser.post("/api/auth/email/verify/resend", { lang: "ar" });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ state: "sent" });
      const fresh = await tokenMailedTo(u.email, 1);
      expect(smtp.messages.filter((m) => m.rcptTo.includes(u.email)).at(-1)!.subject).toBe(mailPack("ar").verify.subject);
      expect((await verify(fresh)).statusCode).toBe(200);
      expectError(await u.browser.post("/api/auth/email/verify/resend"), 409, "EMAIL-ALREADY-VERIFIED");
    });

    it("a link is stored only with its queued letter: while the queue refuses the letter, no link is left behind", async () => {
      // The queue's own table refuses letters to this address (a trigger), as a full disk or a lost
      // connection would: the token's transaction must roll back with it.
      const tag = `refused_${randomUUID().slice(0, 8)}`;
      const fn = sql.raw(`${JOB_SCHEMA}.${tag}`);
      const trigger = sql.raw(tag);
      const job = sql.raw(`${JOB_SCHEMA}.job`);
      await t.db.execute(
        sql`create function ${fn}() returns trigger language plpgsql as $$ begin
          if new.name = 'letter' and new.data->>'to' like '${sql.raw(tag)}%' then raise exception 'the queue is full'; end if;
          return new; end $$`,
      );
      await t.db.execute(sql`create trigger ${trigger} before insert on ${job} for each row execute function ${fn}()`);
      const links = async (userId: string) =>
        t.db
          .select()
          .from(oneTimeTokens)
          .where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.kind, "email-verify")));
      let u: Awaited<ReturnType<typeof register>>;
      try {
        // The account is made; its letter could not be queued, and neither is its link.
        u = await register(app, { email: `${tag}@example.com` });
        expect(await links(u.userId)).toEqual([]);
        expectError(await u.browser.post("/api/auth/email/verify/resend"), 500, "INTERNAL");
        expect(await links(u.userId)).toEqual([]);
      } finally {
        await t.db.execute(sql`drop trigger if exists ${trigger} on ${job}`);
        await t.db.execute(sql`drop function if exists ${fn}()`);
      }
      // The queue takes letters again: asked once more, the link and its letter come together.
      expect((await u.browser.post("/api/auth/email/verify/resend")).statusCode).toBe(200);
      expect(await links(u.userId)).toHaveLength(1);
      expect((await verify(await tokenMailedTo(u.email))).statusCode).toBe(200);
    });

    it("is limited per account, whatever the client address (429 after 3)", async () => {
      const u = await register(app);
      for (let i = 0; i < 3; i++) {
        const b = new Browser(app);
        Object.assign(b.jar, u.browser.jar);
        expect((await b.post("/api/auth/email/verify/resend")).statusCode).toBe(200);
      }
      const b = new Browser(app);
      Object.assign(b.jar, u.browser.jar);
      expectError(await b.post("/api/auth/email/verify/resend"), 429, "RATE-LIMITED");
    });
  });

  describe("enumeration through profile e-mail changes", () => {
    it("a taken and a free address get the same reply; the taken one is mailed a notice without a link", async () => {
      const owner = await register(app);
      const free = uniqueEmail("free");
      const prober = await register(app);
      const taken = await patchEmail(prober.browser, owner.email);
      const open = await patchEmail(prober.browser, free);
      expect(taken.statusCode).toBe(200);
      expect(open.statusCode).toBe(200);
      expect(taken.body.replace(owner.email, "ADDRESS")).toBe(open.body.replace(free, "ADDRESS"));
      const notice = await letterTo(owner.email, mailPack("tr").emailTaken.subject);
      expect(notice.text).toContain(owner.email);
      expect(notice.text).not.toContain("emailtoken=");
      await tokenMailedTo(free);
      // The owner's account is untouched.
      expect(await row(owner.userId)).toMatchObject({ email: owner.email, pendingEmail: null });
    });

    it("profile changes answer 429 after the per-account limit, from any client address", async () => {
      const u = await register(app);
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) {
        const b = new Browser(app);
        Object.assign(b.jar, u.browser.jar);
        statuses.push((await patchEmail(b, uniqueEmail("probe"))).statusCode);
      }
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
      expect(statuses[10]).toBe(429);
    });

    it("profile changes answer 429 after the per-address limit, however many anonymous sessions ask", async () => {
      const ip = uniqueIp();
      const statuses: number[] = [];
      for (let i = 0; i < 21; i++) {
        const b = new Browser(app, { ip });
        expect((await b.post("/api/auth/session")).statusCode).toBe(200);
        statuses.push((await patchEmail(b, uniqueEmail("probe"))).statusCode);
      }
      expect(statuses.slice(0, 20)).toEqual(Array(20).fill(200));
      expect(statuses[20]).toBe(429);
    });
  });
});
