import type { FastifyInstance } from "fastify";
import { expect, it } from "vitest";
import type { Db } from "../../src/server/db/client";
import { Browser, bearer, expectError } from "./http";
import { learner, sessionBrowser } from "./sign-in";
import type { SsrApp } from "./ssr-app";

/**
 * The two access tests every studio screen group shares: a guest and an anonymous session are sent to
 * sign in and back; a learner and a mentor get the access-denied page, with none of `hidden` in it.
 */
export function itGuardsStudioScreens(ssr: SsrApp, pages: readonly string[], hidden: readonly string[]) {
  it("send a guest and an anonymous session to sign in and back", async () => {
    const session = await sessionBrowser(ssr.app);
    for (const page of pages) {
      const returnTo = `/en/?login=1&returnTo=${encodeURIComponent(page)}`;
      const guest = await new Browser(ssr.app).get(page);
      expect(guest.statusCode, page).toBe(302);
      expect(guest.headers.location).toBe(returnTo);
      const anonymous = await session.browser.get(page);
      expect(anonymous.statusCode, page).toBe(302);
      expect(anonymous.headers.location).toBe(returnTo);
    }
  });

  it("refuse a learner and a mentor with the access-denied page", async () => {
    for (const roles of [["disciple"], ["disciple", "mentor"]]) {
      const user = await learner(ssr.app, ssr.database.db, { roles });
      for (const page of pages) {
        const res = await user.browser.get(page);
        expect(res.statusCode, `${roles.join()} ${page}`).toBe(403);
        for (const text of hidden) expect(res.body).not.toContain(text);
      }
    }
  });
}

/** A studio API call: method, URL and, for writes, its body. */
export type StudioCall = [method: string, url: string, payload?: unknown];

/**
 * The refusals every studio API shares, for each of `calls`: a learner, a mentor and an anonymous
 * session get 403 AUTHORS-ONLY, a guest 401 UNAUTHORIZED, a forged token 401 TOKEN-BAD; with `author`,
 * a write of theirs from a foreign Origin is 403 BAD-ORIGIN. The caller checks that nothing changed.
 */
export async function expectAuthorsOnly(app: FastifyInstance, db: Db, calls: readonly StudioCall[], opts: { author?: Browser } = {}) {
  const origin = { origin: "http://localhost" };
  const refused = [
    (await learner(app, db, { roles: ["disciple"] })).browser,
    (await learner(app, db, { roles: ["disciple", "mentor"] })).browser,
    (await sessionBrowser(app)).browser,
  ];
  for (const [method, url, payload] of calls) {
    const request = { method: method as "GET", url, payload: payload as object | undefined };
    for (const browser of refused) expectError(await browser.request({ ...request, headers: origin }), 403, "AUTHORS-ONLY");
    expectError(await new Browser(app).request({ ...request, headers: origin }), 401, "UNAUTHORIZED");
    expectError(await app.inject({ ...request, headers: bearer("not.a.token") }), 401, "TOKEN-BAD");
    if (opts.author && method !== "GET") expectError(await opts.author.request({ ...request, headers: { origin: "https://evil.example" } }), 403, "BAD-ORIGIN");
  }
}
