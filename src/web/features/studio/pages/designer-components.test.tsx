import { readFileSync } from "node:fs";
import { join } from "node:path";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { LANGUAGE_PACKAGES } from "../../../../domain/constants";
import type { TDesignerBlock } from "../../../../domain/studio-pages";
import { type Resources, translatorFor } from "../../../i18n/translator";
import { TranslatorContext } from "../../../i18n/use-translation";
import { autosave, startAutosave } from "./autosave";
import { BlockList } from "./block-list";
import { SaveStatus } from "./save-status";
import { when } from "./when";

const LANGS = ["tr", "en", "ar", "ru"];

function packs(lang: string): Resources {
  return Object.fromEntries(LANGUAGE_PACKAGES.map((pkg) => [pkg, JSON.parse(readFileSync(join(process.cwd(), "locales", lang, `${pkg}.json`), "utf8"))]));
}
const inLang = (lang: string, node: React.ReactNode) =>
  renderToStaticMarkup(<TranslatorContext.Provider value={translatorFor(lang, packs(lang))}>{node}</TranslatorContext.Provider>);

const blocks: TDesignerBlock[] = [
  { id: "b1", type: "text", props: { tr: { title: "Merhaba", html: "<p>x</p>" }, en: { title: "Hello", html: "<p>x</p>" } } },
  { id: "b2", type: "quote", props: Object.fromEntries(LANGS.map((l) => [l, { text: "Söz" }])) },
];
const noop = () => {};
const list = (lang: string) =>
  inLang(
    lang,
    <BlockList
      blocks={blocks}
      selectedId="b2"
      languages={LANGS}
      primaryLang="tr"
      onSelect={noop}
      onMove={noop}
      onDuplicate={noop}
      onRemove={noop}
      onAdd={noop}
    />,
  );

describe("the designer's block list", () => {
  it("draws a row per block with its name, summary, missing languages and keyboard controls", () => {
    const html = list("en");
    expect(html.match(/data-testid="designer-block"/g)).toHaveLength(2);
    expect(html).toContain('data-block-id="b1" data-block-type="text"');
    expect(html).toContain(">Text 1<");
    expect(html).toContain(">Merhaba<");
    expect([...html.matchAll(/data-testid="block-missing">([^<]*)</g)].map((m) => m[1])).toEqual(["No Arabic", "No Russian"]);
    expect(html).toMatch(/<button[^>]*aria-label="Drag Quote 2 to change the order"[^>]*data-testid="block-drag"/);
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*aria-label="Move Text 1 up"/);
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*aria-label="Move Quote 2 down"/);
    expect(html).toMatch(/aria-pressed="true"[^>]*data-testid="block-select"[^>]*>[\s\S]*?Quote 2/);
  });

  it("speaks Arabic in an Arabic interface", () => {
    const html = list("ar");
    expect(html).toContain(">نص 1<");
    expect(html).toContain("لا توجد العربية");
    expect(html).toContain('aria-label="انقل اقتباس 2 إلى الأعلى"');
  });
});

describe("the save status", () => {
  it("offers retry after a failure, and reload or keep-mine in a conflict naming who saved when", () => {
    const failed = autosave(autosave(autosave(startAutosave(1, null), { type: "edit" }), { type: "saveStart" }), {
      type: "saveFailed",
      errorKey: "errors:codes.INTERNAL",
    });
    const failedHtml = inLang("en", <SaveStatus state={failed} onRetry={noop} onReload={noop} onKeepMine={noop} />);
    expect(failedHtml).toContain('data-state="failed"');
    expect(failedHtml).toContain('data-testid="save-retry"');
    const conflict = autosave(autosave(autosave(startAutosave(1, null), { type: "edit" }), { type: "saveStart" }), {
      type: "conflict",
      conflict: { revision: 4, savedAt: "2026-11-25T09:00:00.000Z", savedBy: { id: "u", name: "Ayşe" } },
    });
    const html = inLang("en", <SaveStatus state={conflict} onRetry={noop} onReload={noop} onKeepMine={noop} />);
    // In the viewer's time zone, as the browser shows it.
    expect(html).toContain(`Ayşe saved a newer version (${when("2026-11-25T09:00:00.000Z", "en")})`);
    expect(when("2026-11-25T09:00:00.000Z", "en")).toMatch(/^Nov 2[45], 2026, \d{1,2}:\d{2}\s?[AP]M$/);
    expect(html).toContain('data-testid="save-reload"');
    expect(html).toContain('data-testid="save-keep-mine"');
    expect(inLang("ru", <SaveStatus state={startAutosave(1, null)} onRetry={noop} onReload={noop} onKeepMine={noop} />)).toContain(">Сохранено<");
  });
});
