/**
 * The back office's orders and mentors screens as the server renders them (issue 16): admins and
 * mp-admin only (a guest signs in and comes back; a learner, a mentor and an mp-leader get 403), in
 * English and Arabic (rtl); the orders screen keeps its filter in the address and in the CSV link; an
 * unknown order is the 404 page. Runs on the built app.
 */
import { describe, expect, it } from "vitest";
import { learner } from "../support/sign-in";
import { useSsrApp } from "../support/ssr-app";
import { itGuardsStudioScreens } from "../support/studio-guards";

const ssr = useSsrApp();
const pages = (lang: string) => [`/${lang}/studio/orders`, `/${lang}/studio/mentors`];

describe("the back office's orders and mentors screens", () => {
  itGuardsStudioScreens(ssr, pages("en"), ['data-testid="orders-filter"', 'data-testid="mentors-list"']);

  it("refuse an mp-leader (content author, not back office) with 403", async () => {
    const leader = await learner(ssr.app, ssr.database.db, { roles: ["disciple", "mp-leader"] });
    for (const page of pages("en")) {
      const res = await leader.browser.get(page);
      expect(res.statusCode, page).toBe(403);
      expect(res.body).not.toContain('data-testid="orders-filter"');
    }
  });

  it.each([
    ["en", "ltr", "Orders and money", "Mentors"],
    ["ar", "rtl", "الطلبات والمدفوعات", "المرشدون"],
  ])("open for admin and mp-admin in %s (%s)", async (lang, dir, ordersTitle, mentorsTitle) => {
    for (const role of ["admin", "mp-admin"]) {
      const admin = await learner(ssr.app, ssr.database.db, { roles: ["disciple", role] });
      const [ordersPage, mentorsPage] = pages(lang);
      const orders = await admin.browser.get(`${ordersPage}?status=paid&from=2026-01-01&to=bad`);
      expect(orders.statusCode, role).toBe(200);
      expect(orders.body).toContain(`<html lang="${lang}" dir="${dir}">`);
      expect(orders.body).toContain(ordersTitle);
      expect(orders.body).toContain('<meta name="robots" content="noindex"/>');
      // The malformed `to` is dropped; the rest reaches the CSV link as instants.
      expect(orders.body).toContain('href="/api/admin/orders.csv?status=paid&amp;from=2026-01-01T00%3A00%3A00.000Z"');
      const mentors = await admin.browser.get(mentorsPage!);
      expect(mentors.statusCode, role).toBe(200);
      expect(mentors.body).toContain(mentorsTitle);
      expect(mentors.body).toContain('data-testid="mentors-list"');
      expect(mentors.body).toContain("aylin.mentor@mentora.example");
    }
  });

  it("answers an unknown order with the 404 page", async () => {
    const admin = await learner(ssr.app, ssr.database.db, { roles: ["disciple", "admin"] });
    expect((await admin.browser.get("/en/studio/orders/ord_aaaaaaaaaaaaaaaaaaaaaaaaaa")).statusCode).toBe(404);
  });
});
