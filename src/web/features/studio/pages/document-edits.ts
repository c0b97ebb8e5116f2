import { BLOCK_CATALOGUE } from "../../../../domain/block-catalogue";
import type { TDesignerBlock, TPageDocument, TPageMeta } from "../../../../domain/studio-pages";

/*
 * The page designer's document edits (issue 15), pure: each action makes a new document from the
 * old one, never mutating it, so undo/redo keeps every state as it was. Block props are per language.
 */

export type PageSettings = Pick<TPageDocument, "template" | "noindex" | "published">;

export type DocumentEdit =
  /** A block from a catalogue entry, its sample in every given language, at an index (default: the end). */
  | { type: "add"; entryKey: string; id: string; languages: readonly string[]; index?: number }
  | { type: "move"; from: number; to: number }
  | { type: "duplicate"; blockId: string; newId: string }
  | { type: "remove"; blockId: string }
  | { type: "setProps"; blockId: string; lang: string; props: unknown }
  /** The primary language's props copied to another language (what the creator then translates). */
  | { type: "copyFromPrimary"; blockId: string; lang: string; primaryLang: string }
  | { type: "setMeta"; lang: string; meta: TPageMeta | null }
  | { type: "setSettings"; settings: Partial<PageSettings> };

const clone = <T>(value: T): T => structuredClone(value);

function mapBlock(doc: TPageDocument, blockId: string, fn: (b: TDesignerBlock) => TDesignerBlock): TPageDocument {
  let changed = false;
  const blocks = doc.blocks.map((b) => {
    if (b.id !== blockId) return b;
    changed = true;
    return fn(b);
  });
  return changed ? { ...doc, blocks } : doc;
}

/** Moves one item; an index out of range changes nothing. */
export function moveIn<T>(list: readonly T[], from: number, to: number): readonly T[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return list;
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

/** The document after one edit; the same document (===) when the edit changes nothing. */
export function editDocument(doc: TPageDocument, edit: DocumentEdit): TPageDocument {
  switch (edit.type) {
    case "add": {
      const entry = BLOCK_CATALOGUE.find((e) => e.key === edit.entryKey);
      if (!entry || edit.languages.length === 0 || doc.blocks.some((b) => b.id === edit.id)) return doc;
      const block: TDesignerBlock = { id: edit.id, type: entry.type, props: Object.fromEntries(edit.languages.map((l) => [l, clone(entry.sample)])) };
      const at = edit.index === undefined ? doc.blocks.length : Math.max(0, Math.min(edit.index, doc.blocks.length));
      return { ...doc, blocks: [...doc.blocks.slice(0, at), block, ...doc.blocks.slice(at)] };
    }
    case "move": {
      const blocks = moveIn(doc.blocks, edit.from, edit.to);
      return blocks === doc.blocks ? doc : { ...doc, blocks: [...blocks] };
    }
    case "duplicate": {
      const at = doc.blocks.findIndex((b) => b.id === edit.blockId);
      const source = doc.blocks[at];
      if (!source || doc.blocks.some((b) => b.id === edit.newId)) return doc;
      const copy: TDesignerBlock = { ...clone(source), id: edit.newId };
      return { ...doc, blocks: [...doc.blocks.slice(0, at + 1), copy, ...doc.blocks.slice(at + 1)] };
    }
    case "remove": {
      const blocks = doc.blocks.filter((b) => b.id !== edit.blockId);
      return blocks.length === doc.blocks.length ? doc : { ...doc, blocks };
    }
    case "setProps":
      return mapBlock(doc, edit.blockId, (b) => ({ ...b, props: { ...b.props, [edit.lang]: edit.props } }));
    case "copyFromPrimary":
      return mapBlock(doc, edit.blockId, (b) =>
        b.props[edit.primaryLang] === undefined || edit.lang === edit.primaryLang
          ? b
          : { ...b, props: { ...b.props, [edit.lang]: clone(b.props[edit.primaryLang]) } },
      );
    case "setMeta": {
      const meta = { ...doc.meta };
      if (edit.meta) meta[edit.lang] = edit.meta;
      else delete meta[edit.lang];
      return { ...doc, meta };
    }
    case "setSettings":
      return { ...doc, ...edit.settings };
  }
}

/** A new block id: short, random, unlike every id the document has. */
export function newBlockId(doc: Pick<TPageDocument, "blocks">, random: () => number = Math.random): string {
  for (;;) {
    const id = `b${Math.floor(random() * 36 ** 8)
      .toString(36)
      .padStart(8, "0")}`;
    if (!doc.blocks.some((b) => b.id === id)) return id;
  }
}
