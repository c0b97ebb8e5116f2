/**
 * The site shell end to end, in Debian's Chromium against the built app: language redirects and
 * switching (LTR/RTL), error screens, cookie consent and consent-gated embeds, the floating rail,
 * the design-system guideline pages, accessibility (axe) and the SSR head.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Page, Response } from "playwright-core";
import { describe, expect, it } from "vitest";
import { HELLO_COOKIE } from "../../src/domain/chat-rules";
import { COOKIES, LANGUAGE_PACKAGES } from "../../src/domain/constants";
import { type DemoLang, mainPageBlocks, systemPage } from "../../src/server/db/seed/demo-content";
import { useE2E, waitForHydration } from "./fixtures";

const e2e = useE2E();

const SHOTS_DIR = "/tmp/mentora-shots";
const ALL_CONSENT = "analytics:1|youtube:1|vimeo:1|hotjar:1";
const ENDONYM = { en: "English", ar: "العربية", tr: "Türkçe" } as const;

const packs = new Map<string, Promise<Record<string, unknown>>>();

/**
 * A string of a language pack (locales/<lang>/<pkg>.json), as the running server serves it, so
 * the expectation always matches what the page was rendered with.
 */
async function pack(lang: string, pkg: string, key: string): Promise<string> {
  const id = `${lang}/${pkg}`;
  if (!packs.has(id)) {
    packs.set(
      id,
      fetch(e2e.url(`/locales/${id}.json`)).then((r) => {
        if (!r.ok) throw new Error(`GET /locales/${id}.json: ${r.status}`);
        return r.json() as Promise<Record<string, unknown>>;
      }),
    );
  }
  const json = await packs.get(id)!;
  const value = key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], json);
  if (typeof value !== "string") throw new Error(`no string ${id}:${key}`);
  return value;
}

/** Texts of the seeded main page for a language. */
function mainTexts(lang: DemoLang) {
  const blocks = mainPageBlocks(lang).blocks;
  const hero = blocks.find((b) => b.id === "main-hero");
  const embed = blocks.find((b) => b.id === "main-embed");
  return {
    heroTitle: (hero?.props as { title: string }).title,
    embedTitle: (embed?.props as { title: string }).title,
  };
}

/** The visible text of the seeded 404 content page (its HTML without tags). */
function notFoundPageText(lang: DemoLang): string {
  const block = systemPage("404", lang).blocks[0];
  return (block.props as { html: string }).html.replace(/<[^>]+>/g, "").trim();
}

function pathOf(page: Page): string {
  const u = new URL(page.url());
  return `${u.pathname}${u.search}`;
}

async function cookieValue(page: Page, name: string): Promise<string | undefined> {
  const found = (await page.context().cookies()).find((c) => c.name === name);
  return found ? decodeURIComponent(found.value) : undefined;
}

async function htmlLangDir(page: Page) {
  return page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir }));
}

/** Horizontal centre of an element relative to the viewport width, 0 (left) .. 1 (right). */
async function relativeCentreX(page: Page, testId: string): Promise<number> {
  const box = await page.getByTestId(testId).boundingBox();
  if (!box) throw new Error(`${testId} has no box`);
  const width = page.viewportSize()?.width ?? 0;
  return (box.x + box.width / 2) / width;
}

async function chooseLanguage(page: Page, endonym: string) {
  await page.getByTestId("language-switcher").click();
  await page.getByRole("menuitem", { name: endonym, exact: true }).click();
}

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS_DIR, `${name}.png`), fullPage: false });
  await page.screenshot({ path: path.join(SHOTS_DIR, `${name}-full.png`), fullPage: true });
}

/** Follows the header's Home link of an English page: a client-side navigation to the main page. */
async function goHomeInTheBrowser(page: Page) {
  await page
    .getByRole("navigation", { name: await pack("en", "shell", "header.navigation") })
    .getByRole("link", { name: "Home" })
    .click();
  await page.waitForURL((u) => u.pathname === "/en/");
}

