/**
 * Reset-link poisoning (issue 8, finding 1): a forgot-password request sent with a hostile Host
 * header must not mail the victim a link to the attacker's host, with or without PUBLIC_URL.
 */
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { register, resetLinkOf, startSmtp, uniqueIp, type SmtpSink } from "../../src/server/modules/auth/test-helpers";
import { describeEachDatabase } from "../setup/databases";

const HOSTILE = { host: "attacker.example", "x-forwarded-host": "attacker.example", "x-forwarded-proto": "https", forwarded: "host=attacker.example" };

describeEachDatabase("reset links never take the request's Host", (t) => {
  let smtp: SmtpSink;
  beforeAll(async () => {
    smtp = await startSmtp();
  });
  afterAll(async () => {
    await smtp?.close();
  });

  async function linkMailedFor(app: FastifyInstance, headers: Record<string, string>): Promise<URL> {
    const user = await register(app);
    const res = await app.inject({ method: "POST", url: "/api/auth/password/forgot", payload: { email: user.email, website: "https://attacker.example/en/" }, headers, remoteAddress: uniqueIp() });
    expect(res.statusCode, res.body).toBe(200);
    const mail = await smtp.waitFor(user.email);
    expect(mail.text).not.toContain("attacker.example");
    expect(mail.html).not.toContain("attacker.example");
    return resetLinkOf(mail.text).url;
  }

  describe("without PUBLIC_URL (development and tests)", () => {
    let app: FastifyInstance;
    beforeAll(async () => {
      app = await t.buildApp({ SMTP_URL: smtp.url, TRUST_PROXY: "true" });
    });

    it("links to the first allowed host on our port when Host is foreign, even behind a trusted proxy", async () => {
      expect((await linkMailedFor(app, HOSTILE)).origin).toBe("http://localhost:3000");
    });

    it("links to the request's host when it is an allowed one", async () => {
      expect((await linkMailedFor(app, { host: "127.0.0.1:3999" })).origin).toBe("http://127.0.0.1:3999");
    });
  });

  describe("with PUBLIC_URL", () => {
    it("links to PUBLIC_URL whatever the request says", async () => {
      const app = await t.buildApp({ SMTP_URL: smtp.url, PUBLIC_URL: "https://learn.example.org", TRUST_PROXY: "true" });
      expect((await linkMailedFor(app, HOSTILE)).origin).toBe("https://learn.example.org");
    });
  });
});
