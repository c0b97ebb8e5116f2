import { expect, it } from "vitest";
import { Browser } from "./http";
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
