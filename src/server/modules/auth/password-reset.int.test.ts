import { readFileSync } from "node:fs";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeEachDatabase } from "../../../../tests/setup/databases";
import { oneTimeTokens } from "../../db/schema/auth";
import { mailOutbox } from "../../db/schema/mail";
import { createServices } from "../../main";
import { tokenHash } from "../../platform/auth/tokens";
import { uniqueEmail } from "../../../../tests/support/factories";
import { Browser, bearer, expectError, isCleared, meWithBearer, setCookie, sleep, uniqueIp } from "../../../../tests/support/http";
import { resetLinkOf, startSmtp, type SmtpSink } from "../../../../tests/support/mail";
import { login, register } from "../../../../tests/support/sign-in";

const PUBLIC_URL = "https://learn.example.org";
const subjectOf = (lang: string): string => JSON.parse(readFileSync(path.join(process.cwd(), "locales", lang, "mail.json"), "utf8")).reset.subject;

describeEachDatabase("password reset", (t) => {
  let smtp: SmtpSink;
  let app: FastifyInstance;

  beforeAll(async () => {
    smtp = await startSmtp();
    app = await t.buildApp({ SMTP_URL: smtp.url, PUBLIC_URL, MAIL_FROM: "Mentora <no-reply@learn.example.org>" });
  });
  afterAll(async () => {
    await smtp?.close();
  });

  const forgot = (email: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
    app.inject({ method: "POST", url: "/api/auth/password/forgot", payload: { email, ...extra }, headers, remoteAddress: uniqueIp() });
  const reset = (token: string, password: string, headers: Record<string, string> = {}) =>
    app.inject({ method: "POST", url: "/api/auth/password/reset", payload: { token, password }, headers, remoteAddress: uniqueIp() });

  /** Registers a user, asks for a reset, and returns the letter and the token in its link. */
  async function requestReset(extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
    const user = await register(app, { firstName: "Olga", lastName: "Ivanova" });
    const res = await forgot(user.email, extra, headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ state: "ok" });
    const mail = await smtp.waitFor(user.email, undefined, "pwdtoken");
    return { user, mail, ...resetLinkOf(mail.text) };
  }

  describe("the letter over SMTP", () => {
    it("goes to the account's address, in the language of `website`, with a PUBLIC_URL link carrying pwdtoken", async () => {
      const { user, mail, url, token } = await requestReset({ website: "http://x/ru/", environmentId: t.config.ENVIRONMENT_ID });
      expect(mail.rcptTo).toEqual([user.email]);
      expect(mail.to).toContain(user.email);
      expect(mail.mailFrom).toBe("no-reply@learn.example.org");
      expect(mail.subject).toBe(subjectOf("ru"));
      expect(mail.subject).toBe("Сброс пароля Mentora");
      expect(mail.text).toContain("Здравствуйте, Olga Ivanova!");
      expect(url.origin).toBe(PUBLIC_URL);
      expect(url.pathname).toBe("/ru/");
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      // The HTML part carries the same link.
      expect(mail.html).toContain(`${PUBLIC_URL}/ru/?pwdtoken=${token}`);
      // Only the hash is stored.
      const rows = await t.db
        .select()
        .from(oneTimeTokens)
        .where(eq(oneTimeTokens.hash, tokenHash(token)));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ kind: "password-reset", userId: user.userId, usedAt: null });
      expect(await t.db.select().from(oneTimeTokens).where(eq(oneTimeTokens.hash, token))).toHaveLength(0);
      // Short expiry: an hour at most.
      expect(rows[0].expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(60 * 60 * 1000);
      expect(rows[0].expiresAt.getTime()).toBeGreaterThan(Date.now());
    });

    it.each([
      ["https://learn.example.org/en/courses/1", "en"],
      ["/ar/", "ar"],
      [undefined, "tr"],
      ["http://x/de/", "tr"],
      ["not a url at all %%", "tr"],
    ])("website %s gives the %s letter", async (website, lang) => {
      const { mail, url } = await requestReset(website === undefined ? {} : { website });
      expect(mail.subject).toBe(subjectOf(lang));
      expect(url.pathname).toBe(`/${lang}/`);
    });

    it("never links to a foreign host, whatever `website`, Host and X-Forwarded-Host say", async () => {
      const { mail, url } = await requestReset(
        { website: "https://evil.example/en/" },
        { host: "evil.example", "x-forwarded-host": "evil.example", "x-forwarded-proto": "http" },
      );
      expect(url.origin).toBe(PUBLIC_URL);
      expect(url.pathname).toBe("/en/");
      expect(mail.text).not.toContain("evil.example");
      expect(mail.html).not.toContain("evil.example");
    });

    it("joins PUBLIC_URL written with a trailing slash without a double slash", async () => {
      const slashed = await t.buildApp({ SMTP_URL: smtp.url, PUBLIC_URL: `${PUBLIC_URL}/` });
      const user = await register(slashed);
      const res = await slashed.inject({
        method: "POST",
        url: "/api/auth/password/forgot",
        payload: { email: user.email, website: "/en/" },
        remoteAddress: uniqueIp(),
      });
      expect(res.statusCode).toBe(200);
      const { link } = resetLinkOf((await smtp.waitFor(user.email, undefined, "pwdtoken")).text);
      expect(link.startsWith(`${PUBLIC_URL}/en/?pwdtoken=`)).toBe(true);
    });

    it("answers known and unknown e-mails identically, and mails only the known one", async () => {
      const user = await register(app);
      const stranger = uniqueEmail("stranger");
      const unknown = await forgot(stranger, { website: "http://x/en/" });
      const known = await forgot(user.email, { website: "http://x/en/" });
      expect(unknown.statusCode).toBe(200);
      expect(known.statusCode).toBe(200);
      expect(unknown.body).toBe(known.body);
      expect(unknown.headers["set-cookie"]).toBeUndefined();
      await smtp.waitFor(user.email, undefined, "pwdtoken");
      await sleep(100);
      expect(smtp.messages.some((m) => m.rcptTo.includes(stranger))).toBe(false);
    });

    it("refuses an invalid e-mail (400, e-mail key) and an unknown environmentId (400)", async () => {
      const bad = await forgot("nope");
      expect(expectError(bad, 400, "VALIDATION").details).toEqual({ validationErrors: [{ path: "email", message: "crud.validation.message.email" }] });
      expectError(await forgot(uniqueEmail(), { environmentId: "env-other" }), 400, "VALIDATION");
    });
  });

  describe("resetting", () => {
    it("sets the new password once: login with the new works, the old fails, the token is spent", async () => {
      const { user, token } = await requestReset();
      const res = await reset(token, "brand new password");
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ state: "ok" });
      expect(isCleared(setCookie(res, "apollo-token"))).toBe(true);

      await login(app, user.email, "brand new password");
      const old = await new Browser(app).post("/api/auth/login", { email: user.email, password: user.password });
      expectError(old, 401, "INVALID-CREDENTIALS");

      expectError(await reset(token, "another password"), 400, "RESET-TOKEN-INVALID");
      await login(app, user.email, "brand new password");
    });

    it("ends every other session of the user", async () => {
      const { user, token } = await requestReset();
      const a = await login(app, user.email, user.password);
      const b = await login(app, user.email, user.password);
      expect((await meWithBearer(app, a.accessToken)).statusCode).toBe(200);

      expect((await reset(token, "yet another password")).statusCode).toBe(200);
      for (const s of [user, a, b]) {
        expectError(await meWithBearer(app, s.accessToken), 401, "TOKEN-BAD");
        const refreshed = await app.inject({ method: "POST", url: "/api/auth/refresh", payload: { refreshToken: s.refreshToken }, remoteAddress: uniqueIp() });
        expectError(refreshed, 401, "TOKEN-BAD");
      }
      // A cookie-only browser of an old session is signed out too.
      expectError(await a.browser.me(), 401, "TOKEN-BAD");
      expect((await a.browser.me()).json().id).toBe("guest");
    });

    it("refuses a forged or random token with 400 RESET-TOKEN-INVALID and changes nothing", async () => {
      const { user, token } = await requestReset();
      for (const forged of ["x", "A".repeat(43), `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`, tokenHash(token)]) {
        expectError(await reset(forged, "hacked password"), 400, "RESET-TOKEN-INVALID");
      }
      await login(app, user.email, user.password);
      // The real token is still good.
      expect((await reset(token, "the real new password")).statusCode).toBe(200);
    });

    it("works once even when used twice at the same moment", async () => {
      const { user, token } = await requestReset();
      const results = await Promise.all(["first racer", "second racer"].map((p) => reset(token, p)));
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
      const winner = results[0].statusCode === 200 ? "first racer" : "second racer";
      await login(app, user.email, winner);
    });

    it("spends the older reset links of the account too", async () => {
      const { user, token: first } = await requestReset();
      smtp.messages.splice(0);
      expect((await forgot(user.email)).statusCode).toBe(200);
      const { token: second } = resetLinkOf((await smtp.waitFor(user.email, undefined, "pwdtoken")).text);
      expect(second).not.toBe(first);
      expect((await reset(second, "from the second link")).statusCode).toBe(200);
      expectError(await reset(first, "from the first link"), 400, "RESET-TOKEN-INVALID");
      await login(app, user.email, "from the second link");
    });

    it("refuses an expired token with 400", async () => {
      const { user, token } = await requestReset();
      await t.db
        .update(oneTimeTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(and(eq(oneTimeTokens.hash, tokenHash(token)), eq(oneTimeTokens.userId, user.userId)));
      expectError(await reset(token, "too late password"), 400, "RESET-TOKEN-INVALID");
      await login(app, user.email, user.password);
    });

    it("validates the new password before spending the token", async () => {
      const { user, token } = await requestReset();
      const short = await reset(token, "12345");
      expect(expectError(short, 400, "VALIDATION").details).toEqual({
        validationErrors: [{ path: "password", message: "crud.validation.message.minLength" }],
      });
      expect((await reset(token, "long enough")).statusCode).toBe(200);
      await login(app, user.email, "long enough");
    });

    it("a quick token is not a reset token", async () => {
      const user = await register(app);
      const services = await createServices(t.config, t.database);
      const quick = await services.auth.createQuickToken(user.userId);
      expectError(await reset(quick, "sneaky password"), 400, "RESET-TOKEN-INVALID");
      // Resetting while signed in as someone else does not matter: the token decides whose password changes.
      const { token } = await requestReset();
      expect((await reset(token, "fine password", bearer(user.accessToken))).statusCode).toBe(200);
      await login(app, user.email, user.password);
    });
  });

  describe("without SMTP_URL: the outbox", () => {
    it("keeps the letter in mail_outbox and services.mailer.outbox()", async () => {
      const user = await register(t.app);
      const res = await t.app.inject({
        method: "POST",
        url: "/api/auth/password/forgot",
        payload: { email: user.email, website: "http://localhost/en/" },
        headers: { host: "localhost:3000" },
        remoteAddress: uniqueIp(),
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ state: "ok" });

      // The letter is written after the reply (same timing for known and unknown addresses).
      // (Registration mailed its verification letter there too.)
      const stored = async () => (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, user.email))).filter((r) => r.text.includes("pwdtoken="));
      await expect.poll(async () => (await stored()).length).toBe(1);
      const rows = await stored();
      expect(rows[0].subject).toBe(subjectOf("en"));
      const { url, token } = resetLinkOf(rows[0].text);
      expect(url.origin).toBe("http://localhost:3000");
      expect(rows[0].html).toContain(token);

      const services = await createServices(t.config, t.database);
      expect(services.mailer.kind).toBe("outbox");
      const letters = await services.mailer.outbox();
      const letter = letters.find((l) => l.to === user.email && l.text.includes("pwdtoken="));
      expect(letter).toMatchObject({ id: rows[0].id, subject: subjectOf("en"), text: rows[0].text, createdAt: expect.any(String) });

      // The outbox link works like a mailed one.
      const done = await t.app.inject({
        method: "POST",
        url: "/api/auth/password/reset",
        payload: { token, password: "from the outbox" },
        remoteAddress: uniqueIp(),
      });
      expect(done.statusCode).toBe(200);
      await login(t.app, user.email, "from the outbox");
    });

    it("writes nothing for an unknown e-mail", async () => {
      const stranger = uniqueEmail("stranger");
      const res = await t.app.inject({ method: "POST", url: "/api/auth/password/forgot", payload: { email: stranger }, remoteAddress: uniqueIp() });
      expect(res.json()).toEqual({ state: "ok" });
      expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, stranger))).toHaveLength(0);
    });
  });
});
