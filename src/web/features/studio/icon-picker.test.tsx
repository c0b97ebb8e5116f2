import { readFileSync } from "node:fs";
import { join } from "node:path";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { LANGUAGE_PACKAGES } from "../../../domain/constants";
import { NAVIGATION_ICONS } from "../../../domain/navigation-icons";
import { ZNavigationItemSettings } from "../../../domain/studio-navigation";
import { type Resources, translatorFor } from "../../i18n/translator";
import { TranslatorContext } from "../../i18n/use-translation";
import { BlockPropsForm } from "./block-props-form";
import { IconPicker } from "./icon-picker";

function packs(lang: string): Resources {
  return Object.fromEntries(LANGUAGE_PACKAGES.map((pkg) => [pkg, JSON.parse(readFileSync(join(process.cwd(), "locales", lang, `${pkg}.json`), "utf8"))]));
}

const render = (lang: string, value: Record<string, unknown>) =>
  renderToStaticMarkup(
    <TranslatorContext.Provider value={translatorFor(lang, packs(lang))}>
      <BlockPropsForm
        schema={ZNavigationItemSettings}
        value={{ title: { tr: "Öğren" }, openInNewTab: false, hidden: false, published: true, ...value }}
        languages={["tr", "en"]}
        onChange={() => {}}
        customEditors={(model) => (model.name === "icon" && model.kind === "select" ? IconPicker : null)}
      />
    </TranslatorContext.Provider>,
  );

const radios = (html: string) => [...html.matchAll(/<input type="radio"[^>]*>/g)].map((m) => m[0]);

describe("the navigation item's icon picker", () => {
  it("offers exactly the header's icons and no icon, each drawn, with the chosen one checked", () => {
    const html = render("en", { icon: "book" });
    const inputs = radios(html);
    expect(inputs).toHaveLength(NAVIGATION_ICONS.length + 1);
    expect(inputs.map((r) => /value="([^"]+)"/.exec(r)?.[1] ?? "")).toEqual(["", ...NAVIGATION_ICONS]);
    expect(inputs.filter((r) => r.includes('checked=""')).map((r) => /value="([^"]+)"/.exec(r)?.[1])).toEqual(["book"]);
    expect(html).toMatch(/<fieldset[^>]*data-testid="icon-picker"[^>]*><legend[^>]*>Icon<\/legend>/);
    expect(html).toContain("<span>No icon</span>");
    expect(html).toContain("<span>Book</span>");
    expect((html.match(/<svg/g) ?? []).length).toBeGreaterThanOrEqual(NAVIGATION_ICONS.length);
    // The generated select is gone: the picker replaces it.
    expect(html).not.toMatch(/<select[^>]*-icon"/);
  });

  it("checks no icon when there is none and names the icons in Arabic", () => {
    const html = render("ar", {});
    expect(radios(html)[0]).toContain('checked=""');
    expect(html).toContain("<span>بلا أيقونة</span>");
    expect(html).toContain("<span>كتاب</span>");
  });

  it("checks nothing for a stored name outside the set, which the schema refuses", () => {
    expect(radios(render("en", { icon: "rocket" })).some((r) => r.includes('checked=""'))).toBe(false);
    expect(ZNavigationItemSettings.safeParse({ title: { tr: "x" }, icon: "rocket" }).success).toBe(false);
    expect(ZNavigationItemSettings.safeParse({ title: { tr: "x" }, icon: "book" }).success).toBe(true);
  });
});
