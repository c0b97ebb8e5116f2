import { describe, expect, it } from "vitest";
import { addItem, depthOf, heightOf, moveDown, moveIn, moveOut, moveUp, type NavItem, removeItem } from "./navigation-tree";

const n = (id: string, parentId: string | null = null): NavItem => ({ id, parentId, title: { en: id }, openInNewTab: false, hidden: false, published: true });
const shape = (items: NavItem[]) => items.map((i) => `${i.id}<${i.parentId ?? ""}`);
const tree = [n("a"), n("a1", "a"), n("a2", "a"), n("b"), n("b1", "b"), n("c")];

describe("navigation editor moves", () => {
  it("moves an item with its sub-items up and down among its siblings, and stops at the ends", () => {
    expect(shape(moveDown(tree, "a"))).toEqual(["b<", "b1<b", "a<", "a1<a", "a2<a", "c<"]);
    expect(shape(moveUp(tree, "b"))).toEqual(shape(moveDown(tree, "a")));
    expect(shape(moveUp(tree, "a2"))).toEqual(["a<", "a2<a", "a1<a", "b<", "b1<b", "c<"]);
    expect(shape(moveUp(tree, "a"))).toEqual(shape(tree));
    expect(shape(moveDown(tree, "c"))).toEqual(shape(tree));
    expect(shape(moveDown(tree, "a2"))).toEqual(shape(tree));
  });

  it("moves an item in (under the sibling above, last) and out (after its parent)", () => {
    expect(shape(moveIn(tree, "b"))).toEqual(["a<", "a1<a", "a2<a", "b<a", "b1<b", "c<"]);
    expect(shape(moveIn(tree, "c"))).toEqual(["a<", "a1<a", "a2<a", "b<", "b1<b", "c<b"]);
    expect(shape(moveIn(tree, "a"))).toEqual(shape(tree));
    expect(shape(moveOut(tree, "a1"))).toEqual(["a<", "a2<a", "a1<", "b<", "b1<b", "c<"]);
    expect(shape(moveOut(tree, "a"))).toEqual(shape(tree));
    expect(shape(moveIn(tree, "a2"))).toEqual(["a<", "a1<a", "a2<a1", "b<", "b1<b", "c<"]);
  });

  it("adds, removes with sub-items, and measures depth and height", () => {
    expect(shape(addItem(tree, n("b2", "b")))).toEqual(["a<", "a1<a", "a2<a", "b<", "b1<b", "b2<b", "c<"]);
    expect(shape(removeItem(tree, "a"))).toEqual(["b<", "b1<b", "c<"]);
    expect(depthOf(tree, "b1")).toBe(2);
    expect(heightOf(moveIn(tree, "a2"), "a")).toBe(3);
    expect(heightOf(tree, "c")).toBe(1);
  });
});
