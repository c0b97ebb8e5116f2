import { describe, expect, it } from "vitest";
import { ZBlock } from "../../../../domain/page";
import { type TPageDocument, ZPageDocument } from "../../../../domain/studio-pages";
import { editDocument, moveIn, newBlockId } from "./document-edits";
import { canRedo, canUndo, historyKey, record, redo, startHistory, undo, HISTORY_LIMIT } from "./history";

const LANGS = ["tr", "en", "ar", "ru"];
const empty: TPageDocument = {
  meta: { tr: { title: "Sayfa", description: null, keywords: null, image: null } },
  template: null,
  noindex: false,
  published: false,
  blocks: [],
};

function withBlocks(...keys: string[]): TPageDocument {
  return keys.reduce((doc, key, i) => editDocument(doc, { type: "add", entryKey: key, id: `b${i}`, languages: LANGS }), empty);
}

describe("document edits", () => {
  it("add a catalogue sample in every language, at the end or at an index, and the result is a valid document", () => {
    const doc = editDocument(withBlocks("text", "quote"), { type: "add", entryKey: "fact-divider", id: "x", languages: LANGS, index: 1 });
    expect(doc.blocks.map((b) => b.id)).toEqual(["b0", "x", "b1"]);
    expect(Object.keys(doc.blocks[1]!.props)).toEqual(LANGS);
    expect(ZPageDocument.safeParse(doc).success).toBe(true);
    for (const b of doc.blocks) for (const lang of LANGS) expect(ZBlock.safeParse({ id: b.id, type: b.type, props: b.props[lang] }).success).toBe(true);
  });

  it("refuse an unknown entry, a taken id, or no language, returning the same document", () => {
    const doc = withBlocks("text");
    expect(editDocument(doc, { type: "add", entryKey: "nope", id: "n", languages: LANGS })).toBe(doc);
    expect(editDocument(doc, { type: "add", entryKey: "text", id: "b0", languages: LANGS })).toBe(doc);
    expect(editDocument(doc, { type: "add", entryKey: "text", id: "n", languages: [] })).toBe(doc);
  });

  it("move, duplicate with a new id right after the source (a deep copy), and remove", () => {
    const doc = withBlocks("text", "quote", "photo");
    expect(editDocument(doc, { type: "move", from: 0, to: 2 }).blocks.map((b) => b.id)).toEqual(["b1", "b2", "b0"]);
    expect(editDocument(doc, { type: "move", from: 0, to: 5 })).toBe(doc);
    const dup = editDocument(doc, { type: "duplicate", blockId: "b0", newId: "copy" });
    expect(dup.blocks.map((b) => b.id)).toEqual(["b0", "copy", "b1", "b2"]);
    expect(dup.blocks[1]!.props).toEqual(doc.blocks[0]!.props);
    expect(dup.blocks[1]!.props.en).not.toBe(doc.blocks[0]!.props.en);
    expect(editDocument(doc, { type: "duplicate", blockId: "b0", newId: "b1" })).toBe(doc);
    expect(editDocument(doc, { type: "remove", blockId: "b1" }).blocks.map((b) => b.id)).toEqual(["b0", "b2"]);
    expect(editDocument(doc, { type: "remove", blockId: "zz" })).toBe(doc);
  });

  it("set one language's props, copy the primary's to another, set meta and settings, never mutating the old document", () => {
    const doc = withBlocks("quote");
    const frozen = structuredClone(doc);
    const edited = editDocument(doc, { type: "setProps", blockId: "b0", lang: "tr", props: { text: "Söz" } });
    expect(edited.blocks[0]!.props.tr).toEqual({ text: "Söz" });
    const copied = editDocument(edited, { type: "copyFromPrimary", blockId: "b0", lang: "ar", primaryLang: "tr" });
    expect(copied.blocks[0]!.props.ar).toEqual({ text: "Söz" });
    const meta = editDocument(copied, { type: "setMeta", lang: "en", meta: { title: "Page", description: null, keywords: null, image: null } });
    expect(Object.keys(meta.meta)).toEqual(["tr", "en"]);
    expect(Object.keys(editDocument(meta, { type: "setMeta", lang: "en", meta: null }).meta)).toEqual(["tr"]);
    expect(editDocument(doc, { type: "setSettings", settings: { noindex: true, template: "wide" } })).toMatchObject({
      noindex: true,
      template: "wide",
      published: false,
    });
    expect(doc).toEqual(frozen);
  });

  it("move within a list and make fresh block ids", () => {
    expect(moveIn([1, 2, 3], 2, 0)).toEqual([3, 1, 2]);
    const doc = withBlocks("text");
    let n = 0;
    const seq = [0, 0, 0.5];
    const id = newBlockId({ blocks: [{ id: "b00000000", type: "text", props: { en: {} } }, ...doc.blocks] }, () => seq[n++]!);
    expect(id).toMatch(/^b[0-9a-z]{8}$/);
    expect(id).not.toBe("b00000000");
  });
});

describe("undo/redo history", () => {
  it("undoes and redoes edits, and a new edit drops the redo branch", () => {
    let h = startHistory(1);
    h = record(h, 2);
    h = record(h, 3);
    expect(canUndo(h)).toBe(true);
    h = undo(h);
    expect(h.present).toBe(2);
    expect(canRedo(h)).toBe(true);
    h = redo(h);
    expect(h.present).toBe(3);
    h = record(undo(h), 9);
    expect(h.present).toBe(9);
    expect(canRedo(h)).toBe(false);
    expect(undo(undo(undo(h))).present).toBe(1);
  });

  it("makes typing in one field within a second one step, and keeps at most the limit", () => {
    let h = startHistory("");
    h = record(h, "a", "f", 0);
    h = record(h, "ab", "f", 500);
    h = record(h, "abc", "f", 900);
    h = record(h, "abcd", "g", 950);
    expect(undo(h).present).toBe("abc");
    expect(undo(undo(h)).present).toBe("");
    let long = startHistory(0);
    for (let i = 1; i <= HISTORY_LIMIT + 20; i++) long = record(long, i);
    expect(long.past).toHaveLength(HISTORY_LIMIT);
    expect(record(h, h.present)).toBe(h);
  });

  it("reads Ctrl/Cmd+Z as undo, Ctrl+Shift+Z and Ctrl+Y as redo", () => {
    const k = (key: string, mods: Partial<KeyboardEvent> = {}) => historyKey({ key, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...mods });
    expect(k("z", { ctrlKey: true })).toBe("undo");
    expect(k("z", { metaKey: true })).toBe("undo");
    expect(k("Z", { ctrlKey: true, shiftKey: true })).toBe("redo");
    expect(k("y", { ctrlKey: true })).toBe("redo");
    expect(k("z")).toBeNull();
    expect(k("z", { ctrlKey: true, altKey: true })).toBeNull();
  });
});
