import type { TPageDocument } from "../../../../domain/studio-pages";
import type { PathIssue } from "../form-value";

/** The issues of a save's 400 BLOCK-INVALID, by block id and language, placed at their fields ("blocks.{i}.props.{lang}.{field...}"). */
export type BlockIssues = Record<string, Record<string, PathIssue[]>>;

const KNOWN = /^(?:studio:issues\.)?([a-z_]+)$/;

export function blockIssues(errors: readonly { path: string; message: string; params?: Record<string, string | number> }[], doc: TPageDocument): BlockIssues {
  const out: BlockIssues = {};
  for (const e of errors) {
    const [head, index, props, lang, ...field] = e.path.split(".");
    const block = head === "blocks" && props === "props" && lang ? doc.blocks[Number(index)] : undefined;
    if (!block || !lang) continue;
    const key = KNOWN.exec(e.message)?.[1] ?? "custom";
    const path = field.map((p) => (/^\d+$/.test(p) ? Number(p) : p));
    ((out[block.id] ??= {})[lang] ??= []).push({ path, issue: { key, params: e.params ?? {} } });
  }
  return out;
}
