import { readFileSync } from "node:fs";
import { join } from "node:path";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { TNavigationItem } from "../../../domain/portal";
import { type Resources, translatorFor } from "../../i18n/translator";
import { TranslatorContext } from "../../i18n/use-translation";
import { HeaderNav } from "./header-nav";
import { headerNavigation } from "./header-nav-model";

const shellPack = (lang: string) =>
  JSON.parse(readFileSync(join(process.cwd(), "locales", lang, "shell.json"), "utf8")) as Record<string, Record<string, string>>;

function render(tree: TNavigationItem[], lang: string): string {
  const resources: Resources = { shell: shellPack(lang) };
  return renderToStaticMarkup(
    <TranslatorContext.Provider value={translatorFor(lang, resources)}>
      <MemoryRouter>
        <HeaderNav entries={headerNavigation(tree, lang, "tr")} onNavigate={() => {}} />
      </MemoryRouter>
    </TranslatorContext.Provider>,
  );
}

const tree: TNavigationItem[] = [
  { id: "home", title: { tr: "Ana sayfa", en: "Home", ar: "الرئيسية" }, alias: "main", icon: "home", published: true },
  {
    id: "learn",
    title: { tr: "Öğren", en: "Learn", ar: "تعلّم" },
    icon: "book",
    published: true,
    children: [
      { id: "courses", title: { tr: "Kurslar", en: "Courses" }, link: "/courses/", published: true },
      {
        id: "watch",
        title: { tr: "İzle", en: "Watch" },
        published: true,
        children: [{ id: "tube", title: { tr: "YouTube", en: "YouTube" }, link: "https://www.youtube.com/@mentora", openInNewTab: true, published: true }],
      },
      { id: "draft", title: { tr: "Taslak", en: "Draft" }, link: "/draft", published: false },
    ],
  },
  { id: "secret", title: { tr: "Gizli", en: "Secret" }, link: "/secret", hidden: true, published: true },
  { id: "page", title: { tr: "Vitrin", en: "Showcase" }, alias: "blocks-showcase", published: true },
];

/** The opening tag of the element carrying an attribute. */
const tagWith = (html: string, attr: string) => new RegExp(`<[a-z]+[^>]*${attr}[^>]*>`).exec(html)?.[0] ?? "";

describe("the header's navigation as the server draws it", () => {
  it("draws a menu button (collapsed) for an item with children, and its links hidden until opened", () => {
    const html = render(tree, "en");
    const button = tagWith(html, 'data-nav-menu="learn"');
    expect(button).toMatch(/^<button type="button"/);
    expect(button).toContain('aria-expanded="false"');
    const panel = tagWith(html, 'data-nav-panel="learn"');
    expect(panel).toContain("hidden");
    expect(button).toContain(`aria-controls="${/id="([^"]+)"/.exec(panel)![1]}"`);
    // The second level is a titled group inside the list.
    expect(html).toMatch(/<p id="([^"]+)"[^>]*>.*Watch.*<\/p><ul[^>]*aria-labelledby="\1"/);
    expect(html).toContain('data-nav-item="courses"');
  });

  it("links page aliases and site paths under the language, and draws icons as decoration", () => {
    const html = render(tree, "en");
    expect(tagWith(html, 'data-nav-item="home"')).toContain('href="/en/"');
    expect(tagWith(html, 'data-nav-item="page"')).toContain('href="/en/pages/blocks-showcase"');
    expect(tagWith(html, 'data-nav-item="courses"')).toContain('href="/en/courses/"');
    expect(html).toMatch(/data-nav-item="home"[^>]*><svg[^>]*aria-hidden="true"/);
    expect((html.match(/<svg/g) ?? []).length).toBeGreaterThanOrEqual(4);
  });

  it("opens a new-tab link in a new tab without giving it this window, and says so to screen readers", () => {
    const html = render(tree, "en");
    const tube = tagWith(html, 'data-nav-item="tube"');
    expect(tube).toContain('href="https://www.youtube.com/@mentora"');
    expect(tube).toContain('target="_blank"');
    expect(tube).toContain('rel="noopener noreferrer"');
    expect(html).toContain('<span class="sr-only"> (opens in a new tab)</span>');
    expect(tagWith(html, 'data-nav-item="courses"')).not.toContain("target=");
  });

  it("draws neither hidden nor unpublished items", () => {
    const html = render(tree, "en");
    expect(html).not.toContain("Secret");
    expect(html).not.toContain("Draft");
    expect(html).not.toContain("/secret");
  });

  it("draws the same tree in Arabic, falling back to the primary language, with the Arabic new-tab note", () => {
    const html = render(tree, "ar");
    expect(html).toContain("تعلّم");
    expect(html).toContain("Kurslar");
    expect(tagWith(html, 'data-nav-item="courses"')).toContain('href="/ar/courses/"');
    expect(html).toContain(`<span class="sr-only"> ${shellPack("ar").header!.newTab}</span>`);
  });
});
