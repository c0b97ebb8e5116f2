/** Google redirect login in Chromium against a local OpenID provider, and the GDPR agreement box. */
import { eq } from "drizzle-orm";
import { OAuth2Server } from "oauth2-mock-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { portals } from "../../src/server/db/schema/portal";
import { useE2E, waitForHydration } from "./fixtures";
import { changeContent } from "../../src/server/platform/content-version";

let idp: OAuth2Server;

beforeAll(async () => {
  idp = new OAuth2Server();
  await idp.issuer.keys.generate("RS256");
  await idp.start(0, "127.0.0.1");
  idp.service.on("beforeTokenSigning", (token) => {
    Object.assign(token.payload, { sub: "g-browser-1", email: "zeynep@example.com", email_verified: true, given_name: "Zeynep" });
  });
});

afterAll(async () => {
  await idp?.stop();
});

const e2e = useE2E(() => ({ GOOGLE_CLIENT_ID: "mentora-web", GOOGLE_CLIENT_SECRET: "s3cret", GOOGLE_ISSUER: idp.issuer.url! }));

async function setRegistration(patch: Record<string, unknown>) {
  const [row] = await e2e.database.db.select().from(portals).where(eq(portals.id, e2e.config.PORTAL_ID));
  await changeContent(e2e.database.db, async (tx) => {
    await tx
      .update(portals)
      .set({ registration: { ...row.registration, ...patch } })
      .where(eq(portals.id, e2e.config.PORTAL_ID));
  });
}

describe("Google sign-in in the browser", () => {
  it("signs in through the provider and comes back to the page it started on", async () => {
    await setRegistration({ google: true, gdpr: false });
    const { page } = await e2e.newPage({ lang: "en", consent: true, allowOrigins: [new URL(idp.issuer.url!).origin] });
    await page.goto(e2e.url("/en/guideline/base"));
    await waitForHydration(page);
    await page.getByTestId("sign-in").click();
    await page.getByTestId("login-google").click();
    await page.waitForURL((u) => u.pathname === "/en/guideline/base");
    await waitForHydration(page);
    await expect.poll(() => page.getByTestId("account-menu").textContent()).toContain("Zeynep");
  });

  it("keeps the Google button blocked until the agreement is ticked, shaking the box", async () => {
    await setRegistration({ google: true, gdpr: true });
    const { page } = await e2e.newPage({ lang: "en", consent: true, allowOrigins: [new URL(idp.issuer.url!).origin] });
    await page.goto(e2e.url("/en/"));
    await waitForHydration(page);
    await page.getByTestId("sign-in").click();
    // The button is aria-disabled (so Playwright would refuse): a person can still press it.
    await page.getByTestId("login-google").click({ force: true });
    const box = page.getByTestId("gdpr-box");
    await expect.poll(() => box.getAttribute("class")).toContain("animate-shake");
    expect(await box.getByRole("alert").textContent()).toBe("Please accept the terms to continue.");
    expect(new URL(page.url()).pathname).toBe("/en/");
    await e2e.axeCheck(page, "login popup with GDPR box");

    await box.getByRole("checkbox").check();
    await page.getByTestId("login-google").click();
    await page.waitForURL((u) => u.pathname === "/en/");
    await waitForHydration(page);
    await expect.poll(() => page.getByTestId("account-menu").textContent()).toContain("Zeynep");
  });
});