describe("shell: languages and redirects", () => {
  it("sends a newcomer from / to the primary language /tr/ with Turkish content", async () => {
    const { page } = await e2e.newPage();
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    expect(pathOf(page)).toBe("/tr/");
    expect(await htmlLangDir(page)).toEqual({ lang: "tr", dir: "ltr" });
    await expect.poll(() => page.getByRole("heading", { name: mainTexts("tr").heroTitle }).isVisible()).toBe(true);
    expect(await cookieValue(page, COOKIES.lang)).toBe("tr");
    await waitForHydration(page);
    await shot(page, "tr");
  });

  it("keeps the query string when adding the language to a path without one", async () => {
    const { page } = await e2e.newPage();
    await page.goto("/courses?x=1");
    // Whatever /tr/courses answers (a 404 until the catalogue lands), the query string survives.
    expect(pathOf(page)).toBe("/tr/courses?x=1");
    expect(await htmlLangDir(page)).toEqual({ lang: "tr", dir: "ltr" });
  });

  it("switches tr -> en -> ar with the dropdown: URL, lang/dir, content, cookie, packs over HTTP, mirrored header", async () => {
    const { page } = await e2e.newPage();
    await page.goto("/tr/");
    await waitForHydration(page);
    expect(await relativeCentreX(page, "language-switcher")).toBeGreaterThan(0.5);

    const packResponses: Array<{ url: string; status: number }> = [];
    page.on("response", (r: Response) => {
      const u = new URL(r.url());
      if (u.pathname.startsWith("/locales/")) packResponses.push({ url: u.pathname, status: r.status() });
    });

    await chooseLanguage(page, ENDONYM.en);
    await page.waitForURL((u) => u.pathname === "/en/");
    await expect.poll(() => htmlLangDir(page)).toEqual({ lang: "en", dir: "ltr" });
    await expect.poll(() => page.getByRole("heading", { name: mainTexts("en").heroTitle }).isVisible()).toBe(true);
    expect(await cookieValue(page, COOKIES.lang)).toBe("en");
    for (const pkg of LANGUAGE_PACKAGES) {
      expect(packResponses, `GET /locales/en/${pkg}.json`).toContainEqual({ url: `/locales/en/${pkg}.json`, status: 200 });
    }
    expect(await relativeCentreX(page, "language-switcher")).toBeGreaterThan(0.5);

    await chooseLanguage(page, ENDONYM.ar);
    await page.waitForURL((u) => u.pathname === "/ar/");
    await expect.poll(() => htmlLangDir(page)).toEqual({ lang: "ar", dir: "rtl" });
    await expect.poll(() => page.getByRole("heading", { name: mainTexts("ar").heroTitle }).isVisible()).toBe(true);
    expect(await cookieValue(page, COOKIES.lang)).toBe("ar");
    for (const pkg of LANGUAGE_PACKAGES) {
      expect(packResponses, `GET /locales/ar/${pkg}.json`).toContainEqual({ url: `/locales/ar/${pkg}.json`, status: 200 });
    }
    // The header mirrors: the switcher sits at the end, which is the left in RTL.
    expect(await relativeCentreX(page, "language-switcher")).toBeLessThan(0.5);
    const logo = await page.getByTestId("logo").boundingBox();
    const switcher = await page.getByTestId("language-switcher").boundingBox();
    expect(logo && switcher && logo.x > switcher.x).toBe(true);

    // Reload: the server renders Arabic, right to left.
    const reloaded = await page.reload();
    expect(reloaded?.status()).toBe(200);
    expect(pathOf(page)).toBe("/ar/");
    expect(await htmlLangDir(page)).toEqual({ lang: "ar", dir: "rtl" });
    await expect.poll(() => page.getByRole("heading", { name: mainTexts("ar").heroTitle }).isVisible()).toBe(true);
    await waitForHydration(page);
    await shot(page, "ar");

    // The cookie now decides where / goes.
    await page.goto("/");
    expect(pathOf(page)).toBe("/ar/");
    expect(await htmlLangDir(page)).toEqual({ lang: "ar", dir: "rtl" });

    // A language cookie of en sends a language-less path to /en/..., query kept.
    await page.context().addCookies([{ name: COOKIES.lang, value: "en", url: e2e.baseURL }]);
    await page.goto("/courses?x=1");
    expect(pathOf(page)).toBe("/en/courses?x=1");
    expect(await htmlLangDir(page)).toEqual({ lang: "en", dir: "ltr" });
  });
});

