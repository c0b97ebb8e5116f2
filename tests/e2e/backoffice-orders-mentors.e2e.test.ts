/**
 * The back office's orders and mentors in Chromium (issue 16): an admin finds an order by its
 * filter, exports the filter as CSV (a download, with the order in it) and opens the order with the
 * keyboard; an admin adds a mentor and switches the chat to "learners choose", and a learner's chat
 * widget then offers that mentor. The screens pass axe in en and ar (right to left).
 */
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { HELLO_COOKIE } from "../../src/domain/chat-rules";
import { mentorProfiles } from "../../src/server/db/schema/chat";
import { orderEvents, orders } from "../../src/server/db/schema/orders";
import { type SignedIn, useE2E } from "./fixtures";

const e2e = useE2E();
const SLOW = { timeout: 20_000 };
const LESSON = "/courses/reading-foundations/lesson/rf-slow-reading";
const orderId = () => `ord_${Array.from(randomBytes(26), (b) => "abcdefghijklmnopqrstuvwxyz234567"[b % 32]).join("")}`;

describe("the back office: orders and mentors", () => {
  let admin: SignedIn;
  let paid: string;

  async function seedOrders() {
    const buyer = await e2e.signIn("disciple");
    paid = orderId();
    const failed = orderId();
    const base = { environmentId: e2e.config.ENVIRONMENT_ID, userId: buyer.userId, courseId: "confident-speaking", currency: "UAH" as const, lang: "en" };
    await e2e.database.db.insert(orders).values([
      {
        ...base,
        id: paid,
        gateway: "wayforpay",
        status: "paid",
        listAmountMinor: 49_000,
        amountMinor: 49_000,
        returnPath: `/en/order-result/${paid}/`,
        paidAt: new Date(),
      },
      { ...base, id: failed, gateway: "liqpay", status: "failed", listAmountMinor: 49_000, amountMinor: 49_000, returnPath: `/en/order-result/${failed}/` },
    ]);
    await e2e.database.db.insert(orderEvents).values([
      { orderId: paid, status: "created", source: "order" },
      { orderId: paid, status: "paid", source: "callback", providerStatus: "Approved" },
      { orderId: failed, status: "created", source: "order" },
    ]);
  }

  it("finds an order by filter, exports the filter as CSV and opens the order with the keyboard", async () => {
    admin = await e2e.signIn("admin");
    await seedOrders();
    const page = await e2e.open("/en/studio/orders", { page: admin.page });
    await page.getByLabel("Status").selectOption("paid");
    await page.getByLabel("Payment method").selectOption("wayforpay");
    await page.getByTestId("orders-apply").click();
    await page.waitForURL(/status=paid/);
    const rows = page.getByTestId("orders-row");
    await expect.poll(() => rows.evaluateAll((r) => r.map((x) => x.getAttribute("data-order-id"))), SLOW).toContain(paid);
    expect(await page.getByTestId("orders-total-UAH").textContent()).toMatch(/490/);

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("orders-csv").click()]);
    expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await download.path())!, "utf8");
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv).toContain(`"${paid}"`);
    expect(csv).not.toContain('"failed"');

    // Keyboard only: Tab to the order's link and press Enter.
    const link = page.locator(`[data-order-id="${paid}"] a`).first();
    for (let i = 0; i < 60 && !(await link.evaluate((a) => a === document.activeElement)); i++) await page.keyboard.press("Tab");
    expect(await link.evaluate((a) => a === document.activeElement)).toBe(true);
    await page.keyboard.press("Enter");
    await page.waitForURL(new RegExp(`/en/studio/orders/${paid}$`));
    await expect.poll(() => page.getByTestId("order-status").textContent(), SLOW).toBe("Paid");
    expect(await page.getByTestId("order-history").textContent()).toContain("Approved");
    await page.getByTestId("refund-form").waitFor();

    // A partial refund, recorded: the order reads as refunded, with what went back.
    await page.getByLabel("Reason").fill("Asked within 14 days");
    await page.getByLabel("Amount refunded (UAH)").fill("200");
    await page.getByTestId("refund-submit").click();
    await expect.poll(() => page.getByTestId("order-status").textContent(), SLOW).toBe("Refunded");
    expect(await page.getByTestId("order-refund").textContent()).toContain("Asked within 14 days");
    const [row] = await e2e.database.db.select().from(orders).where(eq(orders.id, paid));
    expect(row!.status).toBe("reversed");
    // The buyer leads to their page in the back office.
    await page.getByTestId("order-buyer").click();
    await page.waitForURL(new RegExp(`/en/studio/users/${row!.userId}$`));
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent(), SLOW).toBe("Deniz Kaya");
  });

  it("adds a mentor, switches to 'learners choose' with the keyboard, and a learner's widget offers that mentor", async () => {
    const newcomer = await e2e.signIn("mentor", { firstName: "Selin", lastName: "Back" });
    const page = await e2e.open("/en/studio/mentors", { page: admin.page });
    await page.getByTestId("mentor-add-user").selectOption(newcomer.userId);
    await page.getByTestId("mentor-add-submit").click();
    const row = page.locator('[data-testid="mentor-row"]', { hasText: "Selin Back" });
    await row.waitFor(SLOW);
    const profileId = (await row.getAttribute("data-mentor-id"))!;

    // Keyboard: focus the mode radios, pick "Learners choose" with the arrows, Tab to save, Enter.
    await page.getByTestId("mode-single").focus();
    await page.getByTestId("mode-single").check();
    await page.keyboard.press("ArrowDown");
    expect(await page.getByTestId("mode-multiple").isChecked()).toBe(true);
    await page.keyboard.press("Tab");
    expect(await page.getByTestId("mode-save").evaluate((b) => b === document.activeElement)).toBe(true);
    await page.keyboard.press("Enter");
    await expect.poll(() => page.getByTestId("mentors-status").textContent(), SLOW).toContain("saved");

    const [profile] = await e2e.database.db.select().from(mentorProfiles).where(eq(mentorProfiles.id, profileId));
    expect(profile).toMatchObject({ userId: newcomer.userId, available: true });

    const learner = await e2e.signIn("disciple", { cookies: { [HELLO_COOKIE]: "1" } });
    await e2e.open(`/en${LESSON}`, { page: learner.page });
    await learner.page.locator('[data-rail="connect_to_mentor"]').click();
    await learner.page.getByTestId("chat-widget").waitFor();
    await expect
      .poll(() => learner.page.getByTestId("chat-mentor-option").evaluateAll((o) => o.map((x) => x.getAttribute("data-mentor"))), SLOW)
      .toContain(profileId);
  });

  it.each(["en", "ar"])("draws the orders, order and mentors screens without serious axe violations in %s", async (lang) => {
    const page = admin.page;
    await e2e.open(`/${lang}/studio/orders`, { page });
    expect(await page.locator("html").getAttribute("dir")).toBe(lang === "ar" ? "rtl" : "ltr");
    await page.getByTestId("orders-table").waitFor(SLOW);
    await e2e.axeCheck(page, `back office orders ${lang}`);
    await e2e.open(`/${lang}/studio/orders/${paid}`, { page });
    await page.getByTestId("order-history").waitFor(SLOW);
    await e2e.axeCheck(page, `back office order ${lang}`);
    await e2e.open(`/${lang}/studio/mentors`, { page });
    await page.getByTestId("mentors-list").waitFor(SLOW);
    await e2e.axeCheck(page, `back office mentors ${lang}`);
  });
});
