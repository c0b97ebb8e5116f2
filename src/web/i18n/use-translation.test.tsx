import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider, useTranslation as useLibraryTranslation } from "react-i18next";
import { describe, expect, it } from "vitest";
import { i18nFor, type Resources } from "./instance";
import { useTranslation } from "./use-translation";

const tr: Resources = { common: { hello: "Merhaba {{name}}", title: "Başlık" }, shell: { items_one: "{{count}} öğe", items_other: "{{count}} öğe" } };
const en: Resources = { common: { hello: "Hello {{name}}", title: "Title" }, shell: { items_one: "{{count}} item", items_other: "{{count}} items" } };

function Texts({ seen }: { seen?: unknown[] }) {
  const { t } = useTranslation("shell");
  const common = useTranslation();
  const library = useLibraryTranslation("shell");
  seen?.push(t, common.i18n);
  const texts = [t("items", { count: 1 }), t("items", { count: 3 }), common.t("hello", { name: "Ada" }), library.t("items", { count: 3 })];
  return <p>{[...texts, common.t("title"), common.t("title")].join(" | ")}</p>;
}

const render = (lang: string, resources: Resources, seen?: unknown[]) =>
  renderToStaticMarkup(
    <I18nextProvider i18n={i18nFor(lang, resources)}>
      <Texts seen={seen} />
    </I18nextProvider>,
  );

describe("useTranslation (src/web/i18n)", () => {
  it("translates as react-i18next's hook does, in the provider's language, default namespace included", () => {
    expect(render("tr", tr)).toBe("<p>1 öğe | 3 öğe | Merhaba Ada | 3 öğe | Başlık | Başlık</p>");
    expect(render("en", en)).toBe("<p>1 item | 3 items | Hello Ada | 3 items | Title | Title</p>");
    expect(render("tr", tr)).toBe("<p>1 öğe | 3 öğe | Merhaba Ada | 3 öğe | Başlık | Başlık</p>");
  });

  it("hands every render the same t for an instance and namespace, and the instance itself", () => {
    const seen: unknown[] = [];
    render("tr", tr, seen);
    render("tr", tr, seen);
    expect(seen[2]).toBe(seen[0]);
    expect(seen[1]).toBe(i18nFor("tr", tr));
  });

  it("refuses to work without a provider rather than translating into nothing", () => {
    expect(() => renderToStaticMarkup(<Texts />)).toThrow(/no i18next instance/);
  });
});
