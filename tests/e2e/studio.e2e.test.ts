/**
 * The creator studio in Chromium (issue 15): an mp-leader creates a course with the keyboard alone
 * (a taken address is refused at its field first), gives it English and Turkish titles and a
 * description, makes it paid (19.99 USD) and publishes it in the form generated from ZCoursePatch,
 * adds a lesson, a test and a webinar, reorders them with the keyboard and by dragging (each order
 * checked through the API; a refused reorder rolls back); a guest then finds the course in the catalogue. Both pages right to left
 * in `ar`, axe on both in en and ar. Screenshots go to /work/shots/h15web/ (MENTORA_SHOTS overrides).
 */
import { mkdirSync } from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { TStudioCourse, TStudioElement } from "../../src/domain/studio";
import { type SignedIn, useE2E } from "./fixtures";

const e2e = useE2E();
const SHOTS = process.env.MENTORA_SHOTS ?? "/work/shots/h15web";
const COURSE = "studio-e2e-course";
/** The machine running these is loaded: saves and navigations get time. */
const SLOW = { timeout: 20_000 };

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

async function apiGet<T>(who: SignedIn, path: string): Promise<T> {
  const res = await who.context.request.get(e2e.url(path));
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as T;
}

const studioCourse = async (who: SignedIn) => (await apiGet<{ courses: TStudioCourse[] }>(who, "/api/admin/courses")).courses.find((c) => c.id === COURSE);
const elementTypes = async (who: SignedIn) =>
  (await apiGet<{ elements: TStudioElement[] }>(who, `/api/admin/courses/${COURSE}/elements`)).elements.map((e) => e.type);
const focusedTestId = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute("data-testid") ?? "");
const rowTypes = (page: Page) => page.locator('[data-testid="studio-element"]').evaluateAll((rows) => rows.map((r) => r.getAttribute("data-type")));

/** The element list is not busy (aria-busy, what a screen reader is told): its last move is answered. */
async function listSettled(page: Page) {
  await expect.poll(() => page.locator("ol[aria-busy]").getAttribute("aria-busy"), SLOW).toBe("false");
}

