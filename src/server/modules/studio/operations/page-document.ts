import { AppError } from "../../../../domain/errors";
import { ZBlock, type TBlock } from "../../../../domain/page";
import { PAGE_DOCUMENT_MAX_BYTES, type TDesignerBlock, type TPageDocument, type TPageModelRef } from "../../../../domain/studio-pages";
import { sanitizeBlocks } from "../../../platform/rich-text";
import type { LivePageRow, LivePageWrite } from "../pages-repo";

/**
 * The page document (src/domain/studio-pages.ts) and the live rows, one per language, both ways; and
 * the server's checks of a document from the designer. Pure: no queries.
 */

/** The languages a document names: its meta and its blocks' props. */
export function documentLangs(doc: TPageDocument): string[] {
  return [...new Set([...Object.keys(doc.meta), ...doc.blocks.flatMap((b) => Object.keys(b.props))])].sort();
}

function schemaOf(type: string) {
  return ZBlock.options.find((o) => o.shape.type.value === type);
}

type ValidationError = { path: string; message: string };

/**
 * What the server stores of a document: every block's props in every language checked by its type's
 * schema (defaults applied, unknown props dropped) and rich text sanitised. Refusals, with nothing
 * stored: a language the portal lacks (UNSUPPORTED-LANG), a NUL character or a block id twice
 * (VALIDATION), a document over PAGE_DOCUMENT_MAX_BYTES (PAYLOAD-TOO-LARGE), props that do not fit
 * (BLOCK-INVALID naming blocks.{i}.props.{lang}.{field}).
 */
export function checkDocument(doc: TPageDocument, portalLangs: string[]): TPageDocument {
  const json = JSON.stringify(doc);
  if (Buffer.byteLength(json, "utf8") > PAGE_DOCUMENT_MAX_BYTES) {
    throw new AppError("PAYLOAD_TOO_LARGE", `A page document is at most ${PAGE_DOCUMENT_MAX_BYTES} bytes`);
  }
  if (json.includes("\\u0000")) throw new AppError("VALIDATION", "Texts must not contain NUL characters");
  const foreign = documentLangs(doc).find((lang) => !portalLangs.includes(lang));
  if (foreign) throw new AppError("UNSUPPORTED_LANG", `Language '${foreign}' is not one of ${portalLangs.join(", ")}`);
  const seen = new Map<string, number>();
  const duplicates: ValidationError[] = [];
  doc.blocks.forEach((b, i) => {
    if (seen.has(b.id)) duplicates.push({ path: `blocks.${i}.id`, message: `Duplicate block id '${b.id}' (also blocks.${seen.get(b.id)})` });
    else seen.set(b.id, i);
  });
  if (duplicates.length) throw new AppError("VALIDATION", "Block ids must be unique", { validationErrors: duplicates });

  const errors: ValidationError[] = [];
  const blocks = doc.blocks.map((block, i): TDesignerBlock => {
    const schema = schemaOf(block.type)!;
    const props: Record<string, unknown> = {};
    for (const [lang, value] of Object.entries(block.props)) {
      const parsed = schema.safeParse({ id: block.id, type: block.type, props: value });
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          errors.push({ path: ["blocks", i, "props", lang, ...issue.path.slice(1).map(String)].join("."), message: issue.message });
        }
        continue;
      }
      props[lang] = sanitizeBlocks([parsed.data as TBlock])[0]!.props;
    }
    return { ...block, props };
  });
  if (errors.length) throw new AppError("BLOCK_INVALID", "Some blocks' props do not fit their type", { validationErrors: errors });
  return { ...doc, blocks };
}

/**
 * A new page: its titles, no blocks. Nothing is live until it is published, and then it is shown to
 * readers: its "published" switch starts on, so Publish publishes (issue 28). A plain page can be
 * switched off in its settings; a model's page follows its model (see publishedDocument).
 */
export function newDocument(title: Record<string, string>): TPageDocument {
  const meta = Object.fromEntries(Object.entries(title).map(([lang, t]) => [lang, { title: t, description: null, keywords: null, image: null }]));
  return { meta, template: null, noindex: false, published: true, blocks: [] };
}

/**
 * The document as it goes live. A page bound to a course, element or microcourse is shown exactly when
 * its model may be read (the content rule: a visible element of a published course, ...), so it is
 * always written published: its own switch would be a third, hidden one that keeps a published lesson
 * empty for learners (issue 28). A plain page keeps its switch.
 */
export function publishedDocument(doc: TPageDocument, model: TPageModelRef | null): TPageDocument {
  return model && !doc.published ? { ...doc, published: true } : doc;
}

/** The model a live page is bound to, if any. */
export function modelOfRows(rows: Array<Pick<LivePageRow, "modelName" | "modelId">>): TPageModelRef | null {
  const row = rows.find((r) => r.modelName && r.modelId);
  return row ? ({ name: row.modelName, id: row.modelId } as TPageModelRef) : null;
}

/** Rows in the portal's language order: the primary language first, then the others. */
function ordered(rows: LivePageRow[], langs: string[], primaryLang: string): LivePageRow[] {
  const order = [primaryLang, ...langs.filter((l) => l !== primaryLang)];
  const rank = (lang: string) => (order.includes(lang) ? order.indexOf(lang) : order.length);
  return [...rows].sort((a, b) => rank(a.lang) - rank(b.lang) || a.lang.localeCompare(b.lang));
}

/**
 * The live page as one document: meta per language; blocks merged by id across the language rows,
 * the primary language's order first, blocks only in other languages appended; settings from the
 * first row in language order.
 */
export function documentFromRows(rows: LivePageRow[], langs: string[], primaryLang: string): TPageDocument {
  const sorted = ordered(rows, langs, primaryLang);
  const first = sorted[0]!;
  const blocks = new Map<string, TDesignerBlock>();
  for (const row of sorted) {
    for (const b of row.components) {
      const known = blocks.get(b.id);
      if (known) {
        if (known.type === b.type) known.props[row.lang] = b.props;
      } else {
        blocks.set(b.id, { id: b.id, type: b.type, props: { [row.lang]: b.props } });
      }
    }
  }
  return {
    meta: Object.fromEntries(sorted.map((r) => [r.lang, { title: r.title, description: r.description, keywords: r.keywords, image: r.image }])),
    template: first.template,
    noindex: first.noindex,
    published: first.published,
    blocks: [...blocks.values()],
  };
}

/**
 * What publishing writes: one row per language with meta. A block without props in a language gets
 * the primary language's props (or, without those, its first language's).
 */
export function rowsFromDocument(doc: TPageDocument, primaryLang: string): Array<{ lang: string; write: LivePageWrite }> {
  return Object.entries(doc.meta).map(([lang, meta]) => ({
    lang,
    write: {
      lang,
      title: meta.title,
      description: meta.description,
      keywords: meta.keywords,
      image: meta.image,
      noindex: doc.noindex,
      published: doc.published,
      template: doc.template,
      components: doc.blocks.map((b) => ({ id: b.id, type: b.type, props: b.props[lang] ?? b.props[primaryLang] ?? Object.values(b.props)[0] }) as TBlock),
      edited: new Date(),
    },
  }));
}
