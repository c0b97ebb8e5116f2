import { type TBlock, ZBlock } from "../../../../domain/page";
import type { TPageDocument } from "../../../../domain/studio-pages";

/** Sanitises one HTML string (DOMPurify in the preview). */
export type Sanitise = (html: string) => string;

export interface PreviewBlocks {
  blocks: TBlock[];
  /** Ids of the blocks whose props in this language do not pass their schema (not drawn). */
  invalid: string[];
}

/**
 * What the preview draws of a document in one language: each block with that language's props,
 * else the primary's (as publishing does), its rich text sanitised; a block its schema refuses is
 * left out and named, never drawn half-valid.
 */
export function previewBlocks(doc: TPageDocument, lang: string, primaryLang: string, sanitise: Sanitise): PreviewBlocks {
  const blocks: TBlock[] = [];
  const invalid: string[] = [];
  for (const b of doc.blocks) {
    const props = b.props[lang] ?? b.props[primaryLang] ?? Object.values(b.props)[0];
    const parsed = ZBlock.safeParse({ id: b.id, type: b.type, props });
    if (!parsed.success) {
      invalid.push(b.id);
      continue;
    }
    const block = parsed.data;
    if (block.type === "text") blocks.push({ ...block, props: { ...block.props, html: sanitise(block.props.html) } });
    else if (block.type === "embed" && block.props.html !== undefined) blocks.push({ ...block, props: { ...block.props, html: sanitise(block.props.html) } });
    else blocks.push(block);
  }
  return { blocks, invalid };
}