describe("shell: error screens", () => {
  for (const lang of ["en", "tr", "ar"] as const) {
    it(`answers an unknown path with the 404 screen (${lang})`, async () => {
      const { page } = await e2e.newPage();
      const response = await page.goto(`/${lang}/this/does-not-exist`);
      expect(response?.status()).toBe(404);
      expect(await htmlLangDir(page)).toEqual({ lang, dir: lang === "ar" ? "rtl" : "ltr" });
      const screen = page.getByTestId("not-found");
      const title = await pack(lang, "errors", "notFound.title");
      if (lang === "en") expect(title).toBe("This page could not be found");
      else expect(title, `locales/${lang}/errors.json notFound.title is translated`).not.toBe("This page could not be found");
      const h1 = screen.getByRole("heading", { level: 1 });
      await expect.poll(() => h1.isVisible()).toBe(true);
      expect(await h1.textContent()).toBe(title);
      await expect.poll(() => screen.getByText(notFoundPageText(lang)).isVisible()).toBe(true);
      expect(await screen.getByRole("link", { name: await pack(lang, "errors", "actions.backToCourses") }).getAttribute("href")).toBe(`/${lang}/courses/`);
      expect(await screen.getByRole("link", { name: await pack(lang, "errors", "actions.home") }).getAttribute("href")).toBe(`/${lang}/`);
      if (lang === "en") {
        await waitForHydration(page);
        await e2e.axeCheck(page, "404 page (en, cookie notice open)");
        await shot(page, "404");
      }
    });
  }
});

describe("shell: cookie consent", () => {
  it("shows the notice on a first visit; Accept all stores every category and hides it for good", async () => {
    const { page } = await e2e.newPage();
    await page.goto("/en/");
    await waitForHydration(page);
    const notice = page.getByTestId("cookie-notice");
    await expect.poll(() => notice.isVisible()).toBe(true);
    expect(await cookieValue(page, COOKIES.consent)).toBeUndefined();

    await notice.getByRole("button", { name: await pack("en", "common", "consent.acceptAll") }).click();
    await expect.poll(() => notice.count()).toBe(0);
    expect(await cookieValue(page, COOKIES.consent)).toBe(ALL_CONSENT);

    await page.reload();
    await waitForHydration(page);
    // Rendered on the server from the cookie: never shown, not even for a moment.
    expect(await notice.count()).toBe(0);
    // With YouTube allowed the embed is the privacy-enhanced frame straight away.
    const frame = page.locator("#main-embed iframe");
    await expect.poll(() => frame.count()).toBe(1);
    expect(await frame.getAttribute("src")).toMatch(/^https:\/\/www\.youtube-nocookie\.com\/embed\//);
  });

  it("without consent the YouTube embed is a placeholder until YouTube is allowed", async () => {
    const { page } = await e2e.newPage();
    await page.goto("/en/");
    await waitForHydration(page);
    const embed = page.locator("#main-embed");
    expect(await embed.locator("iframe").count()).toBe(0);
    const allow = embed.getByRole("button", { name: (await pack("en", "common", "embed.allow")).replaceAll("{{service}}", "YouTube") });
    await expect.poll(() => allow.isVisible()).toBe(true);

    await allow.click();
    const frame = embed.locator("iframe");
    await expect.poll(() => frame.count()).toBe(1);
    expect(await frame.getAttribute("src")).toMatch(/^https:\/\/www\.youtube-nocookie\.com\/embed\/aqz-KE-bpKQ$/);
    expect(await frame.getAttribute("title")).toBe(mainTexts("en").embedTitle);
    const consent = await cookieValue(page, COOKIES.consent);
    expect(consent).toContain("youtube:1");
    expect(consent).toContain("vimeo:0");
  });
});

describe("shell: floating rail", () => {
  it("shows scroll-to-top after scrolling down and scrolls back to the top", async () => {
    const { page } = await e2e.newPage({ consent: ALL_CONSENT });
    await page.goto("/en/");
    await waitForHydration(page);
    const rail = page.getByTestId("floating-rail");
    const toTop = rail.getByRole("button", { name: await pack("en", "shell", "floating.scroll_to_top") });
    expect(await toTop.count()).toBe(0);

    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(400);
    await expect.poll(() => toTop.isVisible()).toBe(true);

    await toTop.click();
    // A smooth scroll: on a loaded machine the animation can take longer than the poll's default second.
    await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 10_000 }).toBe(0);
    await expect.poll(() => toTop.count()).toBe(0);
  });
});

