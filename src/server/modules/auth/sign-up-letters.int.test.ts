/**
 * One sign-up, one confirmation letter (issue 28): a sign-up sent twice at once (a double click, Enter
 * and a click, a retried request) by a browser that already holds an anonymous session must not
 * register the session twice, and so must not mail the address twice. Letters go to a real SMTP server.
 */
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "../../../../tests/setup/databases";
import { signUpBody, uniqueEmail, uniquePhone } from "../../../../tests/support/factories";
import { Browser, sleep } from "../../../../tests/support/http";
import { startSmtp, type SmtpSink } from "../../../../tests/support/mail";
import { register, sessionBrowser } from "../../../../tests/support/sign-in";

describeEachDatabase("sign-up: one letter, duplicates named by field", (t) => {
  let smtp: SmtpSink;
  let app: FastifyInstance;

  beforeAll(async () => {
    smtp = await startSmtp();
    app = await t.buildApp({ SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await smtp?.close();
  });

  /** Letters with a verification link to `to`, after the letters of a sign-up had time to arrive. */
  const lettersTo = async (to: string) => {
    await smtp.waitFor(to, 5_000, "emailtoken=");
    await sleep(500);
    return smtp.messages.filter((m) => m.rcptTo.includes(to) && m.text.includes("emailtoken="));
  };

  it("a sign-up sends exactly one letter", async () => {
    const body = signUpBody({ email: uniqueEmail("one"), lang: "en" });
    const res = await new Browser(app).post("/api/auth/register", body);
    expect(res.statusCode, res.body).toBe(200);
    expect(await lettersTo(body.email)).toHaveLength(1);
  });

  it("the same sign-up sent twice at once from a session registers once and sends one letter", async () => {
    const { browser, userId } = await sessionBrowser(app);
    const body = signUpBody({ email: uniqueEmail("twice"), lang: "en" });
    const replies = await Promise.all([browser.post("/api/auth/register", body), browser.post("/api/auth/register", body)]);
    const ok = replies.filter((r) => r.statusCode === 200);
    expect(ok, replies.map((r) => r.body).join("\n")).toHaveLength(1);
    expect(ok[0].json().userId).toBe(userId);
    const refused = replies.find((r) => r.statusCode !== 200)!;
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe("DUPLICATE-EMAIL");
    expect(await lettersTo(body.email)).toHaveLength(1);
  });

  it("the same sign-up sent twice at once without a session registers once and sends one letter", async () => {
    const browser = new Browser(app);
    const body = signUpBody({ email: uniqueEmail("twice-guest"), lang: "en" });
    const replies = await Promise.all([browser.post("/api/auth/register", body), browser.post("/api/auth/register", body)]);
    expect(
      replies.filter((r) => r.statusCode === 200),
      replies.map((r) => r.body).join("\n"),
    ).toHaveLength(1);
    expect(await lettersTo(body.email)).toHaveLength(1);
  });

  it("a taken e-mail or phone is answered with the seed's code and the field that holds it", async () => {
    const phone = uniquePhone();
    const first = signUpBody({ phone });
    expect((await new Browser(app).post("/api/auth/register", first)).statusCode).toBe(200);

    const sameEmail = await new Browser(app).post("/api/auth/register", signUpBody({ email: first.email }));
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json().error).toMatchObject({ code: "DUPLICATE-EMAIL", key: "errors:codes.DUPLICATE_EMAIL", details: { field: "email" } });

    const samePhone = await new Browser(app).post("/api/auth/register", signUpBody({ phone }));
    expect(samePhone.statusCode).toBe(409);
    expect(samePhone.json().error).toMatchObject({
      code: "DUPLICATE-EMAIL-OR-PHONE",
      key: "errors:codes.DUPLICATE_EMAIL_OR_PHONE",
      details: { field: "phone" },
    });

    // Profile-fill with a phone another account holds: the same code and field.
    const other = await register(app);
    const fill = await other.browser.patch("/api/users/me/profile", { core: { email: other.email, phone, complete: true } });
    expect(fill.statusCode, fill.body).toBe(409);
    expect(fill.json().error).toMatchObject({ code: "DUPLICATE-EMAIL-OR-PHONE", details: { field: "phone" } });
  });
});
