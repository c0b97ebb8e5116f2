import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ZBlock, type TBlock } from "../../../domain/page";
import { DEMO_LANGS } from "./demo-content";
import { STUDY_PLAN_SIZES, showcasePage } from "./demo-showcase";

/** Block types shown elsewhere in the demo rather than on the showcase (the form block needs a form). */
const NOT_ON_SHOWCASE = new Set(["form"]);

const PUBLIC = path.join(process.cwd(), "public");

/** Every site path a block points at (src, url, logo, poster, captions), found anywhere in its props. */
function sitePaths(value: unknown): string[] {
  if (typeof value === "string") return value.startsWith("/demo/") ? [value] : [];
  if (Array.isArray(value)) return value.flatMap(sitePaths);
  if (value && typeof value === "object") return Object.values(value).flatMap(sitePaths);
  return [];
}

describe.each(DEMO_LANGS)("blocks showcase (%s)", (lang) => {
  const page = showcasePage(lang);

  it("holds only blocks that pass their props schema (the pages API serialises through it)", () => {
    for (const block of page.blocks) {
      const parsed = ZBlock.safeParse(block);
      expect(parsed.success, `${block.id}: ${parsed.error?.message}`).toBe(true);
    }
  });

  it("shows every block type", () => {
    const all = ZBlock.options.map((o) => o.shape.type.value as TBlock["type"]);
    const shown = new Set(page.blocks.map((b) => b.type));
    expect(all.filter((type) => !shown.has(type) && !NOT_ON_SHOWCASE.has(type))).toEqual([]);
  });

  it("has unique block ids, the same in every language", () => {
    const ids = page.blocks.map((b) => b.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(showcasePage("en").blocks.map((b) => b.id));
  });

  it("points only at files that exist, and states the study plan's real size", () => {
    for (const p of sitePaths(page.blocks)) expect(existsSync(path.join(PUBLIC, p)), p).toBe(true);
    expect(statSync(path.join(PUBLIC, `demo/blocks/study-plan-${lang}.txt`)).size).toBe(STUDY_PLAN_SIZES[lang]);
  });

  it("is written in its own language", () => {
    if (lang === "en") return;
    const en = showcasePage("en");
    const texts = (p: typeof page) => p.blocks.flatMap((b) => ("title" in b.props && typeof b.props.title === "string" ? [b.props.title] : []));
    const same = texts(page).filter((title, i) => title === texts(en)[i]);
    expect(same).toEqual([]);
    expect(page.title).not.toBe(en.title);
  });
});