describe("shell: the floating rail and the hello bubble at the end of a page", () => {
  /**
   * The footer's links and buttons that a rail button or the chat's hello bubble covers, after
   * scrolling to the very end, and whether the bubble covers one of the rail's buttons.
   */
  const coveredFooterControls = (page: Page) =>
    page.evaluate(() => {
      window.scrollTo(0, document.documentElement.scrollHeight);
      const buttons = [...document.querySelectorAll('[data-testid="floating-rail"] > button')].map((b) => b.getBoundingClientRect());
      const hello = [...document.querySelectorAll('[data-testid="chat-hello"]')].map((b) => b.getBoundingClientRect());
      const meets = (a: DOMRect, b: DOMRect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
      const footer = [...document.querySelectorAll("footer a, footer button")]
        .filter((c) => [...buttons, ...hello].some((r) => meets(r, c.getBoundingClientRect())))
        .map((c) => c.textContent?.trim() ?? "");
      return hello.some((h) => buttons.some((b) => meets(h, b))) ? [...footer, "(the hello bubble over a rail button)"] : footer;
    });

  // A first visit shows the hello bubble above the rail (not on a phone's course pages, seed §4). At
  // 1300 px high the lesson scrolls less than 400 px: the rail keeps its one button under the bubble.
  for (const [lang, viewport, hello] of [
    ["en", { width: 1280, height: 800 }, true],
    ["ar", { width: 1280, height: 800 }, true],
    ["en", { width: 1280, height: 1300 }, true],
    ["ar", { width: 1280, height: 1300 }, true],
    ["en", { width: 1280, height: 800 }, false],
    ["ar", { width: 390, height: 844 }, false],
  ] as const) {
    const short = viewport.height > 1000;
    it(`covers none of the footer's links (${lang}, ${viewport.width}×${viewport.height}, hello bubble ${hello ? "shown" : "dismissed"}): the footer keeps room`, async () => {
      const { page } = await e2e.newPage({ consent: true, lang, viewport, cookies: hello ? {} : { [HELLO_COOKIE]: "1" } });
      await page.goto(`/${lang}/courses/reading-foundations/lesson/rf-slow-reading`);
      await waitForHydration(page);
      const rail = page.getByTestId("floating-rail");
      await rail.locator('[data-rail="connect_to_mentor"]').waitFor();
      if (hello) await page.getByTestId("chat-hello").waitFor();
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      if (short) expect(await page.evaluate(() => window.scrollY)).toBeLessThan(400);
      // Past 400 px the scroll-to-top button joins: the rail at its tallest.
      else await rail.locator('[data-rail="scroll_to_top"]').waitFor();
      await expect.poll(() => coveredFooterControls(page)).toEqual([]);
      mkdirSync(SHOTS_DIR, { recursive: true });
      await page.screenshot({ path: path.join(SHOTS_DIR, `rail-page-end-${lang}-${viewport.width}x${viewport.height}${hello ? "-hello" : ""}.png`) });
    });
  }
});

describe("shell: design-system guideline", () => {
  for (const section of ["base", "components", "icons"] as const) {
    it(`renders /en/guideline/${section} without serious accessibility violations`, async () => {
      const { page } = await e2e.newPage({ consent: ALL_CONSENT });
      const response = await page.goto(`/en/guideline/${section}`);
      expect(response?.status()).toBe(200);
      const h1 = page.getByRole("heading", { level: 1, name: await pack("en", "guideline", `${section}.title`) });
      await expect.poll(() => h1.isVisible()).toBe(true);
      await waitForHydration(page);
      await e2e.axeCheck(page, `/en/guideline/${section}`);

      if (section === "components") {
        await page.getByRole("button", { name: await pack("en", "guideline", "components.openEmptyDropdown") }).click();
        const menu = page.getByRole("menu");
        await expect.poll(() => menu.getByText("Sorry, no matching options", { exact: true }).isVisible()).toBe(true);
        expect(await menu.getByRole("menuitem").count()).toBe(0);
        await page.keyboard.press("Escape");
        await expect.poll(() => menu.count()).toBe(0);

        await page.getByRole("button", { name: await pack("en", "guideline", "components.openDropdown") }).click();
        await expect.poll(() => page.getByRole("menuitem").count()).toBe(3);
      }
    });
  }
});

describe("shell: accessibility of the main page", () => {
  for (const lang of ["tr", "en", "ar"] as const) {
    it(`has no serious or critical axe violation on /${lang}/ with the cookie notice open, then dismissed`, async () => {
      const { page } = await e2e.newPage();
      await page.goto(`/${lang}/`);
      await waitForHydration(page);
      const notice = page.getByTestId("cookie-notice");
      await expect.poll(() => notice.isVisible()).toBe(true);
      await e2e.axeCheck(page, `/${lang}/ (cookie notice open)`);

      await notice.getByRole("button", { name: await pack(lang, "common", "consent.rejectAll") }).click();
      await expect.poll(() => notice.count()).toBe(0);
      await e2e.axeCheck(page, `/${lang}/ (cookie notice dismissed)`);
    });
  }
});

describe("shell: SEO head", () => {
  it("server-renders lang, title, description, canonical and Open Graph tags for /en/", async () => {
    const res = await fetch(e2e.url("/en/"));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/text\/html/);
    const html = await res.text();
    const head = html.slice(0, html.indexOf("</head>"));
    const attr = (re: RegExp) => re.exec(head)?.[1];

    expect(html).toMatch(/<html[^>]*\slang="en"/);
    expect(html).toMatch(/<html[^>]*\sdir="ltr"/);
    const title = attr(/<title>([^<]*)<\/title>/);
    expect(title).toBe(`Mentora Academy — ${mainPageBlocks("en").title}`);
    expect(attr(/<meta name="description" content="([^"]*)"/)).toBe(mainPageBlocks("en").description);
    expect(attr(/<link rel="canonical" href="([^"]*)"/)).toBe(e2e.url("/en/"));
    expect(attr(/<meta property="og:title" content="([^"]*)"/)).toBe(title);
    expect(attr(/<meta property="og:description" content="([^"]*)"/)).toBe(mainPageBlocks("en").description);
    expect(attr(/<meta property="og:image" content="([^"]*)"/)).toBe(e2e.url("/brand/og-image.svg"));
    expect(head).not.toMatch(/<meta name="robots" content="noindex"/);
  });
});

