import { describe, expect, it } from "vitest";
import { ZDiagramBlock, ZSchemeBlock } from "./diagram";
import { barLayout, niceMax, pieSlices } from "./diagram-layout";

describe("niceMax", () => {
  it.each([
    [0, 1],
    [-3, 1],
    [1, 1],
    [7, 10],
    [12, 20],
    [18, 20],
    [21, 25],
    [240, 250],
    [260, 500],
    [1000, 1000],
    [0.3, 0.5],
  ])("%s -> %s", (value, top) => {
    expect(niceMax(value)).toBeCloseTo(top);
  });
});

describe("barLayout", () => {
  const data = [
    { label: "Mon", value: 20 },
    { label: "Tue", value: 45 },
    { label: "Wed", value: 0 },
  ];

  it("scales bars to the axis top and keeps them inside the plot", () => {
    const l = barLayout(data, { width: 600, height: 300 });
    expect(l.max).toBe(50);
    expect(l.ticks.map((t) => t.value)).toEqual([0, 12.5, 25, 37.5, 50]);
    const plotHeight = l.plot.bottom - l.plot.top;
    expect(l.bars[1].height).toBeCloseTo((45 / 50) * plotHeight);
    expect(l.bars[2].height).toBe(0);
    for (const b of l.bars) {
      expect(b.x).toBeGreaterThanOrEqual(l.plot.left);
      expect(b.x + b.width).toBeLessThanOrEqual(l.plot.right);
      expect(b.y + b.height).toBeCloseTo(l.plot.bottom);
    }
    expect(l.bars[0].center).toBeLessThan(l.bars[1].center);
  });

  it("reads right to left in rtl: first item on the right, axis on the right", () => {
    const ltr = barLayout(data, { width: 600, height: 300 });
    const rtl = barLayout(data, { width: 600, height: 300, rtl: true });
    expect(rtl.bars[0].center).toBeGreaterThan(rtl.bars[1].center);
    expect(rtl.plot.right).toBeGreaterThan(ltr.plot.right - 48);
    expect(rtl.plot.left).toBeLessThan(ltr.plot.left);
  });
});

describe("pieSlices", () => {
  it("splits the circle by share, skipping zeros", () => {
    const s = pieSlices(
      [
        { label: "A", value: 3 },
        { label: "B", value: 0 },
        { label: "C", value: 1 },
      ],
      100,
      100,
      80,
    );
    expect(s.map((x) => [x.label, x.share])).toEqual([
      ["A", 0.75],
      ["C", 0.25],
    ]);
    // A starts at 12 o'clock and, being over half, uses the large arc.
    expect(s[0].path).toBe("M 100 100 L 100 20 A 80 80 0 1 1 20 100 Z");
    expect(s[1].path).toBe("M 100 100 L 20 100 A 80 80 0 0 1 100 20 Z");
  });

  it("draws a single value as a full circle and nothing for an all-zero set", () => {
    const [full] = pieSlices([{ label: "All", value: 5 }], 50, 50, 40);
    expect(full.share).toBe(1);
    expect(full.path).toBe("M 50 10 A 40 40 0 1 1 50 90 A 40 40 0 1 1 50 10 Z");
    expect(pieSlices([{ label: "None", value: 0 }], 50, 50, 40)).toEqual([]);
  });
});

describe("diagram and scheme props", () => {
  const diagram = { title: "Hours", kind: "bar", labelHeader: "Day", valueHeader: "Hours", data: [{ label: "Mon", value: 1 }] };
  it("accepts a bar or pie chart with data and refuses negative values or an unknown kind", () => {
    expect(ZDiagramBlock.safeParse({ id: "d", type: "diagram", props: diagram }).success).toBe(true);
    expect(ZDiagramBlock.safeParse({ id: "d", type: "diagram", props: { ...diagram, kind: "pie" } }).success).toBe(true);
    expect(ZDiagramBlock.safeParse({ id: "d", type: "diagram", props: { ...diagram, kind: "line" } }).success).toBe(false);
    expect(ZDiagramBlock.safeParse({ id: "d", type: "diagram", props: { ...diagram, data: [{ label: "x", value: -1 }] } }).success).toBe(false);
    expect(ZDiagramBlock.safeParse({ id: "d", type: "diagram", props: { ...diagram, data: [] } }).success).toBe(false);
  });
  it("needs at least two scheme steps", () => {
    expect(ZSchemeBlock.safeParse({ id: "s", type: "scheme", props: { steps: [{ title: "One" }] } }).success).toBe(false);
    expect(ZSchemeBlock.safeParse({ id: "s", type: "scheme", props: { steps: [{ title: "One" }, { title: "Two", text: "Then" }] } }).success).toBe(true);
  });
});
