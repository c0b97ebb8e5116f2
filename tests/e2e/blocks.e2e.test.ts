/**
 * The blocks showcase in Debian's Chromium, in English and in Arabic (right to left): every block is
 * visible with its content, the interactive ones work with pointer and keyboard (quiz, gallery
 * lightbox, before/after slider, video consent gate, courses popup, action scenario, donations,
 * subscribe), and axe finds no serious or critical violation.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { formatPrice } from "../../src/domain/blocks/course-format";
import { formatEventDate } from "../../src/domain/blocks/event-date-format";
import { LANGUAGE_PACKAGES } from "../../src/domain/constants";
import type { TBlock } from "../../src/domain/page";
import { subscriptions } from "../../src/server/db/schema/subscriptions";
import type { DemoLang } from "../../src/server/db/seed/demo-content";
import { SHOWCASE_ALIAS, STUDY_PLAN_SIZES, showcasePage } from "../../src/server/db/seed/demo-showcase";
import { createI18n } from "../../src/web/i18n/instance";
import { useE2E, waitForHydration } from "./fixtures";

const e2e = useE2E();
/** The page's strings from the real language packs, with i18next's plural and interpolation rules. */
function translator(lang: DemoLang) {
  const resources = Object.fromEntries(
    LANGUAGE_PACKAGES.map((pkg) => [pkg, JSON.parse(readFileSync(path.join(process.cwd(), "locales", lang, `${pkg}.json`), "utf8"))]),
  );
  const i18n = createI18n(lang, resources);
  return (key: string, vars?: Record<string, unknown>) => i18n.t(key, vars ?? {});
}

/** The showcase page, the visitor decided on cookies (nothing optional): the notice stays closed and videos are gated. */
async function openShowcase(lang: DemoLang, viewport?: { width: number; height: number }): Promise<{ page: Page; errors: string[] }> {
  const { page } = await e2e.newPage({ lang, consent: true, viewport });
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => {
    // Third-party frames are refused by the offline test browser; anything else is a fault.
    if (m.type() === "error" && !/ERR_BLOCKED_BY_CLIENT|Failed to load resource/.test(m.text())) errors.push(m.text());
  });
  await e2e.open(`/${lang}/pages/${SHOWCASE_ALIAS}`, { page });
  return { page, errors };
}

const block = (page: Page, id: string): Locator => page.locator(`section#${id}`);
const visible = (l: Locator) => l.first().isVisible();

/** What must be visible of each block: its heading or main text, and its images by their text alternative. */
function visibleContent(b: TBlock, lang: DemoLang): { texts: string[]; alts: string[] } {
  switch (b.type) {
    case "text":
      return { texts: [b.props.title ?? ""], alts: [] };
    case "fact":
      return { texts: b.props.variant === "divider" ? [] : [b.props.value ?? "", b.props.text ?? ""], alts: [] };
    case "photo":
      return { texts: [b.props.caption ?? ""], alts: [b.props.alt] };
    case "quote":
      return { texts: [b.props.text], alts: [] };
    case "faq":
      return { texts: [b.props.title ?? "", b.props.items[0].question], alts: [] };
    case "embed":
      return { texts: [b.props.title], alts: [] };
    case "course":
      return { texts: [b.props.title, b.props.description ?? ""], alts: [] };
    case "courses-popup":
      return { texts: [b.props.title, b.props.openLabel], alts: [] };
    case "tests":
      return { texts: [b.props.question, ...b.props.variants.map((v) => v.text)], alts: [] };
    case "video":
      return { texts: [b.props.title], alts: [] };
    case "audio":
      return { texts: [b.props.title, b.props.description ?? ""], alts: [] };
    case "gallery":
      return { texts: [b.props.title ?? "", b.props.images[0].caption ?? ""], alts: b.props.images.map((i) => i.alt) };
    case "file":
      return { texts: [b.props.title ?? "", b.props.name], alts: [] };
    case "before-after":
      return { texts: [b.props.title ?? "", b.props.before.label, b.props.after.label], alts: [b.props.before.alt, b.props.after.alt] };
    case "diagram":
      return { texts: [b.props.title], alts: [] };
    case "scheme":
      return { texts: b.props.steps.map((s) => s.title), alts: [] };
    case "person":
      return { texts: [b.props.name, b.props.role ?? ""], alts: [b.props.photo?.alt ?? ""] };
    case "event-date":
      return { texts: [b.props.title, formatEventDate(b.props.date, lang)], alts: [] };
    case "reviews":
      return { texts: [b.props.title ?? "", ...b.props.items.map((r) => r.author)], alts: [] };
    case "statistics":
      return { texts: [b.props.title ?? "", ...b.props.items.map((i) => i.label)], alts: [] };
    case "partners":
      return { texts: [b.props.title ?? ""], alts: b.props.items.map((p) => p.name) };
    case "action":
      return { texts: [b.props.title, b.props.button.label], alts: [] };
    case "subscribe":
      return { texts: [b.props.title], alts: [] };
    case "donations":
      return { texts: [b.props.title], alts: [] };
    case "app-promo":
      return { texts: [b.props.title, "App Store", "Google Play"], alts: [b.props.image?.alt ?? ""] };
    default:
      return { texts: [], alts: [] };
  }
}

