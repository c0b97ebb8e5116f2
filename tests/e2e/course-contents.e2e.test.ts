/**
 * The course contents as a learner uses them, after they were made lean (docs/decisions/0075):
 * every row with its state, look and icons, hydrated without complaint (the fixture fails a test on
 * a hydration error), and a row's link opening the element inside the app, in en and in ar (RTL).
 * MENTORA_SHOTS=<dir> keeps a screenshot of each course page.
 */
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import type { TElementType } from "../../src/domain/element";
import { upsertCourse, upsertElement } from "../../src/server/db/seed/course-factories";
import { useE2E } from "./fixtures";

const e2e = useE2E();
const TYPES: TElementType[] = ["lesson", "lesson", "test", "lesson", "webinar"];
const COURSE = "contents-12";
const ids = Array.from({ length: 12 }, (_, i) => `contents-12-el-${i}`);

beforeAll(async () => {
  const db = e2e.database.db;
  await upsertCourse(db, {
    id: COURSE,
    portalId: e2e.config.PORTAL_ID,
    title: { en: "A course of 12 steps", ar: "دورة من 12 خطوة" },
    description: { en: "Short steps, one at a time.", ar: "خطوات قصيرة، واحدة تلو الأخرى." },
    duration: 120,
  });
  for (const [i, id] of ids.entries()) {
    await upsertElement(db, {
      id,
      courseId: COURSE,
      type: TYPES[i % TYPES.length],
      title: { en: `Step ${i + 1}: reading a longer passage with care`, ar: `الخطوة ${i + 1}: قراءة نص أطول بعناية` },
      duration: 5 + (i % 7),
      index: i,
      visible: true,
    });
  }
});

/** Each row's state, status text, status colours and whether its icons draw a symbol of the page. */
const rows = (page: Page) =>
  page.locator('[data-testid="element-list"] > li').evaluateAll((items) =>
    items.map((li) => {
      const status = li.lastElementChild as HTMLElement;
      const icons = [...li.querySelectorAll("svg")].map((svg) => {
        const href = svg.querySelector("use")?.getAttribute("href") ?? "";
        const box = svg.getBoundingClientRect();
        return { drawn: !!document.querySelector(`symbol${href}`), width: Math.round(box.width) };
      });
      return {
        id: li.getAttribute("data-element"),
        state: li.getAttribute("data-state"),
        current: li.hasAttribute("data-current"),
        status: status.textContent,
        describes: li.querySelector(`[aria-describedby="${status.id}"]`) !== null,
        statusColour: getComputedStyle(status).color,
        link: li.querySelector("a")?.getAttribute("href") ?? null,
        icons,
      };
    }),
  );

async function shoot(page: Page, name: string) {
  const dir = process.env.MENTORA_SHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

describe("the course contents in the browser", () => {
  it("show a learner's done, opened and locked elements, and a row's link opens the element in the app", async () => {
    const learner = await e2e.signIn();
    for (const id of ids.slice(0, 3)) {
      const res = await learner.context.request.post(e2e.url(`/api/progress/elements/${id}/finish`), { headers: { origin: e2e.baseURL } });
      expect(res.status(), await res.text()).toBe(200);
    }
    const page = await e2e.open(`/en/courses/${COURSE}`, { page: learner.page });
    await shoot(page, "course-learner-en");
    const list = await rows(page);
    expect(list.map((r) => r.state)).toEqual(["done", "done", "done", "opened", ...Array(8).fill("locked")]);
    expect(list[3]).toMatchObject({ current: true, status: "Open · you are here", describes: true, link: `/en/courses/${COURSE}/lesson/${ids[3]}` });
    expect(list[0]).toMatchObject({ status: "Completed", statusColour: "rgb(20, 117, 54)", link: `/en/courses/${COURSE}/lesson/${ids[0]}` });
    expect(list[2].link).toBe(`/en/courses/${COURSE}/test/${ids[2]}`);
    expect(list[5]).toMatchObject({ status: "Locked", link: null, describes: true });
    // Every row's two icons are drawn from the page's sprite at their sizes (the kind's circle of 40 px, the status's 14 px).
    for (const r of list)
      expect(r.icons).toEqual([
        { drawn: true, width: 40 },
        { drawn: true, width: 14 },
      ]);
    await e2e.axeCheck(page, "course contents");

    // A client-side navigation: the document (and this mark on it) stays.
    await page.evaluate(() => Object.assign(window, { contentsMark: true }));
    await page.locator(`[data-testid="element-list"] > li[data-element="${ids[3]}"] a`).click();
    await page.waitForURL((u) => u.pathname === `/en/courses/${COURSE}/lesson/${ids[3]}`);
    await page.locator(`[data-testid="element-page"][data-element="${ids[3]}"]`).waitFor();
    expect(await page.evaluate(() => (window as { contentsMark?: boolean }).contentsMark)).toBe(true);
  });

  it("read right to left in Arabic, for a guest and for a learner", async () => {
    const guest = await e2e.open(`/ar/courses/${COURSE}`, { lang: "ar" });
    expect(await guest.locator("html").getAttribute("dir")).toBe("rtl");
    const list = await rows(guest);
    expect(list.map((r) => r.state)).toEqual(["opened", ...Array(11).fill("locked")]);
    // The opened row's arrow points the reading way: mirrored right to left.
    const arrow = guest.locator(`[data-element="${ids[0]}"] > span:last-child svg`);
    expect(await arrow.evaluate((svg) => getComputedStyle(svg).scale)).toBe("-1 1");
    await shoot(guest, "course-guest-ar");
    const learner = await e2e.signIn("disciple", { lang: "ar" });
    await learner.context.request.post(e2e.url(`/api/progress/elements/${ids[0]}/finish`), { headers: { origin: e2e.baseURL } });
    const page = await e2e.open(`/ar/courses/${COURSE}`, { page: learner.page });
    expect((await rows(page)).map((r) => r.state).slice(0, 3)).toEqual(["done", "opened", "locked"]);
    await shoot(page, "course-learner-ar");
    const en = await e2e.open(`/en/courses/${COURSE}`);
    await shoot(en, "course-guest-en");
  });
});
