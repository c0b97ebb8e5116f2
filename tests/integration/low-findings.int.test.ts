/**
 * The "Low" items of the security review, replayed on both databases:
 * - an access token signed with the real key but without `exp` (or `sid`) is a bad token;
 * - a failed query's parameters (password hashes, e-mails, tokens) never reach the logs.
 */
import { randomBytes } from "node:crypto";
import { Writable } from "node:stream";
import { eq, sql } from "drizzle-orm";
import Fastify, { type FastifyBaseLogger } from "fastify";
import { SignJWT, decodeJwt } from "jose";
import { pino } from "pino";
import { beforeAll, describe, expect, it } from "vitest";
import { appSecrets } from "../../src/server/db/schema/auth";
import { users } from "../../src/server/db/schema/users";
import { register, type Registered } from "../support/sign-in";
import { installErrorHandler } from "../../src/server/platform/errors";
import { loggerOptions, redactError } from "../../src/server/platform/log-redaction";
import { describeEachDatabase } from "../setup/databases";

describeEachDatabase("security review, low findings", (t) => {
  let user: Registered;
  beforeAll(async () => {
    user = await register(t.app);
  });

  describe("access tokens", () => {
    async function storedSecret(): Promise<Uint8Array> {
      const [row] = await t.db.select().from(appSecrets).where(eq(appSecrets.name, "access-token"));
      return new TextEncoder().encode(row.value);
    }
    const me = (token: string) => t.app.inject({ method: "GET", url: "/api/users/me", headers: { authorization: `Bearer ${token}` } });

    it("without exp are bad tokens, though signed with the real key for a live session", async () => {
      const claims = decodeJwt(user.accessToken);
      const issuer = `mentora:${t.config.PORTAL_ID}`;
      const secret = await storedSecret();
      const base = () => new SignJWT({ sid: claims.sid }).setProtectedHeader({ alg: "HS256", typ: "JWT" }).setSubject(String(claims.sub)).setIssuer(issuer);
      // Control: the same forgery with exp is accepted, so the key, issuer and session are right.
      const withExp = await base().setIssuedAt().setExpirationTime("5m").sign(secret);
      expect((await me(withExp)).statusCode).toBe(200);

      const noExp = await base().setIssuedAt().sign(secret);
      const res = await me(noExp);
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe("TOKEN-BAD");

      const noSid = await new SignJWT({})
        .setProtectedHeader({ alg: "HS256" })
        .setSubject(String(claims.sub))
        .setIssuer(issuer)
        .setExpirationTime("5m")
        .sign(secret);
      expect((await me(noSid)).json().error.code).toBe("TOKEN-BAD");
    });
  });

  describe("failed queries in the logs", () => {
    it("carry neither the parameters nor values quoted by the database", async () => {
      const secretHash = `$argon2id$v=19$m=19456,t=2,p=1$${randomBytes(12).toString("base64")}`;
      const secretToken = `tok-${randomBytes(12).toString("hex")}`;
      const lines: string[] = [];
      const stream = new Writable({
        write(chunk, _enc, done) {
          lines.push(String(chunk));
          done();
        },
      });
      const app = Fastify({ loggerInstance: pino(loggerOptions("info"), stream) as unknown as FastifyBaseLogger });
      installErrorHandler(app);
      // A duplicate e-mail with a password hash (a unique violation whose detail quotes the e-mail),
      // and a token cast to a number (an error message that quotes the value).
      app.get("/dup", async () => {
        await t.db
          .insert(users)
          .values({ id: `u-${randomBytes(4).toString("hex")}`, email: user.email, passwordHash: secretHash, status: "active", roles: [], links: [] });
      });
      app.get("/cast", async () => {
        await t.db.execute(sql`select ${secretToken}::int as n`);
      });
      await app.ready();
      for (const url of ["/dup", "/cast"]) {
        const res = await app.inject({ method: "GET", url });
        expect(res.statusCode, res.body).toBe(500);
        expect(res.body).not.toContain(secretToken);
      }
      await app.close();

      const log = lines.join("");
      expect(log).toContain("Failed query");
      expect(log).toContain("request failed");
      for (const secret of [secretHash, secretToken, user.email]) expect(log).not.toContain(secret);
    });

    it("redactError keeps the SQL and the error codes", async () => {
      const err = await t.db.execute(sql`select ${"hunter2"}::int`).catch((e: unknown) => e);
      const safe = redactError(err) as Error & { query?: string; cause?: { code?: string } };
      expect(safe.message).toContain("Failed query: select $1::int");
      expect(JSON.stringify({ ...safe, message: safe.message, stack: safe.stack })).not.toContain("hunter2");
      expect(safe.cause?.code).toBe("22P02");
      // The error the caller holds is unchanged.
      expect((err as Error).message).toContain("hunter2");
    });
  });
});
