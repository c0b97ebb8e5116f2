import { describe, expect, it } from "vitest";
import type { TBlock } from "../../../domain/page";
import { groupFacts } from "./page-renderer";

const fact = (id: string): TBlock => ({ id, type: "fact", props: { variant: "fact", value: "1", text: id } });
const divider = (id: string): TBlock => ({ id, type: "fact", props: { variant: "divider" } });
const text = (id: string): TBlock => ({ id, type: "text", props: { html: "<p>x</p>" } });

describe("groupFacts", () => {
  it("puts adjacent facts in one group and keeps everything else alone, in order", () => {
    const groups = groupFacts([text("t1"), fact("f1"), fact("f2"), fact("f3"), divider("d"), fact("f4"), text("t2")]);
    expect(groups.map((g) => g.map((b) => b.id))).toEqual([["t1"], ["f1", "f2", "f3"], ["d"], ["f4"], ["t2"]]);
  });

  it("never groups dividers with each other", () => {
    expect(groupFacts([divider("a"), divider("b")]).map((g) => g.length)).toEqual([1, 1]);
  });
});
