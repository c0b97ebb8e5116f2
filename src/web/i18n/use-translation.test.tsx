import { Suspense } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { prerender } from "react-dom/static";
import { describe, expect, it } from "vitest";
import { type Resources, Translator, translatorFor } from "./translator";
import { TranslatorContext, useTranslation } from "./use-translation";

const tr: Resources = { common: { hello: "Merhaba {{name}}", title: "Başlık" }, shell: { items_one: "{{count}} öğe", items_other: "{{count}} öğe" } };
const en: Resources = { common: { hello: "Hello {{name}}", title: "Title" }, shell: { items_one: "{{count}} item", items_other: "{{count}} items" } };

function Texts({ seen }: { seen?: unknown[] }) {
  const { t } = useTranslation("shell");
  const common = useTranslation();
  seen?.push(t, common.i18n);
  const texts = [t("items", { count: 1 }), t("items", { count: 3 }), common.t("hello", { name: "Ada" })];
  return <p>{[...texts, common.t("title"), common.t("title")].join(" | ")}</p>;
}

const render = (lang: string, resources: Resources, seen?: unknown[]) =>
  renderToStaticMarkup(
    <TranslatorContext.Provider value={translatorFor(lang, resources)}>
      <Texts seen={seen} />
    </TranslatorContext.Provider>,
  );

async function html(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(stream).text();
}

describe("useTranslation (src/web/i18n)", () => {
  it("translates in the provider's language, default namespace included", () => {
    expect(render("tr", tr)).toBe("<p>1 öğe | 3 öğe | Merhaba Ada | Başlık | Başlık</p>");
    expect(render("en", en)).toBe("<p>1 item | 3 items | Hello Ada | Title | Title</p>");
    expect(render("tr", tr)).toBe("<p>1 öğe | 3 öğe | Merhaba Ada | Başlık | Başlık</p>");
  });

  it("hands every render the same t for a translator and namespace, and the translator itself", () => {
    const seen: unknown[] = [];
    render("tr", tr, seen);
    render("tr", tr, seen);
    expect(seen[2]).toBe(seen[0]);
    expect(seen[1]).toBe(translatorFor("tr", tr));
  });

  it("refuses to work without a provider rather than translating into nothing", () => {
    expect(() => renderToStaticMarkup(<Texts />)).toThrow(/no translator/);
  });

  it("suspends a component whose pack is not in yet, and draws it translated once fetched (never its keys)", async () => {
    let fetched = 0;
    const translator = new Translator("en", { common: en.common }, async (_lang, ns) => {
      fetched++;
      return en[ns];
    });
    const { prelude } = await prerender(
      <TranslatorContext.Provider value={translator}>
        <Suspense fallback={<p>loading</p>}>
          <Texts />
        </Suspense>
      </TranslatorContext.Provider>,
    );
    expect(await html(prelude)).toBe("<!--$--><p>1 item | 3 items | Hello Ada | Title | Title</p><!--/$-->");
    expect(fetched).toBe(1);
  });
});
