import { describe, expect, it } from "vitest";
import { anchorOf, encodeListCursor, keysetPage, ZListCursor, type ListAnchor } from "./list-cursor";

/** A list of ids in order and a fetch that reads it as the repos do (after: in order; before: nearest first). */
function listOf(ids: string[]) {
  const calls: Array<ListAnchor | null> = [];
  const fetch = async (a: ListAnchor | null, limit: number) => {
    calls.push(a);
    const rows = ids.map((id) => ({ id }));
    if (!a) return rows.slice(0, limit);
    const at = ids.indexOf(a.id);
    return a.dir === "after" ? rows.slice(at + 1, at + 1 + limit) : rows.slice(Math.max(0, at - limit), at).reverse();
  };
  return { fetch, calls };
}
const ids = (n: number) => Array.from({ length: n }, (_, i) => `c${String(i + 1).padStart(2, "0")}`);

describe("list cursors", () => {
  it("accept only what the server hands out", () => {
    expect(ZListCursor.safeParse(encodeListCursor("reading-foundations")).success).toBe(true);
    for (const bad of ["", "1.", "2.a", "a", "1.a/b", "1.a b", `1.${"a".repeat(121)}`, "1.a\u0000"])
      expect(ZListCursor.safeParse(bad).success, bad).toBe(false);
    expect(anchorOf({})).toBeNull();
    expect(anchorOf({ cursor: "1.x" })).toEqual({ id: "x", dir: "after" });
    expect(anchorOf({ before: "1.y" })).toEqual({ id: "y", dir: "before" });
  });

  it("walk forward and back over the same pages, reading one row more than a page", async () => {
    const list = listOf(ids(10));
    const p1 = await keysetPage(null, 4, list.fetch);
    expect(p1).toEqual({ rows: ids(4).map((id) => ({ id })), nextCursor: "1.c04", prevCursor: null });
    const p2 = await keysetPage(anchorOf({ cursor: p1.nextCursor! }), 4, list.fetch);
    expect(p2.rows.map((r) => r.id)).toEqual(["c05", "c06", "c07", "c08"]);
    expect(p2).toMatchObject({ nextCursor: "1.c08", prevCursor: "1.c05" });
    const p3 = await keysetPage(anchorOf({ cursor: p2.nextCursor! }), 4, list.fetch);
    expect(p3).toMatchObject({ rows: [{ id: "c09" }, { id: "c10" }], nextCursor: null, prevCursor: "1.c09" });
    expect(await keysetPage(anchorOf({ before: p3.prevCursor! }), 4, list.fetch)).toEqual(p2);
    expect(await keysetPage(anchorOf({ before: p2.prevCursor! }), 4, list.fetch)).toEqual(p1);
  });

  it("make a short page going back (rows went since) the whole first page", async () => {
    const list = listOf(ids(10));
    const back = await keysetPage({ id: "c03", dir: "before" }, 4, list.fetch);
    expect(back).toEqual(await keysetPage(null, 4, list.fetch));
    expect(list.calls.at(-3)).toEqual({ id: "c03", dir: "before" });
  });

  it("never change the rows it is given (they may be frozen in the content cache)", async () => {
    const frozen = Object.freeze(["c04", "c03", "c02", "c01"].map((id) => Object.freeze({ id })));
    const page = await keysetPage({ id: "c05", dir: "before" }, 4, async () => frozen as unknown as Array<{ id: string }>);
    expect(page.rows.map((r) => r.id)).toEqual(["c01", "c02", "c03", "c04"]);
  });
});