describe("shell: language packs per page (docs/decisions/0020-lean-client.md)", () => {
  /** Opens a page and records the language packs the browser fetches until the network is idle. */
  async function openRecordingPacks(path: string, lang = "en") {
    const { page } = await e2e.newPage({ lang, consent: true });
    const fetched: string[] = [];
    page.on("request", (r) => {
      const u = new URL(r.url());
      // One pack's fetch; the file of the packs the page ships (/locales/<lang>/page/…) is the page's own.
      if (u.pathname.startsWith("/locales/") && !/^\/locales\/[a-z]+\/page\//.test(u.pathname)) fetched.push(u.pathname);
    });
    await page.goto(path, { waitUntil: "networkidle" });
    await waitForHydration(page);
    const shipped = await page.evaluate(() => Object.keys((window as unknown as { __mentoraPacks?: { packs: object } }).__mentoraPacks?.packs ?? {}));
    return { page, fetched, shipped };
  }

  it.each([
    ["/en/courses/reading-foundations", "en", ["common", "shell", "policy", "learn", "blocks", "forms"]],
    ["/ru/courses/reading-foundations/lesson/rf-slow-reading", "ru", ["common", "shell", "policy", "learn", "blocks", "forms"]],
    ["/ar/courses/", "ar", ["common", "shell", "policy", "learn", "blocks"]],
  ])("%s ships only the packs it renders with and fetches none to hydrate", async (path, lang, expected) => {
    const { page, fetched, shipped } = await openRecordingPacks(path, lang);
    expect([...shipped].sort()).toEqual([...expected].sort());
    expect(fetched).toEqual([]);
    // The sign-in button's text is in the shell pack, which every page has.
    expect(await page.getByTestId("sign-in").textContent()).toBe(await pack(lang, "shell", "account.signIn"));
  });

  it("fetches the packs a screen lacks on a navigation and shows it translated", async () => {
    const { page, fetched, shipped } = await openRecordingPacks("/en/guideline/base");
    expect(shipped).not.toContain("blocks");
    expect(shipped).not.toContain("forms");
    // A client-side navigation to the main page, whose blocks (a form among them) need more packs.
    await goHomeInTheBrowser(page);
    // The packs arrive over the network first: on a loaded machine that takes longer than a poll's default second.
    await page.getByRole("heading", { name: mainTexts("en").heroTitle }).waitFor();
    expect(fetched).toEqual(expect.arrayContaining(["/locales/en/blocks.json", "/locales/en/forms.json", "/locales/en/auth.json", "/locales/en/errors.json"]));
    // The form block's texts are the forms pack's, not its keys.
    const form = page.locator('section[data-block="form"]');
    await form.getByTestId("form-submit").waitFor();
    expect(await form.textContent()).not.toMatch(/\b(validation|search|select)\.[a-z]+/);
  });
  it("asks once more for a navigation's data the server refused under overload, and shows the page", async () => {
    const page = await e2e.open("/en/guideline/base");
    await waitForHydration(page);
    const asked: Array<{ url: string; at: number }> = [];
    // The first data read the app makes (a fetch; a hover's prefetch is the browser's own) is refused as
    // the overload guard refuses it: 503, Retry-After, the busy page.
    await page.route(
      (url) => url.pathname.endsWith(".data"),
      (route) => {
        if (route.request().resourceType() !== "fetch") return route.continue();
        return asked.push({ url: route.request().url(), at: Date.now() }) === 1
          ? route.fulfill({
              status: 503,
              headers: { "retry-after": "1", "cache-control": "no-store" },
              contentType: "text/html",
              body: "<!DOCTYPE html><title>Busy</title>",
            })
          : route.continue();
      },
    );
    await goHomeInTheBrowser(page);
    await page.getByRole("heading", { name: mainTexts("en").heroTitle }).waitFor();
    // The refused read was asked once more (a navigation may read several routes' data side by side),
    // after the wait the server named (half of it at the least), not at once.
    const again = asked.filter((a) => a.url === asked[0]!.url);
    expect(again).toHaveLength(2);
    expect(again[1]!.at - again[0]!.at).toBeGreaterThanOrEqual(500);
    expect(await page.getByTestId("error-screen").count()).toBe(0);
  });
});
