/**
 * Scenario popups beyond plain sign-in, in Chromium: the anonymous disclaimer when anonymous accounts
 * are the only way in, the advantages section of the registration popup, profile-fill from the
 * account menu, account deletion (and its cancellation by signing in again), consent events and
 * their copy on the account, and arrival data (utm, mentor) landing on the new account. English and
 * Arabic (rtl).
 */
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { pages, portals } from "../../src/server/db/schema/portal";
import { users } from "../../src/server/db/schema/users";
import { useE2E } from "./fixtures";
import { changeContent } from "../../src/server/platform/content-version";

const e2e = useE2E();
const label = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}( \\*)?$`);

async function setRegistration(patch: Record<string, unknown>) {
  const [row] = await e2e.database.db.select().from(portals).where(eq(portals.id, e2e.config.PORTAL_ID));
  await changeContent(e2e.database.db, async (tx) => {
    await tx
      .update(portals)
      .set({ registration: { ...row.registration, ...patch } })
      .where(eq(portals.id, e2e.config.PORTAL_ID));
  });
}

async function userRow(email: string) {
  return (await e2e.database.db.select().from(users).where(eq(users.email, email)))[0];
}

/** E-mail sign-up through the popup; leaves the page signed in with the popup closed. */
async function signUp(page: Page, email: string, name = "Deniz") {
  await page.getByTestId("sign-in").click();
  await page.getByRole("button", { name: "Create an account" }).click();
  await page.getByTestId("scenario-step-sign-in").waitFor();
  await page.getByRole("dialog").getByLabel(label("First name")).fill(name);
  await page.getByRole("dialog").getByLabel(label("Last name")).fill("Yıldız");
  await page.getByRole("dialog").getByLabel(label("E-mail")).fill(email);
  await page.getByRole("dialog").getByLabel(label("Password")).fill("secret12");
  await page.getByTestId("scenario-step-sign-in").getByRole("checkbox").check();
  await page.getByRole("button", { name: "Create account" }).click();
  await page.getByTestId("auth-success").waitFor();
  await page.getByTestId("auth-success").getByRole("button").click();
  await expect.poll(() => page.getByTestId("account-menu").textContent()).toContain(name);
}

async function accountMenu(page: Page, item: string) {
  await page.getByTestId("account-menu").click();
  await page.getByRole("menuitem", { name: item }).click();
}

describe("scenario popups in the browser", () => {
  it("the registration popup shows the published advantages page, and hides it when unpublished", async () => {
    const page = await e2e.open("/en/");
    await page.getByTestId("sign-in").click();
    await page.getByRole("button", { name: "Create an account" }).click();
    const advantages = page.getByTestId("advantages");
    await advantages.waitFor();
    expect(await advantages.textContent()).toContain("Your progress is kept on every device");
    await e2e.axeCheck(page, "sign-up popup with advantages");

    await changeContent(e2e.database.db, async (tx) => {
      await tx.update(pages).set({ published: false }).where(eq(pages.alias, "advantages"));
    });
    try {
      const again = await e2e.open("/en/");
      await again.getByTestId("sign-in").click();
      await again.getByRole("button", { name: "Create an account" }).click();
      await again.getByTestId("scenario-step-sign-in").waitFor();
      // The popup asked for the page and got a 404: nothing to wait for but the request itself.
      await again.waitForLoadState("networkidle");
      expect(await again.getByTestId("advantages").count()).toBe(0);
    } finally {
      await changeContent(e2e.database.db, async (tx) => {
        await tx.update(pages).set({ published: true }).where(eq(pages.alias, "advantages"));
      });
    }
  });

  it("with anonymous accounts as the only way in, login opens the disclaimer (en and ar)", async () => {
    await setRegistration({ email: false, anonymous: true, google: false });
    try {
      const page = await e2e.open("/en/");
      await page.getByTestId("sign-in").click();
      await page.getByTestId("anonymous-disclaimer").waitFor();
      expect(await page.getByTestId("anonymous-disclaimer").textContent()).toContain("a forgotten password cannot be reset");
      await page.getByRole("button", { name: "Create an anonymous account" }).click();
      await page.getByTestId("scenario-step-anonymous-sign-up").waitFor();

      const ar = await e2e.open("/ar/", { lang: "ar" });
      expect(await ar.locator("html").getAttribute("dir")).toBe("rtl");
      await ar.getByTestId("sign-in").click();
      await ar.getByTestId("anonymous-disclaimer").waitFor();
      expect(await ar.getByTestId("anonymous-disclaimer").textContent()).toContain("لا نطلب بريدًا إلكترونيًا");
      await e2e.axeCheck(ar, "anonymous disclaimer (ar)");
      await ar.getByRole("button", { name: "لديّ اسم مستخدم بالفعل" }).click();
      await ar.getByTestId("scenario-step-anonymous-sign-in").waitFor();
    } finally {
      await setRegistration({ email: true, anonymous: true });
    }
  });

  it("profile-fill from the account menu validates the phone and stores e-mail and phone", async () => {
    const page = await e2e.open("/en/");
    const email = `profile-${Date.now()}@example.com`;
    await signUp(page, email);
    await accountMenu(page, "Complete profile");
    await page.getByTestId("scenario-step-profile-fill").waitFor();
    expect(await page.getByRole("dialog").getByLabel(label("E-mail")).inputValue()).toBe(email);
    await page.getByRole("dialog").getByLabel(label("Phone")).fill("0555 123");
    await page.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => page.getByText("Enter a plus sign and up to 12 digits, like +905551234567.").isVisible()).toBe(true);
    expect(await page.getByRole("alert").filter({ hasText: "Check the highlighted fields." }).count()).toBe(1);
    expect((await userRow(email)).phone).toBeNull();
    await e2e.axeCheck(page, "profile-fill with errors");

    await page.getByRole("dialog").getByLabel(label("Phone")).fill("+905551234567");
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByTestId("auth-success").waitFor();
    const row = await userRow(email);
    expect(row.phone).toBe("+905551234567");
    expect(row.complete).toBe(true);
    await page.getByTestId("auth-success").getByRole("button").click();
    // A complete profile no longer offers the menu entry.
    await page.getByTestId("account-menu").click();
    await page.getByRole("menuitem").first().waitFor();
    expect(await page.getByRole("menuitem", { name: "Complete profile" }).count()).toBe(0);
  });

  it("deleting the account needs a confirmation, signs out, and signing in again takes the request back", async () => {
    const page = await e2e.open("/en/");
    const email = `leaving-${Date.now()}@example.com`;
    await signUp(page, email, "Leyla");
    await accountMenu(page, "Delete account");
    await page.getByTestId("user-terminate").waitFor();
    const remove = page.getByRole("button", { name: "Delete my account" });
    expect(await remove.isDisabled()).toBe(true);
    await e2e.axeCheck(page, "delete account");
    await page.getByRole("dialog").getByLabel("I understand that this cannot be undone").check();
    await remove.click();
    await page.getByTestId("user-terminated").waitFor();
    const marked = await userRow(email);
    expect(marked.deletion.map((d) => d.profileId)).toEqual([`bo:${marked.id}`]);
    await page.getByRole("button", { name: "Continue" }).click();
    await expect.poll(() => page.getByTestId("sign-in").isVisible()).toBe(true);

    await page.getByTestId("sign-in").click();
    await page.getByRole("button", { name: "Continue with e-mail" }).click();
    await page.getByRole("dialog").getByLabel(label("E-mail")).fill(email);
    await page.getByRole("dialog").getByLabel(label("Password")).fill("secret12");
    await page.getByRole("button", { name: "Sign in" }).last().click();
    await page.getByTestId("auth-success").waitFor();
    expect((await userRow(email)).deletion).toEqual([]);
  });

  it("consent goes to the data layer as default then consent_updated, and onto the signed-in account; page views and the user id too", async () => {
    const page = await e2e.open("/en/", { consent: false });
    const layer = async () => page.evaluate(() => JSON.parse(JSON.stringify((window as { dataLayer?: unknown[] }).dataLayer ?? [])) as unknown[]);
    await expect.poll(async () => (await layer()).length).toBeGreaterThan(0);
    expect((await layer())[0]).toEqual({ 0: "consent", 1: "default", 2: { analytics: "denied", youtube: "denied", vimeo: "denied", hotjar: "denied" } });

    const email = `consent-${Date.now()}@example.com`;
    await page.getByRole("button", { name: "Accept all" }).click();
    await expect.poll(async () => (await layer()).some((e) => (e as { event?: string }).event === "consent_updated")).toBe(true);
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === "consent_cookies-youtube")?.value).toBe("granted");

    const upgrade = page.waitForRequest((r) => r.url().endsWith("/api/progress/upgrade") && r.method() === "POST");
    await signUp(page, email);
    // Seed 001 §4: the progress upgrade (force) follows a learner's sign-in.
    expect((await upgrade).postDataJSON()).toEqual({ force: true });
    const { id } = await userRow(email);
    const entries = await layer();
    expect(entries).toContainEqual({ userId: id });
    expect(entries.some((e) => (e as { event?: string; page_path?: string }).event === "page_view")).toBe(true);
    await expect
      .poll(async () => (await userRow(email)).gdprPortals)
      .toEqual([{ learningPortalId: e2e.config.PORTAL_ID, cookies: { analytics: "granted", youtube: "granted", vimeo: "granted", hotjar: "granted" } }]);
  });

  it("utm and mentor from the arrival address land on the account created afterwards", async () => {
    const page = await e2e.open("/en/?utm_source=newsletter&utm_campaign=spring&mentor_id=lpmusr:ayse");
    const email = `arrival-${Date.now()}@example.com`;
    await signUp(page, email);
    const row = await userRow(email);
    expect(row.utm).toEqual([{ utm_source: "newsletter", utm_campaign: "spring", environmentId: e2e.config.ENVIRONMENT_ID }]);
    expect(row.mentorId).toBe("lpmusr:ayse");
  });
});
