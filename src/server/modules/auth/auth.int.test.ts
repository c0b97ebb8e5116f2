import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { describeEachDatabase } from "../../../../tests/setup/databases";
import { portalDisciples, progressRecords, users } from "../../db/schema/users";
import { createServices } from "../../main";
import { PASSWORD, signUpBody, uniqueEmail, uniquePhone, uniqueUsername } from "../../../../tests/support/factories";
import { Browser, expectError, meWithBearer } from "../../../../tests/support/http";
import { login, register } from "../../../../tests/support/sign-in";

/** An error body as the client compares it: each reply carries its own request's id. */
function withoutRequestId(body: { error: Record<string, unknown> }) {
  const { requestId, ...error } = body.error;
  expect(typeof requestId).toBe("string");
  return { ...body, error };
}

describeEachDatabase("auth API", (t) => {
  const userRow = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0];

  describe("POST /api/auth/session", () => {
    it("creates a session user with no payload: tokens, userId, status session, role disciple", async () => {
      const b = new Browser(t.app);
      const res = await b.post("/api/auth/session");
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body).toEqual({
        accessToken: expect.any(String),
        refreshToken: expect.any(String),
        userId: expect.stringMatching(/^usr-/),
        expiresIn: expect.any(Number),
      });
      expect(b.jar["apollo-token"]).toBe(body.accessToken);

      const me = await b.me();
      expect(me.statusCode).toBe(200);
      expect(me.json()).toMatchObject({ id: body.userId, status: "session", roles: ["disciple"], email: null, registered: null });

      const row = await userRow(body.userId);
      expect(row.status).toBe("session");
      expect(row.roles).toContain("disciple");
    });

    it("gives a new user each time", async () => {
      const a = (await new Browser(t.app).post("/api/auth/session")).json();
      const b = (await new Browser(t.app).post("/api/auth/session")).json();
      expect(a.userId).not.toBe(b.userId);
      expect(a.accessToken).not.toBe(b.accessToken);
    });
  });

  describe("POST /api/auth/register", () => {
    it("registers a disciple: tokens, normalised e-mail, links, portal disciple and progress record", async () => {
      const raw = `  Mixed.Case-${Date.now()}@Example.COM `;
      const r = await register(t.app, { email: raw, firstName: "Ann", lastName: "Lee" });
      expect(r.res.json()).toEqual({
        accessToken: expect.any(String),
        refreshToken: expect.any(String),
        userId: expect.stringMatching(/^usr-/),
        expiresIn: expect.any(Number),
      });
      const email = raw.trim().toLowerCase();

      const me = (await r.browser.me()).json();
      expect(me).toMatchObject({
        id: r.userId,
        roles: ["disciple"],
        status: "active",
        email,
        fullName: "Ann Lee",
        links: [`email|${email}`],
        learning: { environments: [t.config.PORTAL_ID] },
      });
      expect(Date.parse(me.registered)).toBeGreaterThan(Date.now() - 60_000);

      const disciples = await t.db
        .select()
        .from(portalDisciples)
        .where(and(eq(portalDisciples.portalId, t.config.PORTAL_ID), eq(portalDisciples.userId, r.userId)));
      expect(disciples).toHaveLength(1);
      const progress = await t.db
        .select()
        .from(progressRecords)
        .where(eq(progressRecords.id, `${t.config.PORTAL_ID}:${r.userId}`));
      expect(progress).toHaveLength(1);
      expect(progress[0]).toMatchObject({ portalId: t.config.PORTAL_ID, userId: r.userId });

      // The password is stored as an argon2id hash, never as typed.
      const row = await userRow(r.userId);
      expect(row.passwordHash).toMatch(/^\$argon2id\$v=19\$m=(19456|[2-9]\d{4,}),t=\d+,p=1\$/);
      expect(row.passwordHash).not.toContain(PASSWORD);
    });

    it("keeps the id of a session user who registers (and so the progress)", async () => {
      const b = new Browser(t.app);
      const session = (await b.post("/api/auth/session")).json();
      const r = await register(t.app, {}, b);
      expect(r.userId).toBe(session.userId);
      const me = (await b.me()).json();
      expect(me).toMatchObject({ id: session.userId, status: "active", email: r.email, roles: ["disciple"] });
      expect(me.links).toEqual([`session|${session.userId}`, `email|${r.email}`]);
      // New session id at sign-up: the anonymous session's tokens no longer open the account.
      expectError(await meWithBearer(t.app, session.accessToken), 401, "TOKEN-BAD");
      const refreshed = await new Browser(t.app).post("/api/auth/refresh", { refreshToken: session.refreshToken });
      expectError(refreshed, 401, "TOKEN-BAD");
      // The tokens issued by the registration do.
      expect((await meWithBearer(t.app, r.accessToken)).json()).toMatchObject({ id: session.userId, status: "active" });
    });

    it("lets exactly one of two concurrent registrations of the same e-mail win; the other is 409", async () => {
      const email = uniqueEmail("race");
      const results = await Promise.all([0, 1].map(() => new Browser(t.app).post("/api/auth/register", signUpBody({ email }))));
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expectError(
        results.find((r) => r.statusCode === 409)!,
        409,
        "DUPLICATE-EMAIL",
      );
      expect(await t.db.select({ id: users.id }).from(users).where(eq(users.email, email))).toHaveLength(1);
    });

    it("answers 409 DUPLICATE-EMAIL for an e-mail already registered, whatever its case and spaces", async () => {
      const r = await register(t.app);
      for (const email of [r.email, `  ${r.email.toUpperCase()}  `]) {
        const res = await new Browser(t.app).post("/api/auth/register", signUpBody({ email }));
        expectError(res, 409, "DUPLICATE-EMAIL");
        expect(res.headers["set-cookie"]).toBeUndefined();
      }
      expect(await t.db.select({ id: users.id }).from(users).where(eq(users.email, r.email))).toHaveLength(1);
    });

    it("answers 409 DUPLICATE-EMAIL-OR-PHONE when the phone is taken (formatted differently)", async () => {
      const phone = uniquePhone();
      const first = await register(t.app, { phone });
      expect((await first.browser.me()).json().phone).toBe(phone);
      const spaced = `${phone.slice(0, 3)} ${phone.slice(3, 6)} ${phone.slice(6)}`;
      const res = await new Browser(t.app).post("/api/auth/register", signUpBody({ phone: spaced }));
      expectError(res, 409, "DUPLICATE-EMAIL-OR-PHONE");
    });

    it("answers 400 with one validationErrors entry per invalid field, each a language-pack key", async () => {
      const res = await new Browser(t.app).post("/api/auth/register", {
        email: "not-an-email",
        password: "12345",
        firstName: "Ann1",
        lastName: "X",
        agree: false,
      });
      const error = expectError(res, 400, "VALIDATION");
      const list = (error.details as { validationErrors: Array<{ path: string; message: string }> }).validationErrors;
      const byPath = Object.fromEntries(list.map((v) => [v.path, v.message]));
      expect(list).toHaveLength(5);
      expect(byPath).toEqual({
        email: "crud.validation.message.email",
        password: "crud.validation.message.minLength",
        firstName: "crud.validation.message.name",
        lastName: "crud.validation.message.minLength",
        agree: "env.scenario.gdpr.no_check_msg",
      });
    });

    it("reports missing required fields as required, and a missing agreement as the GDPR key", async () => {
      const res = await new Browser(t.app).post("/api/auth/register", {});
      const error = expectError(res, 400, "VALIDATION");
      const byPath = Object.fromEntries(
        (error.details as { validationErrors: Array<{ path: string; message: string }> }).validationErrors.map((v) => [v.path, v.message]),
      );
      expect(byPath).toEqual({
        email: "crud.validation.message.required",
        password: "crud.validation.message.required",
        firstName: "crud.validation.message.required",
        agree: "env.scenario.gdpr.no_check_msg",
      });
    });

    it("keeps a 100-character password exactly: it signs in, the same minus its last character does not", async () => {
      const password = "Pä$$ wörd ".repeat(9) + "0123456789";
      expect(password).toHaveLength(100);
      const r = await register(t.app, { password });
      await login(t.app, r.email, password);
      const res = await new Browser(t.app).post("/api/auth/login", { email: r.email, password: password.slice(0, -1) });
      expectError(res, 401, "INVALID-CREDENTIALS");
      const trailing = await new Browser(t.app).post("/api/auth/login", { email: r.email, password: `${password} ` });
      expectError(trailing, 401, "INVALID-CREDENTIALS");
    });

    it("refuses an unknown environmentId with 400 and creates nobody", async () => {
      const body = signUpBody({ environmentId: "env-other" });
      const res = await new Browser(t.app).post("/api/auth/register", body);
      expectError(res, 400, "VALIDATION");
      expect(await t.db.select().from(users).where(eq(users.email, body.email))).toHaveLength(0);
      // The configured one is accepted.
      await register(t.app, { environmentId: t.config.ENVIRONMENT_ID, website: "http://localhost/en/", role: "disciple" });
    });
  });

  describe("POST /api/auth/login", () => {
    it("signs in with the registered password, e-mail in any case, with a new session each time", async () => {
      const r = await register(t.app);
      const a = await login(t.app, ` ${r.email.toUpperCase()} `, r.password);
      expect(a.userId).toBe(r.userId);
      const b = await login(t.app, r.email, r.password);
      expect(b.accessToken).not.toBe(a.accessToken);
      expect(b.refreshToken).not.toBe(a.refreshToken);
      expect((await a.browser.me()).json()).toMatchObject({ id: r.userId, status: "active" });
    });

    it("removes this environment's deletion mark on the next login", async () => {
      const r = await register(t.app);
      const marked = await r.browser.put("/api/users/me/deletion", { id: `bo:${r.userId}` });
      expect(marked.statusCode, marked.body).toBe(200);
      expect(marked.json().deletion).toEqual([{ environmentId: t.config.ENVIRONMENT_ID, profileId: `bo:${r.userId}`, at: expect.any(String) }]);
      expect((await userRow(r.userId)).deletion).toHaveLength(1);

      const l = await login(t.app, r.email, r.password);
      expect((await l.browser.me()).json().deletion).toEqual([]);
      expect((await userRow(r.userId)).deletion).toEqual([]);
    });

    it("keeps another environment's deletion mark", async () => {
      const r = await register(t.app);
      const other = { environmentId: "env-elsewhere", profileId: `bo:${r.userId}`, at: new Date().toISOString() };
      await t.db
        .update(users)
        .set({ deletion: [other] })
        .where(eq(users.id, r.userId));
      await login(t.app, r.email, r.password);
      expect((await userRow(r.userId)).deletion).toEqual([other]);
    });

    it("answers a wrong password and an unknown e-mail alike: 401 INVALID-CREDENTIALS, same body, no cookie", async () => {
      const r = await register(t.app);
      const wrong = await new Browser(t.app).post("/api/auth/login", { email: r.email, password: "wrong password" });
      const unknown = await new Browser(t.app).post("/api/auth/login", { email: uniqueEmail("nobody"), password: "wrong password" });
      expectError(wrong, 401, "INVALID-CREDENTIALS");
      expect(unknown.statusCode).toBe(wrong.statusCode);
      expect(withoutRequestId(unknown.json())).toEqual(withoutRequestId(wrong.json()));
      expect(unknown.headers["set-cookie"]).toBeUndefined();
      expect(wrong.headers["set-cookie"]).toBeUndefined();
    });

    it("validates the sign-in form: required e-mail and password, a valid e-mail", async () => {
      const empty = await new Browser(t.app).post("/api/auth/login", { email: "", password: "" });
      expect(expectError(empty, 400, "VALIDATION").details).toEqual({
        validationErrors: [
          { path: "email", message: "crud.validation.message.required" },
          { path: "password", message: "crud.validation.message.required" },
        ],
      });
      const bad = await new Browser(t.app).post("/api/auth/login", { email: "a@b", password: "x" });
      expect(expectError(bad, 400, "VALIDATION").details).toEqual({
        validationErrors: [{ path: "email", message: "crud.validation.message.email" }],
      });
    });

    it("upgrades a user lacking the disciple role on login", async () => {
      const r = await register(t.app);
      await t.db
        .update(users)
        .set({ roles: ["mentor"] })
        .where(eq(users.id, r.userId));
      const l = await login(t.app, r.email, r.password);
      expect((await l.browser.me()).json().roles).toEqual(["mentor", "disciple"]);
    });
  });

  describe("anonymous accounts", () => {
    it("registers with a username and password, links anonymous|name, and signs in", async () => {
      const username = uniqueUsername();
      const b = new Browser(t.app);
      const res = await b.post("/api/auth/anonymous/register", { username, password: "secret1" });
      expect(res.statusCode, res.body).toBe(200);
      const { userId } = res.json();
      const me = (await b.me()).json();
      expect(me).toMatchObject({ id: userId, roles: ["disciple"], status: "active", username, email: null, links: [`anonymous|${username}`] });

      const again = await new Browser(t.app).post("/api/auth/anonymous/login", { username, password: "secret1" });
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json().userId).toBe(userId);
    });

    it("answers 409 DUPLICATE-USERNAME for a taken username", async () => {
      const username = uniqueUsername();
      expect((await new Browser(t.app).post("/api/auth/anonymous/register", { username, password: "secret1" })).statusCode).toBe(200);
      const res = await new Browser(t.app).post("/api/auth/anonymous/register", { username, password: "other-secret" });
      expectError(res, 409, "DUPLICATE-USERNAME");
    });

    it("answers a wrong password and an unknown username with the same 401 INVALID-CREDENTIALS", async () => {
      const username = uniqueUsername();
      expect((await new Browser(t.app).post("/api/auth/anonymous/register", { username, password: "secret1" })).statusCode).toBe(200);
      const wrong = await new Browser(t.app).post("/api/auth/anonymous/login", { username, password: "secret2" });
      const unknown = await new Browser(t.app).post("/api/auth/anonymous/login", { username: uniqueUsername(), password: "secret2" });
      expectError(wrong, 401, "INVALID-CREDENTIALS");
      expect(unknown.statusCode).toBe(401);
      expect(withoutRequestId(unknown.json())).toEqual(withoutRequestId(wrong.json()));
    });

    it("refuses a username with a space (400, username key) and a short password", async () => {
      const res = await new Browser(t.app).post("/api/auth/anonymous/register", { username: "john doe", password: "secret1" });
      const error = expectError(res, 400, "VALIDATION");
      expect(error.details).toEqual({ validationErrors: [{ path: "username", message: "crud.validation.message.username" }] });
      const short = await new Browser(t.app).post("/api/auth/anonymous/register", { username: uniqueUsername(), password: "12345" });
      expect(expectError(short, 400, "VALIDATION").details).toEqual({
        validationErrors: [{ path: "password", message: "crud.validation.message.minLength" }],
      });
    });

    it("turns a session user into the anonymous account, keeping the id", async () => {
      const b = new Browser(t.app);
      const session = (await b.post("/api/auth/session")).json();
      const username = uniqueUsername();
      const res = await b.post("/api/auth/anonymous/register", { username, password: "secret1" });
      expect(res.json().userId).toBe(session.userId);
      expect((await b.me()).json()).toMatchObject({ id: session.userId, status: "active", links: [`session|${session.userId}`, `anonymous|${username}`] });
      expectError(await meWithBearer(t.app, session.accessToken), 401, "TOKEN-BAD");
    });

    it("lets exactly one of two concurrent sign-ups with the same username win", async () => {
      const username = uniqueUsername("race");
      const results = await Promise.all([0, 1].map(() => new Browser(t.app).post("/api/auth/anonymous/register", { username, password: "secret1" })));
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expectError(
        results.find((r) => r.statusCode === 409)!,
        409,
        "DUPLICATE-USERNAME",
      );
    });
  });

  describe("quick token", () => {
    it("exchanges a single-use quick token for tokens; a second use is 401 QUICK-TOKEN-INVALID", async () => {
      const r = await register(t.app);
      const services = await createServices(t.config, t.database);
      const token = await services.auth.createQuickToken(r.userId);

      const b = new Browser(t.app);
      const res = await b.post("/api/auth/quick-token", { token });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ userId: r.userId, accessToken: expect.any(String), refreshToken: expect.any(String) });
      expect((await b.me()).json().id).toBe(r.userId);

      const second = await new Browser(t.app).post("/api/auth/quick-token", { token });
      expectError(second, 401, "QUICK-TOKEN-INVALID");
    });

    it("works once even when used twice at the same moment", async () => {
      const r = await register(t.app);
      const services = await createServices(t.config, t.database);
      const token = await services.auth.createQuickToken(r.userId);
      const results = await Promise.all([0, 1].map(() => new Browser(t.app).post("/api/auth/quick-token", { token })));
      expect(results.map((x) => x.statusCode).sort()).toEqual([200, 401]);
    });

    it("refuses a random and an expired quick token", async () => {
      const r = await register(t.app);
      const services = await createServices(t.config, t.database);
      expectError(await new Browser(t.app).post("/api/auth/quick-token", { token: "not-a-real-token" }), 401, "QUICK-TOKEN-INVALID");
      const expired = await services.auth.createQuickToken(r.userId, -1000);
      expectError(await new Browser(t.app).post("/api/auth/quick-token", { token: expired }), 401, "QUICK-TOKEN-INVALID");
    });

    it("a password-reset token is not a quick token", async () => {
      const r = await register(t.app);
      const services = await createServices(t.config, t.database);
      const reset = await services.auth.createPasswordReset(r.email);
      expect(reset).not.toBeNull();
      expectError(await new Browser(t.app).post("/api/auth/quick-token", { token: reset!.token }), 401, "QUICK-TOKEN-INVALID");
    });
  });
});