describe("the creator studio", () => {
  let leader: SignedIn;

  it("creates a course with the keyboard alone, a taken address refused at its field", async () => {
    leader = await e2e.signIn("mp-leader");
    const page = await e2e.open("/en/studio/", { page: leader.page });
    await expect.poll(() => page.locator('[data-testid="studio-course"]').count()).toBeGreaterThan(1);
    // Tab to the form's first field: no mouse from here on.
    for (let i = 0; i < 60 && (await focusedTestId(page)) !== "new-course-id"; i++) await page.keyboard.press("Tab");
    expect(await focusedTestId(page)).toBe("new-course-id");
    await page.keyboard.type("reading-foundations");
    await page.keyboard.press("Tab");
    expect(await focusedTestId(page)).toBe("new-course-name");
    await page.keyboard.type("Stüdyo kursu");
    await page.keyboard.press("Enter");
    const idField = page.getByTestId("new-course-id");
    await expect.poll(() => idField.getAttribute("aria-invalid"), SLOW).toBe("true");
    await expect.poll(() => page.getByTestId("new-course").textContent()).toContain("A course with this address already exists");
    await page.keyboard.press("Shift+Tab");
    expect(await focusedTestId(page)).toBe("new-course-id");
    await page.keyboard.press("ControlOrMeta+A");
    await page.keyboard.type(COURSE);
    await page.keyboard.press("Enter");
    await page.waitForURL(`**/en/studio/courses/${COURSE}`, SLOW);
    await page.getByTestId("course-settings").waitFor(SLOW);
    expect(await page.getByTestId("studio-course-title").textContent()).toBe("Stüdyo kursu");
    expect((await studioCourse(leader))?.published).toBe(false);
  });

  it("sets titles, a description, a price and publishes, sending only what changed", async () => {
    const page = leader.page;
    // The course's own title comes first (the category has a title too).
    const title = page.getByRole("group", { name: "Title", exact: true }).first();
    await title.getByLabel("English").fill("Studio course");
    await title.getByLabel("Turkish").fill("Stüdyo kursu: temeller");
    await page.getByRole("group", { name: "Description", exact: true }).getByLabel("English").fill("Made in the studio, step by step.");
    await page.getByRole("combobox", { name: "Free or paid", exact: true }).selectOption({ label: "Paid" });
    await page.getByRole("spinbutton", { name: "Price", exact: true }).fill("19.99");
    await page.getByRole("combobox", { name: "Currency", exact: true }).selectOption({ label: "USD" });
    await page.getByRole("checkbox", { name: "Published", exact: true }).check();
    expect(await page.getByTestId("course-save-state").getAttribute("data-state")).toBe("dirty");
    const patches: unknown[] = [];
    page.on("request", (r) => {
      if (r.method() === "PATCH" && r.url().endsWith(`/api/admin/courses/${COURSE}`)) patches.push(r.postDataJSON());
    });
    await page.getByTestId("course-save").click();
    await expect.poll(() => page.getByTestId("course-save-state").getAttribute("data-state"), SLOW).toBe("saved");
    expect(patches).toEqual([
      {
        title: { en: "Studio course", tr: "Stüdyo kursu: temeller" },
        description: { en: "Made in the studio, step by step." },
        pricing: { type: "paid", price: 19.99, currency: "USD" },
        published: true,
      },
    ]);
    const saved = await studioCourse(leader);
    expect(saved).toMatchObject({
      title: { en: "Studio course", tr: "Stüdyo kursu: temeller" },
      description: { en: "Made in the studio, step by step." },
      pricing: { type: "paid", price: 19.99, currency: "USD" },
      published: true,
      hidden: false,
    });
    expect(await page.getByTestId("studio-course-title").textContent()).toBe("Studio course");
    // Saving again with nothing changed sends nothing.
    await page.getByTestId("course-save").click();
    await expect.poll(() => page.getByTestId("course-save-state").getAttribute("data-state")).toBe("nothing");
    expect(patches).toHaveLength(1);
  });

  it("adds a lesson, a test and a webinar and reorders them with the keyboard and by dragging", async () => {
    const page = leader.page;
    const titles = { lesson: "Ders: başlangıç", test: "Test: kontrol", webinar: "Webinar: canlı" };
    for (const [type, text] of Object.entries(titles)) {
      const before = await page.locator('[data-testid="studio-element"]').count();
      await page.getByTestId("add-element-type").selectOption(type);
      await page.getByTestId("add-element-title").fill(text);
      await page.getByTestId("add-element-submit").click();
      await expect.poll(() => page.locator('[data-testid="studio-element"]').count(), SLOW).toBe(before + 1);
    }
    expect(await rowTypes(page)).toEqual(["lesson", "test", "webinar"]);
    expect(await elementTypes(leader)).toEqual(["lesson", "test", "webinar"]);

    // Keyboard: Move up on the webinar twice; focus follows the moved element.
    await page.locator('[data-element-row] [data-move="up"]').nth(2).focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => elementTypes(leader), SLOW).toEqual(["lesson", "webinar", "test"]);
    expect(await page.evaluate(() => document.activeElement?.closest("[data-element-row]")?.getAttribute("data-type"))).toBe("webinar");
    // The list is busy until the page has the server's answer (a move asked for meanwhile is not taken).
    await listSettled(page);
    await page.keyboard.press("Enter");
    await expect.poll(() => elementTypes(leader), SLOW).toEqual(["webinar", "lesson", "test"]);
    expect(await rowTypes(page)).toEqual(["webinar", "lesson", "test"]);
    expect(await page.locator('[data-testid="element-number"]').allTextContents()).toEqual(["1.", "2.", "3."]);

    // Dragging: the test onto the first row.
    await listSettled(page);
    await page.locator('[data-testid="element-drag"]').nth(2).dragTo(page.locator('[data-testid="studio-element"]').nth(0));
    await expect.poll(() => elementTypes(leader), SLOW).toEqual(["test", "webinar", "lesson"]);
    expect(await rowTypes(page)).toEqual(["test", "webinar", "lesson"]);

    // A refused reorder goes back to the order before it and says why.
    await page.route(`**/api/admin/courses/${COURSE}/elements/order`, (route) =>
      route.fulfill({
        status: 409,
        contentType: "application/json",
        body: JSON.stringify({ error: { code: "ELEMENT-ORDER-MISMATCH", key: "errors:codes.ELEMENT_ORDER_MISMATCH", message: "mismatch" } }),
      }),
    );
    await listSettled(page);
    await page.locator('[data-element-row] [data-move="down"]').first().focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => page.getByTestId("studio-elements").getByRole("alert").textContent(), SLOW).toContain("The element list has changed");
    expect(await rowTypes(page)).toEqual(["test", "webinar", "lesson"]);
    expect(await elementTypes(leader)).toEqual(["test", "webinar", "lesson"]);
    await page.unroute(`**/api/admin/courses/${COURSE}/elements/order`);
  });

  it("shows the published course to a guest in the catalogue", async () => {
    const guest = await e2e.open("/en/courses/");
    await expect.poll(() => guest.locator("main").textContent(), SLOW).toContain("Studio course");
  });

  it.each(["en", "ar"])("draws both pages without serious axe violations in %s, right to left in ar", async (lang) => {
    const page = leader.page;
    await e2e.open(`/${lang}/studio/`, { page });
    expect(await page.locator("html").getAttribute("dir")).toBe(lang === "ar" ? "rtl" : "ltr");
    expect(await page.locator(`[data-course="${COURSE}"]`).count()).toBe(1);
    await e2e.axeCheck(page, `studio list ${lang}`);
    await shot(page, `list-${lang}`);
    await e2e.open(`/${lang}/studio/courses/${COURSE}`, { page });
    expect(await page.locator("html").getAttribute("dir")).toBe(lang === "ar" ? "rtl" : "ltr");
    await page.getByTestId("course-settings").waitFor(SLOW);
    await e2e.axeCheck(page, `studio course ${lang}`);
    await shot(page, `course-${lang}`);
  });
});
