import { describe, expect, it } from "vitest";
import { flattenNavigation, navigationProblem, nestNavigation, ZFlatNavigationItem } from "./studio-navigation";

const flat = (id: string, parentId: string | null = null) => ZFlatNavigationItem.parse({ id, parentId, title: { en: id } });

describe("the navigation tree rules", () => {
  it("accepts a tree three levels deep and names the first problem otherwise", () => {
    expect(navigationProblem([flat("a"), flat("b", "a"), flat("c", "b"), flat("d")])).toBeNull();
    expect(navigationProblem([flat("a"), flat("b", "a"), flat("c", "b"), flat("d", "c")])).toEqual({ code: "NAVIGATION_TOO_DEEP", itemId: "d", depth: 4 });
    expect(navigationProblem([flat("a", "b"), flat("b", "a")])).toEqual({ code: "NAVIGATION_CYCLE", itemId: "a", path: ["a", "b", "a"] });
    expect(navigationProblem([flat("a", "a")])).toEqual({ code: "NAVIGATION_CYCLE", itemId: "a", path: ["a", "a"] });
    expect(navigationProblem([flat("a"), flat("a")])).toEqual({ code: "NAVIGATION_DUPLICATE_ID", itemId: "a" });
    expect(navigationProblem([flat("a", "x")])).toEqual({ code: "NAVIGATION_PARENT_MISSING", itemId: "a", parentId: "x" });
  });

  it("nests a flat list keeping sibling order, and flattens it back depth first", () => {
    const items = [flat("b"), flat("a"), flat("a2", "a"), flat("b1", "b"), flat("a1", "a")];
    const tree = nestNavigation(items);
    expect(tree.map((n) => [n.id, n.children?.map((c) => c.id)])).toEqual([
      ["b", ["b1"]],
      ["a", ["a2", "a1"]],
    ]);
    expect(flattenNavigation(tree).map((i) => [i.id, i.parentId])).toEqual([
      ["b", null],
      ["b1", "b"],
      ["a", null],
      ["a2", "a"],
      ["a1", "a"],
    ]);
    // Stored items read back with the editor's defaults (the seed's items have no flags).
    expect(flattenNavigation([{ id: "x", title: { en: "X" }, published: true }])).toEqual([
      { id: "x", parentId: null, title: { en: "X" }, openInNewTab: false, hidden: false, published: true },
    ]);
  });
});
