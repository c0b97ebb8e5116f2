import { describe, expect, it } from "vitest";
import { BLOCK_CATALOGUE, CATALOGUE_CATEGORIES, THUMBNAILS, catalogueOf } from "./block-catalogue";
import { ZBlock } from "./page";
import { BLOCK_TYPES } from "./studio-pages";

describe("the block catalogue", () => {
  it("has a sample that passes its block's schema for every entry", () => {
    for (const entry of BLOCK_CATALOGUE) {
      const parsed = ZBlock.safeParse({ id: "sample", type: entry.type, props: entry.sample });
      expect(parsed.success ? [] : parsed.error.issues, entry.key).toEqual([]);
    }
  });

  it("offers every block type of ZBlock, and nothing else", () => {
    const offered = new Set(BLOCK_CATALOGUE.map((e) => e.type));
    expect([...BLOCK_TYPES].filter((t) => !offered.has(t))).toEqual([]);
    expect([...offered].filter((t) => !BLOCK_TYPES.includes(t))).toEqual([]);
  });

  it("fills every seed category, with unique keys", () => {
    expect(CATALOGUE_CATEGORIES).toHaveLength(24);
    for (const category of CATALOGUE_CATEGORIES) expect(catalogueOf(category).length, category).toBeGreaterThan(0);
    const keys = BLOCK_CATALOGUE.map((e) => e.key);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("draws every type's thumbnail inside its 48×32 grid", () => {
    for (const type of BLOCK_TYPES) {
      const shapes = THUMBNAILS[type];
      expect(shapes.length, type).toBeGreaterThan(0);
      for (const s of shapes) {
        expect(s.x >= 0 && s.y >= 0 && s.x + s.w <= 48 && s.y + s.h <= 32, `${type} ${JSON.stringify(s)}`).toBe(true);
      }
    }
  });
});
