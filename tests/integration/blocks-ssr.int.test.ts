/**
 * The blocks showcase as the server renders it (no browser): every block's content is in the HTML
 * in each demo language, formatted for that language, and the pages API serves the page through
 * the block schemas. Runs on the built app.
 */
import { describe, expect, it } from "vitest";
import { courseHref, formatDuration, formatPrice } from "../../src/domain/blocks/course-format";
import { donationHref } from "../../src/domain/blocks/donation-href";
import { daysUntil, formatDistance, formatEventDate } from "../../src/domain/blocks/event-date-format";
import { formatFileSize } from "../../src/domain/blocks/media-rules";
import type { TBlock } from "../../src/domain/page";
import { DEMO_LANGS, type DemoLang } from "../../src/server/db/seed/demo-content";
import { SHOWCASE_ALIAS, showcasePage } from "../../src/server/db/seed/demo-showcase";
import { useSsrApp } from "../support/ssr-app";

const ssr = useSsrApp();

/** The page's text as a reader gets it: entities decoded, React's text separators removed. */
function readable(html: string): string {
  return html
    .replace(/<!-- -->/g, "")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/** What each block must show, taken from its props and formatted the page language's way. */
function expectedContent(block: TBlock, lang: DemoLang): string[] {
  const money = (v: number, c: string) => formatPrice(v, c, lang);
  const number = new Intl.NumberFormat(lang, { maximumFractionDigits: 1 });
  switch (block.type) {
    case "text":
      return [block.props.title ?? ""];
    case "fact":
      return [block.props.value ?? "", block.props.text ?? ""];
    case "photo":
      return [`alt="${block.props.alt}"`, block.props.caption ?? ""];
    case "quote":
      return [block.props.text, block.props.author ?? ""];
    case "faq":
      return [block.props.title ?? "", ...block.props.items.map((i) => i.question)];
    case "embed":
      return [block.props.title];
    case "course": {
      const c = block.props;
      return [c.title, c.description ?? "", formatDuration(c.duration ?? 0, lang), `href="${courseHref(lang, c.id)}"`, c.category?.title ?? ""];
    }
    case "courses-popup":
      return [block.props.title, block.props.text ?? "", block.props.openLabel];
    case "tests":
      return [block.props.question, ...block.props.variants.map((v) => v.text)];
    case "video": {
      const p = block.props;
      const file = p.url.endsWith(".mp4") ? [`<source src="${p.url}" type="video/mp4"`, `src="${p.captions?.src}"`] : [];
      return [p.title, p.description ?? "", ...file];
    }
    case "audio":
      return [block.props.title, block.props.description ?? "", `src="${block.props.src}"`, block.props.transcript?.split("\n")[0] ?? ""];
    case "gallery":
      return [block.props.title ?? "", ...block.props.images.flatMap((i) => [`alt="${i.alt}"`, i.caption ?? ""])];
    case "file":
      return [block.props.title ?? "", block.props.name, formatFileSize(block.props.size, lang), `href="${block.props.url}"`];
    case "before-after": {
      const p = block.props;
      return [p.title ?? "", `alt="${p.before.alt}"`, `alt="${p.after.alt}"`, p.before.label, p.after.label];
    }
    case "diagram":
      return [block.props.title, block.props.description ?? "", block.props.labelHeader, block.props.valueHeader, ...block.props.data.map((d) => d.label)];
    case "scheme":
      return [block.props.title ?? "", ...block.props.steps.flatMap((s) => [s.title, s.text ?? ""])];
    case "person":
      return [block.props.name, block.props.role ?? "", block.props.bio ?? "", `alt="${block.props.photo?.alt}"`];
    case "event-date": {
      const p = block.props;
      return [p.title, p.place ?? "", p.text ?? "", formatEventDate(p.date, lang), formatDistance(daysUntil(p.date, new Date()), lang), `dateTime="${p.date}"`];
    }
    case "reviews":
      return [block.props.title ?? "", ...block.props.items.flatMap((r) => [r.author, r.text, formatEventDate(r.date, lang)])];
    case "statistics":
      return [block.props.title ?? "", ...block.props.items.flatMap((i) => [i.label, `${number.format(i.value)}${i.suffix ?? ""}`])];
    case "partners":
      return [block.props.title ?? "", ...block.props.items.flatMap((p) => [`alt="${p.name}"`, `href="${p.url}"`])];
    case "action":
      return [block.props.title, block.props.text ?? "", block.props.button.label];
    case "subscribe":
      return [block.props.title, block.props.text ?? "", 'type="email"'];
    case "donations": {
      const p = block.props;
      const chosen = p.presets[p.defaultPreset ?? 0];
      return [p.title, p.text ?? "", ...p.presets.map((v) => money(v, p.currency)), `href="${donationHref(p.url, chosen, p.currency, p.amountParam)}"`];
    }
    case "app-promo":
      return [block.props.title, block.props.text ?? "", `alt="${block.props.image?.alt}"`, ...block.props.stores.map((s) => `href="${s.url}"`)];
    default:
      // Blocks of other features (the form) are not on the showcase; their own tests cover them.
      return [];
  }
}

describe("blocks showcase, server-rendered", () => {
  it.each(DEMO_LANGS)("%s: every block renders its content", async (lang) => {
    const res = await ssr.app.inject({ method: "GET", url: `/${lang}/pages/${SHOWCASE_ALIAS}`, headers: { cookie: `lang=${lang}` } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<html lang="${lang}" dir="${lang === "ar" ? "rtl" : "ltr"}">`);
    const html = readable(res.body);
    const page = showcasePage(lang);
    expect(html).toContain(`<title>${page.title} |`);
    for (const block of page.blocks) {
      expect(html, `section of ${block.id}`).toContain(`id="${block.id}" data-block="${block.type}"`);
      for (const text of expectedContent(block, lang).filter(Boolean)) {
        expect(html, `${block.id} shows ${text}`).toContain(text);
      }
    }
  });

  it("writes amounts with the seed's currency symbols and 'free' in the page language", async () => {
    const en = readable((await ssr.app.inject({ method: "GET", url: `/en/pages/${SHOWCASE_ALIAS}` })).body);
    expect(en).toContain('data-testid="course-price">Free<');
    expect(en).toContain(">$10<");
    const ru = readable((await ssr.app.inject({ method: "GET", url: `/ru/pages/${SHOWCASE_ALIAS}` })).body);
    expect(ru).toContain('data-testid="course-price">Бесплатно<');
    expect(ru).toContain(`>${formatPrice(10, "USD", "ru")}<`);
    expect(formatPrice(10, "USD", "ru")).toMatch(/^10\s\$$/);
  });

  it("keeps YouTube and Vimeo behind the consent gate until the visitor allows them", async () => {
    const gated = (await ssr.app.inject({ method: "GET", url: `/en/pages/${SHOWCASE_ALIAS}` })).body;
    expect(gated).not.toContain("youtube-nocookie.com/embed");
    expect(gated).not.toContain("player.vimeo.com");
    expect(gated).toContain("This video is hosted by YouTube");
    expect(gated).toContain("This video is hosted by Vimeo");
    const allowed = (
      await ssr.app.inject({
        method: "GET",
        url: `/en/pages/${SHOWCASE_ALIAS}`,
        headers: { cookie: "cookie-agreement=analytics:0|youtube:1|vimeo:1|hotjar:0" },
      })
    ).body;
    expect(allowed).toContain('src="https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ"');
    expect(allowed).toContain('src="https://player.vimeo.com/video/76979871"');
  });

  it("serves the same page through the pages API, every block passing its schema", async () => {
    const res = await ssr.app.inject({ method: "GET", url: `/api/pages/by-alias/${SHOWCASE_ALIAS}?lang=ar` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().components.map((b: TBlock) => b.id)).toEqual(showcasePage("ar").blocks.map((b) => b.id));
  });

  it("answers 404 for unknown aliases, system pages and malformed aliases", async () => {
    for (const url of ["/en/pages/no-such-page", "/en/pages/404", "/en/pages/access-denied", "/en/pages/..%2Fmain"]) {
      const res = await ssr.app.inject({ method: "GET", url, headers: { cookie: "lang=en" } });
      expect(res.statusCode, url).toBe(404);
    }
  });
});
