import { describe, expect, it } from "vitest";
import { isAppError } from "../../../../domain/errors";
import type { TBlock } from "../../../../domain/page";
import type { TPageDocument } from "../../../../domain/studio-pages";
import type { LivePageRow } from "../pages-repo";
import { checkDocument, documentFromRows, rowsFromDocument } from "./page-document";

const row = (lang: string, components: TBlock[], extra: Partial<LivePageRow> = {}): LivePageRow => ({
  id: `page-x-${lang}`,
  environmentId: "env",
  lang,
  alias: "x",
  title: `Title ${lang}`,
  description: null,
  keywords: null,
  image: null,
  noindex: false,
  published: true,
  template: null,
  type: "page",
  modelName: null,
  modelId: null,
  index: 0,
  components,
  edited: new Date(0),
  ...extra,
});
const quote = (id: string, text: string): TBlock => ({ id, type: "quote", props: { text } });
const doc = (
  blocks: TPageDocument["blocks"],
  meta: TPageDocument["meta"] = { tr: { title: "T", description: null, keywords: null, image: null } },
): TPageDocument => ({
  meta,
  template: null,
  noindex: false,
  published: true,
  blocks,
});

describe("page documents", () => {
  it("merges the language rows by block id: the primary language's order first, blocks only elsewhere appended", () => {
    const assembled = documentFromRows(
      [row("en", [quote("b", "B en"), quote("only-en", "E"), quote("a", "A en")]), row("tr", [quote("a", "A tr"), quote("b", "B tr")], { noindex: true })],
      ["tr", "en", "ru"],
      "tr",
    );
    expect(assembled.blocks.map((b) => b.id)).toEqual(["a", "b", "only-en"]);
    expect(assembled.blocks[0]!.props).toEqual({ tr: { text: "A tr" }, en: { text: "A en" } });
    expect(assembled.blocks[2]!.props).toEqual({ en: { text: "E" } });
    expect(Object.keys(assembled.meta)).toEqual(["tr", "en"]);
    expect(assembled.noindex).toBe(true);
  });

  it("writes one row per language with meta; a missing translation falls back to the primary language's props", () => {
    const rows = rowsFromDocument(
      doc([{ id: "q", type: "quote", props: { tr: { text: "tr" }, ru: { text: "ru" } } }], {
        tr: { title: "T", description: null, keywords: null, image: null },
        en: { title: "E", description: "d", keywords: null, image: null },
      }),
      "tr",
    );
    expect(rows.map((r) => [r.lang, r.write.title, r.write.components])).toEqual([
      ["tr", "T", [quote("q", "tr")]],
      ["en", "E", [quote("q", "tr")]],
    ]);
  });

  it("parses props by the block type's schema, sanitises rich text and names the failing field", () => {
    const clean = checkDocument(doc([{ id: "t", type: "text", props: { tr: { html: "<b onclick=x>ok</b><script>1</script>", extra: 1 } } }]), ["tr", "en"]);
    expect(clean.blocks[0]!.props.tr).toEqual({ html: "<b>ok</b>" });
    try {
      checkDocument(doc([{ id: "bad", type: "faq", props: { en: { items: [{ question: "q" }] } } }]), ["tr", "en"]);
      expect.unreachable();
    } catch (e) {
      expect(isAppError(e, "BLOCK_INVALID")).toBe(true);
      expect((e as { details: { validationErrors: Array<{ path: string }> } }).details.validationErrors.map((v) => v.path)).toEqual([
        "blocks.0.props.en.items.0.answer",
      ]);
    }
  });
});
