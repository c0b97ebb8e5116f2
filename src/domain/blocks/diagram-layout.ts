/* Apart from the block's schema: the browser's block imports this, and zod stays out of its chunk (decision 0041). */

/** The smallest 1, 2, 2.5 or 5 times a power of ten that is >= value: a readable top of the axis. */
export function niceMax(value: number): number {
  if (!(value > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 2.5, 5, 10]) {
    if (step * power >= value - 1e-9 * power) return step * power;
  }
  return 10 * power;
}

export interface BarLayout {
  max: number;
  /** Axis values from 0 to max, bottom to top, with the y of each line. */
  ticks: Array<{ value: number; y: number }>;
  bars: Array<{ label: string; value: number; x: number; y: number; width: number; height: number; center: number }>;
  plot: { left: number; right: number; top: number; bottom: number };
}

/**
 * Column chart geometry in a width x height box. Columns run from the reading start: left to right,
 * or right to left when `rtl` (the axis then sits on the right), so the first item is read first.
 */
export function barLayout(
  data: ReadonlyArray<{ label: string; value: number }>,
  box: { width: number; height: number; rtl?: boolean; axis?: number; labels?: number; top?: number; ticks?: number },
): BarLayout {
  const axis = box.axis ?? 48;
  const labels = box.labels ?? 40;
  const top = box.top ?? 12;
  const tickCount = box.ticks ?? 4;
  const plot = box.rtl
    ? { left: 8, right: box.width - axis, top, bottom: box.height - labels }
    : { left: axis, right: box.width - 8, top, bottom: box.height - labels };
  const max = niceMax(Math.max(0, ...data.map((d) => d.value)));
  const plotHeight = plot.bottom - plot.top;
  const slot = (plot.right - plot.left) / Math.max(1, data.length);
  const width = Math.max(4, slot * 0.6);
  const ticks = Array.from({ length: tickCount + 1 }, (_, i) => {
    const value = (max / tickCount) * i;
    return { value, y: plot.bottom - (value / max) * plotHeight };
  });
  const bars = data.map((d, i) => {
    const index = box.rtl ? data.length - 1 - i : i;
    const center = plot.left + slot * index + slot / 2;
    const height = (d.value / max) * plotHeight;
    return { label: d.label, value: d.value, x: center - width / 2, y: plot.bottom - height, width, height, center };
  });
  return { max, ticks, bars, plot };
}

export interface PieSlice {
  label: string;
  value: number;
  /** 0..1 of the total. */
  share: number;
  /** SVG path of the slice in a circle of radius r around (cx, cy). */
  path: string;
}

const round = (n: number) => Math.round(n * 100) / 100;

/**
 * Pie slices clockwise from 12 o'clock. Zero values get no slice; a single non-zero value is a full
 * circle (an arc cannot start and end at the same point, so it is drawn as two halves).
 */
export function pieSlices(data: ReadonlyArray<{ label: string; value: number }>, cx: number, cy: number, r: number): PieSlice[] {
  const total = data.reduce((s, d) => s + Math.max(0, d.value), 0);
  if (total <= 0) return [];
  const point = (turn: number) => {
    const a = turn * 2 * Math.PI - Math.PI / 2;
    return `${round(cx + r * Math.cos(a))} ${round(cy + r * Math.sin(a))}`;
  };
  let start = 0;
  const out: PieSlice[] = [];
  for (const d of data) {
    if (!(d.value > 0)) continue;
    const share = d.value / total;
    const end = start + share;
    const path =
      share >= 1 - 1e-9
        ? `M ${point(0)} A ${r} ${r} 0 1 1 ${point(0.5)} A ${r} ${r} 0 1 1 ${point(0)} Z`
        : `M ${cx} ${cy} L ${point(start)} A ${r} ${r} 0 ${share > 0.5 ? 1 : 0} 1 ${point(end)} Z`;
    out.push({ label: d.label, value: d.value, share, path });
    start = end;
  }
  return out;
}