describe.each(["en", "ar"] as const)("blocks showcase in the browser (%s)", (lang) => {
  const t = translator(lang);
  const showcase = showcasePage(lang);
  const props = <T extends TBlock["type"]>(id: string) => showcase.blocks.find((b) => b.id === id) as Extract<TBlock, { type: T }>;

  it("shows every block with its content, right to left in Arabic, and passes axe", async () => {
    const { page, errors } = await openShowcase(lang);
    expect(await page.getAttribute("html", "dir")).toBe(lang === "ar" ? "rtl" : "ltr");
    for (const b of showcase.blocks) {
      const section = block(page, b.id);
      await section.scrollIntoViewIfNeeded();
      expect(await section.isVisible(), b.id).toBe(true);
      const { texts, alts } = visibleContent(b, lang);
      for (const text of texts.filter(Boolean)) expect(await visible(section.getByText(text, { exact: false })), `${b.id}: ${text}`).toBe(true);
      for (const alt of alts.filter(Boolean)) expect(await visible(section.getByAltText(alt, { exact: true })), `${b.id}: image ${alt}`).toBe(true);
    }
    // The divider is a rule, the bar chart an image named by its title with the numbers as a table.
    expect(await block(page, "showcase-divider").locator("hr").isVisible()).toBe(true);
    const bars = props<"diagram">("showcase-diagram-bar");
    expect(await visible(page.getByRole("img", { name: bars.props.title }))).toBe(true);
    await block(page, "showcase-diagram-bar").getByText(t("blocks:diagram.table")).click();
    const table = page.getByRole("table", { name: bars.props.title });
    expect(await table.getByRole("row").count()).toBe(bars.props.data.length + 1);
    expect(await visible(table.getByRole("rowheader", { name: bars.props.data[0].label }))).toBe(true);

    // Reading order: in Arabic the "before" label sits on the right (the start), and the first step of the scheme too.
    const ba = props<"before-after">("showcase-before-after");
    const beforeBox = await block(page, ba.id).getByText(ba.props.before.label, { exact: true }).boundingBox();
    const afterBox = await block(page, ba.id).getByText(ba.props.after.label, { exact: true }).boundingBox();
    expect(beforeBox && afterBox && (lang === "ar" ? beforeBox.x > afterBox.x : beforeBox.x < afterBox.x)).toBe(true);

    // The file link downloads the real file, of the size it states.
    const file = props<"file">("showcase-file");
    const link = block(page, file.id).getByRole("link");
    expect(await link.getAttribute("download")).toBe(file.props.name);
    const res = await page.request.get(e2e.url(file.props.url));
    expect((await res.body()).length).toBe(STUDY_PLAN_SIZES[lang]);

    await e2e.axeCheck(page, `blocks showcase (${lang})`);
    expect(errors).toEqual([]);
  });

  it("checks quiz answers: a hint without an answer, a wrong answer with the right one shown, then right", async () => {
    const { page } = await openShowcase(lang);
    const single = props<"tests">("showcase-quiz-single");
    const quiz = block(page, single.id);
    await quiz.scrollIntoViewIfNeeded();
    await quiz.getByRole("button", { name: t("blocks:quiz.check") }).click();
    expect(await quiz.getByText(t("blocks:quiz.needsAnswer")).isVisible()).toBe(true);

    await quiz.getByLabel(single.props.variants[0].text, { exact: true }).check();
    await quiz.getByRole("button", { name: t("blocks:quiz.check") }).click();
    const result = quiz.getByTestId("quiz-result");
    // Graded on the server (issue 13): the verdict comes with the reply.
    await result.getByText(t("blocks:quiz.failed")).waitFor();
    await result.getByText(t("blocks:quiz.correctAnswer", { count: 1, answers: single.props.variants[1].text })).waitFor();
    expect(await quiz.getByRole("radio").first().isDisabled()).toBe(true);

    await quiz.getByRole("button", { name: t("blocks:quiz.retry") }).click();
    await quiz.getByLabel(single.props.variants[1].text, { exact: true }).check();
    await quiz.getByRole("button", { name: t("blocks:quiz.check") }).click();
    await result.getByText(t("blocks:quiz.passed")).waitFor();

    // Multiple choice: only the full set of correct answers passes.
    const multiple = props<"tests">("showcase-quiz-multiple");
    const many = block(page, multiple.id);
    await many.getByLabel(multiple.props.variants[0].text, { exact: true }).check();
    await many.getByRole("button", { name: t("blocks:quiz.check") }).click();
    await many.getByTestId("quiz-result").getByText(t("blocks:quiz.failed")).waitFor();
    await many.getByRole("button", { name: t("blocks:quiz.retry") }).click();
    for (const i of [0, 2]) await many.getByLabel(multiple.props.variants[i].text, { exact: true }).check();
    await many.getByRole("button", { name: t("blocks:quiz.check") }).click();
    await many.getByTestId("quiz-result").getByText(t("blocks:quiz.passed")).waitFor();
  });

  it("opens the gallery lightbox, pages with the arrow keys in the reading direction, closes with Escape", async () => {
    const { page } = await openShowcase(lang);
    const gallery = props<"gallery">("showcase-gallery");
    const images = gallery.props.images;
    const thumb = block(page, gallery.id).getByRole("button", { name: images[0].alt });
    await thumb.click();
    const dialog = page.getByRole("dialog", { name: gallery.props.title });
    await dialog.waitFor();
    const counter = dialog.getByTestId("gallery-counter");
    expect(await dialog.getByAltText(images[0].alt, { exact: true }).isVisible()).toBe(true);
    expect(await counter.textContent()).toBe(t("blocks:gallery.counter", { index: 1, count: images.length }));
    await e2e.axeCheck(page, `gallery lightbox (${lang})`);

    await page.keyboard.press(lang === "ar" ? "ArrowLeft" : "ArrowRight");
    await expect.poll(() => counter.textContent()).toBe(t("blocks:gallery.counter", { index: 2, count: images.length }));
    expect(await dialog.getByAltText(images[1].alt, { exact: true }).isVisible()).toBe(true);
    await page.keyboard.press(lang === "ar" ? "ArrowRight" : "ArrowLeft");
    await page.keyboard.press(lang === "ar" ? "ArrowRight" : "ArrowLeft");
    await expect.poll(() => counter.textContent()).toBe(t("blocks:gallery.counter", { index: images.length, count: images.length }));
    await dialog.getByRole("button", { name: t("blocks:gallery.next") }).click();
    await expect.poll(() => counter.textContent()).toBe(t("blocks:gallery.counter", { index: 1, count: images.length }));

    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => thumb.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it("opens FAQ answers one by one with pointer and keyboard, and moves between the questions with the arrow keys", async () => {
    const { page } = await openShowcase(lang);
    const faq = props<"faq">("showcase-faq");
    const [first, second] = faq.props.items;
    const question = (q: string) => block(page, faq.id).getByRole("button", { name: q });
    const answer = (a: string) => block(page, faq.id).getByRole("region").filter({ hasText: a });
    expect(await question(first.question).getAttribute("aria-expanded")).toBe("false");
    expect(await answer(first.answer).count()).toBe(0);

    await question(first.question).click();
    expect(await question(first.question).getAttribute("aria-expanded")).toBe("true");
    await answer(first.answer).waitFor();
    expect(await answer(first.answer).getAttribute("aria-labelledby")).toBe(await question(first.question).getAttribute("id"));

    await page.keyboard.press("ArrowDown");
    expect(await question(second.question).evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press("Enter");
    expect(await question(second.question).getAttribute("aria-expanded")).toBe("true");
    // Each question opens on its own: the first stays open.
    expect(await question(first.question).getAttribute("aria-expanded")).toBe("true");
    await page.keyboard.press("Home");
    expect(await question(first.question).evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press("Space");
    expect(await question(first.question).getAttribute("aria-expanded")).toBe("false");
    expect(await answer(first.answer).count()).toBe(0);
  });

  it("moves the before/after divider with the keyboard and announces both shares", async () => {
    const { page } = await openShowcase(lang);
    const ba = props<"before-after">("showcase-before-after");
    const slider = block(page, ba.id).getByRole("slider", {
      name: t("blocks:beforeAfter.slider", { before: ba.props.before.label, after: ba.props.after.label }),
    });
    const before = block(page, ba.id).getByTestId("before-image");
    const clip = () => before.evaluate((el) => (el as HTMLElement).style.clipPath);
    await slider.focus();
    expect(await slider.inputValue()).toBe("50");
    await page.keyboard.press("End");
    expect(await slider.inputValue()).toBe("100");
    expect(await clip()).toMatch(/inset\(0(px)?( 0(px|%)?){0,3}\)/);
    expect(await slider.getAttribute("aria-valuetext")).toBe(
      t("blocks:beforeAfter.value", { before: ba.props.before.label, beforeShare: 100, after: ba.props.after.label, afterShare: 0 }),
    );
    await page.keyboard.press("Home");
    expect(await slider.inputValue()).toBe("0");
    expect(await clip()).toBe(lang === "ar" ? "inset(0px 0px 0px 100%)" : "inset(0px 100% 0px 0px)");
    for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowUp");
    expect(await slider.inputValue()).toBe("3");
    expect(await slider.getAttribute("aria-valuetext")).toBe(
      t("blocks:beforeAfter.value", { before: ba.props.before.label, beforeShare: 3, after: ba.props.after.label, afterShare: 97 }),
    );
  });

  it("keeps the YouTube frame out until YouTube is allowed, then plays it; Vimeo stays gated", async () => {
    const { page, context } = await (async () => {
      const { page, context } = await e2e.newPage({ lang, consent: true });
      await page.goto(e2e.url(`/${lang}/pages/${SHOWCASE_ALIAS}`));
      await waitForHydration(page);
      return { page, context };
    })();
    const youtube = block(page, "showcase-video-youtube");
    const vimeo = block(page, "showcase-embed-vimeo");
    expect(await youtube.locator("iframe").count()).toBe(0);
    expect(await vimeo.locator("iframe").count()).toBe(0);
    const service = t("common:consent.categories.youtube.title");
    await youtube.getByRole("button", { name: t("common:embed.allow", { service }) }).click();
    await youtube.locator("iframe").waitFor({ state: "attached" });
    expect(await youtube.locator("iframe").getAttribute("src")).toBe("https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ");
    expect(await youtube.locator("iframe").getAttribute("title")).toBe(props<"video">("showcase-video-youtube").props.title);
    expect(await vimeo.locator("iframe").count()).toBe(0);
    const cookie = (await context.cookies()).find((c) => c.name === "cookie-agreement");
    expect(decodeURIComponent(cookie?.value ?? "")).toContain("youtube:1");
    expect(decodeURIComponent(cookie?.value ?? "")).toContain("vimeo:0");

    // The video file plays in the page itself, with captions in the page language.
    const file = block(page, "showcase-video-file");
    expect(await file.locator("video source").getAttribute("type")).toBe("video/mp4");
    expect(await file.locator("video track").getAttribute("srclang")).toBe(lang);
    await expect.poll(() => file.locator("video").evaluate((v) => (v as HTMLVideoElement).readyState >= 1 && (v as HTMLVideoElement).videoWidth)).toBe(640);
  });

  it("opens the courses popup: cards with prices and symbols, 30 px apart, a slider and the courses link", async () => {
    // Narrow enough that the cards overflow the slider.
    const { page } = await openShowcase(lang, { width: 760, height: 900 });
    const popup = props<"courses-popup">("showcase-courses-popup");
    await block(page, popup.id).getByRole("button", { name: popup.props.openLabel }).click();
    const dialog = page.getByRole("dialog", { name: popup.props.title });
    await dialog.waitFor();
    const cards = dialog.getByTestId("course-card");
    await expect.poll(() => cards.count()).toBe(popup.props.courses.length);
    for (const c of popup.props.courses) {
      expect(await visible(dialog.getByRole("link", { name: c.title }))).toBe(true);
      expect(await dialog.getByRole("link", { name: c.title }).getAttribute("href")).toBe(`/${lang}/courses/${c.id}`);
    }
    const prices = await dialog.getByTestId("course-price").allTextContents();
    expect(prices).toEqual(popup.props.courses.map((c) => (c.price && c.currency ? formatPrice(c.price, c.currency, lang) : t("blocks:course.free"))));
    expect(prices.join(" ")).toContain("₴");
    // A category whose id is "none" has no label on its card.
    const unlabelled = popup.props.courses.findIndex((c) => c.category?.id === "none");
    expect(unlabelled).toBeGreaterThanOrEqual(0);
    expect(await cards.nth(unlabelled).locator(".rounded-full").count()).toBe(0);
    expect(
      await cards
        .nth(0)
        .getByText(popup.props.courses[0].category?.title ?? "-", { exact: true })
        .isVisible(),
    ).toBe(true);
    const slider = dialog.getByTestId("courses-slider");
    expect(await slider.evaluate((el) => getComputedStyle(el).columnGap)).toBe("30px");
    const first = await cards.nth(0).boundingBox();
    const second = await cards.nth(1).boundingBox();
    expect(first && second && Math.round(Math.abs(lang === "ar" ? first.x - (second.x + second.width) : second.x - (first.x + first.width)))).toBe(30);

    const next = dialog.getByRole("button", { name: t("blocks:coursesPopup.next") });
    const previous = dialog.getByRole("button", { name: t("blocks:coursesPopup.previous") });
    const offset = () => slider.evaluate((el) => Math.abs(el.scrollLeft));
    expect(await previous.isDisabled()).toBe(true);
    expect(await next.isEnabled()).toBe(true);
    await next.click();
    await expect.poll(offset).toBeGreaterThan(0);
    await expect.poll(() => previous.isEnabled()).toBe(true);
    await previous.click();
    await expect.poll(offset).toBe(0);
    expect(await dialog.getByRole("link", { name: t("blocks:coursesPopup.all") }).getAttribute("href")).toBe(`/${lang}/courses`);
    await e2e.axeCheck(page, `courses popup (${lang})`);

    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.count()).toBe(0);
    const opener = block(page, popup.id).getByRole("button", { name: popup.props.openLabel });
    await expect.poll(() => opener.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it("starts the sign-in scenario from the action button and links the chosen donation amount", async () => {
    const { page } = await openShowcase(lang);
    const action = props<"action">("showcase-action");
    await block(page, action.id).getByRole("button", { name: action.props.button.label }).click();
    await page.getByTestId("scenario-step-sign-in").waitFor();
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByTestId("scenario-step-sign-in").count()).toBe(0);

    const donations = props<"donations">("showcase-donations");
    const section = block(page, donations.id);
    const amount = donations.props.presets[2];
    await section.getByText(formatPrice(amount, donations.props.currency, lang), { exact: true }).click();
    const link = section.getByTestId("donate-link");
    expect(await link.textContent()).toContain(t("blocks:donations.donate", { amount: formatPrice(amount, donations.props.currency, lang) }));
    const href = new URL((await link.getAttribute("href")) ?? "");
    expect(href.origin + href.pathname).toBe(donations.props.url);
    expect(href.searchParams.get("amount")).toBe(String(amount));
    expect(href.searchParams.get("currency")).toBe(donations.props.currency);
    expect(await link.getAttribute("target")).toBe("_blank");
  });

  it("subscribes: a bad e-mail is refused in place, a good one is stored once, again says it was already", async () => {
    const { page } = await openShowcase(lang);
    const subscribe = props<"subscribe">("showcase-subscribe");
    const section = block(page, subscribe.id);
    const field = section.getByRole("textbox", { name: t("blocks:subscribe.email") });
    const submit = section.getByRole("button", { name: t("blocks:subscribe.submit") });
    let posted = 0;
    page.on("request", (r) => {
      if (r.url().endsWith("/api/subscriptions")) posted++;
    });

    await field.fill("learner@example");
    await submit.click();
    expect(await section.getByText(t("auth:crud.validation.message.email")).isVisible()).toBe(true);
    expect(await field.getAttribute("aria-invalid")).toBe("true");
    expect(posted).toBe(0);

    const email = `showcase-${lang}@example.org`;
    await field.fill(`  ${email.toUpperCase()} `);
    await submit.click();
    const outcome = section.getByTestId("subscribe-outcome");
    await outcome.getByText(t("blocks:subscribe.done", { email })).waitFor();
    const rows = await e2e.database.db.select().from(subscriptions).where(eq(subscriptions.email, email));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ lang, topic: subscribe.props.topic, source: subscribe.id });
    expect(await field.inputValue()).toBe("");

    await field.fill(email);
    await submit.click();
    await outcome.getByText(t("blocks:subscribe.already", { email })).waitFor();
    expect(await e2e.database.db.select().from(subscriptions).where(eq(subscriptions.email, email))).toHaveLength(1);
    expect(posted).toBe(2);
    await e2e.axeCheck(page, `subscribe outcome (${lang})`);
  });
});
