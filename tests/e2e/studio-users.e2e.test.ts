/**
 * The back office's people screens in Chromium (issue 16), by keyboard only: an admin finds a learner
 * by e-mail, makes them a mentor and blocks them; the learner's open browser is signed out on its
 * next navigation. The list and the person screen pass axe in en and ar (right to left).
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { type SignedIn, useE2E } from "./fixtures";

const e2e = useE2E();
const SLOW = { timeout: 20_000 };

/** Presses Tab until the element with this test id has the focus (fails after `max` presses). */
async function tabTo(page: Page, testId: string, max = 60) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press("Tab");
    if ((await page.evaluate(() => document.activeElement?.getAttribute("data-testid"))) === testId) return;
  }
  throw new Error(`Tab never reached ${testId}`);
}

describe("the back office's people screens", () => {
  let admin: SignedIn;
  let person: SignedIn;

  it("finds a learner by e-mail, makes them a mentor and blocks them; their open session ends on the next navigation", async () => {
    person = await e2e.signIn("disciple", { firstName: "Leyla", lastName: "Demir" });
    await e2e.open("/en/profile", { page: person.page, status: 200 });
    admin = await e2e.signIn("admin");
    const page = await e2e.open("/en/studio/users", { page: admin.page });

    await tabTo(page, "people-query");
    await page.keyboard.type(person.email.toUpperCase());
    await page.keyboard.press("Enter");
    await expect.poll(() => page.url(), SLOW).toContain("q=");
    await expect.poll(() => page.getByTestId("person-row").count(), SLOW).toBe(1);
    expect(await page.getByTestId("person-row").textContent()).toContain(person.email);

    await tabTo(page, "person-link");
    await page.keyboard.press("Enter");
    await expect.poll(() => page.url(), SLOW).toContain(`/en/studio/users/${person.userId}`);
    await page.getByTestId("save-roles").waitFor(SLOW);

    await tabTo(page, "role-mentor");
    await page.keyboard.press("Space");
    expect(await page.getByTestId("role-mentor").isChecked()).toBe(true);
    await tabTo(page, "save-roles");
    await page.keyboard.press("Enter");
    await expect.poll(() => page.getByTestId("person-notice").textContent(), SLOW).toContain("Roles saved.");

    await tabTo(page, "toggle-block");
    await page.keyboard.press("Enter");
    await page.getByTestId("person-blocked").waitFor(SLOW);
    await expect.poll(() => page.getByTestId("person-notice").textContent(), SLOW).toContain("Blocked");

    const res = await admin.context.request.get(e2e.url(`/api/admin/users/${person.userId}`));
    expect(await res.json()).toMatchObject({ roles: ["disciple", "mentor"], blocked: true });

    // The learner's browser still holds its cookies; its next navigation finds them refused and cleared.
    await person.page.goto(e2e.url("/en/profile"));
    await expect.poll(async () => (await person.context.cookies()).some((c) => c.name === "apollo-token"), SLOW).toBe(false);
    // What is left of the session is a guest's (no account behind it any more).
    const me = await person.context.request.get(e2e.url("/api/users/me"));
    expect(((await me.json()) as { id?: string }).id).not.toBe(person.userId);
  });

  it.each(["en", "ar"])("draws the list and the person screen without serious axe violations in %s", async (lang) => {
    const page = admin.page;
    await e2e.open(`/${lang}/studio/users?q=${encodeURIComponent(person.email)}`, { page });
    expect(await page.locator("html").getAttribute("dir")).toBe(lang === "ar" ? "rtl" : "ltr");
    await page.getByTestId("person-row").first().waitFor(SLOW);
    await e2e.axeCheck(page, `studio users ${lang}`);
    await e2e.open(`/${lang}/studio/users/${person.userId}`, { page });
    await page.getByTestId("save-roles").waitFor(SLOW);
    await e2e.axeCheck(page, `studio user ${lang}`);
    // The delete confirmation is a labelled dialog that Escape closes.
    await page.getByTestId("delete-person").focus();
    await page.keyboard.press("Enter");
    await page.getByTestId("confirm-delete").waitFor(SLOW);
    await e2e.axeCheck(page, `studio user delete dialog ${lang}`);
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByTestId("confirm-delete").count(), SLOW).toBe(0);
  });
});
