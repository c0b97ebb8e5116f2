/**
 * Link poisoning (issue 8, finding 1): a registration or forgot-password request sent with a hostile
 * Host header must not mail a link to the attacker's host, with or without PUBLIC_URL.
 */
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpBody, uniqueEmail } from "../support/factories";
import { uniqueIp } from "../support/http";
import { startSmtp, type SmtpSink } from "../support/mail";
import { describeEachDatabase } from "../setup/databases";

const HOSTILE = { host: "attacker.example", "x-forwarded-host": "attacker.example", "x-forwarded-proto": "https", forwarded: "host=attacker.example" };

describeEachDatabase("links in letters never take the request's Host", (t) => {
  let smtp: SmtpSink;
  beforeAll(async () => {
    smtp = await startSmtp();
  });
  afterAll(async () => {
    await smtp?.close();
  });

  /** The origins of the verification link mailed at sign-up and of the reset link, both asked for with `headers`. */
  async function originsMailedFor(app: FastifyInstance, headers: Record<string, string>): Promise<string[]> {
    const email = uniqueEmail("victim");
    const website = "https://attacker.example/en/";
    const signUp = await app.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: { ...signUpBody({ email }), website },
      headers,
      remoteAddress: uniqueIp(),
    });
    expect(signUp.statusCode, signUp.body).toBe(200);
    const forgot = await app.inject({ method: "POST", url: "/api/auth/password/forgot", payload: { email, website }, headers, remoteAddress: uniqueIp() });
    expect(forgot.statusCode, forgot.body).toBe(200);
    const letters = [await smtp.waitFor(email, 5_000, "emailtoken="), await smtp.waitFor(email, 5_000, "pwdtoken=")];
    return letters.map((mail) => {
      expect(mail.text).not.toContain("attacker.example");
      expect(mail.html).not.toContain("attacker.example");
      return new URL(/https?:\/\/\S+\?(emailtoken|pwdtoken)=\S+/.exec(mail.text)![0]).origin;
    });
  }

  describe("without PUBLIC_URL (development and tests)", () => {
    let app: FastifyInstance;
    beforeAll(async () => {
      app = await t.buildApp({ SMTP_URL: smtp.url, TRUST_PROXY: "true" });
    });

    it("links to the first allowed host on our port when Host is foreign, even behind a trusted proxy", async () => {
      expect(await originsMailedFor(app, HOSTILE)).toEqual(["http://localhost:3000", "http://localhost:3000"]);
    });

    it("links to the request's host when it is an allowed one, on our port: never the port the client put in Host", async () => {
      expect(await originsMailedFor(app, { host: "127.0.0.1:3999" })).toEqual(["http://127.0.0.1:3000", "http://127.0.0.1:3000"]);
      expect(await originsMailedFor(app, { host: "localhost:6666" })).toEqual(["http://localhost:3000", "http://localhost:3000"]);
    });

    it("behind a trusted proxy that forwarded proto and host, links to the allowed host with no port", async () => {
      const proxied = { host: "127.0.0.1:3000", "x-forwarded-for": "203.0.113.7", "x-forwarded-host": "localhost:6666", "x-forwarded-proto": "https" };
      expect(await originsMailedFor(app, proxied)).toEqual(["https://localhost", "https://localhost"]);
    });

    it("without TRUST_PROXY, forwarded headers change nothing: the Host's name on our port", async () => {
      const direct = await t.buildApp({ SMTP_URL: smtp.url });
      const proxied = { host: "127.0.0.1:6666", "x-forwarded-for": "203.0.113.7", "x-forwarded-host": "localhost:6666", "x-forwarded-proto": "https" };
      expect(await originsMailedFor(direct, proxied)).toEqual(["http://127.0.0.1:3000", "http://127.0.0.1:3000"]);
    });
  });

  describe("with PUBLIC_URL", () => {
    it("links to PUBLIC_URL whatever the request says", async () => {
      const app = await t.buildApp({ SMTP_URL: smtp.url, PUBLIC_URL: "https://learn.example.org", TRUST_PROXY: "true" });
      expect(await originsMailedFor(app, HOSTILE)).toEqual(["https://learn.example.org", "https://learn.example.org"]);
    });
  });
});
