import { type ChartRow, type ChartSeries, ChartFigure } from "./chart-figure";

/**
 * A chart of bars in SVG with its text alternative: a figure whose caption names it and its range,
 * and the same numbers as a table behind a toggle (details/summary: keyboard and screen readers
 * work without script). Rows are laid out by the page's direction: labels sit at the start, bars grow
 * from the start edge (the SVG is mirrored in rtl, and holds no text).
 */
export function BarChart({
  id,
  title,
  range,
  series,
  rows,
  format = (v) => String(v),
  empty,
}: {
  id: string;
  title: string;
  range: string;
  series: ChartSeries[];
  rows: ChartRow[];
  format?: (v: number, series: number) => string;
  empty: string;
}) {
  const max = Math.max(1, ...rows.flatMap((r) => r.values));
  const barH = 14;
  return (
    <ChartFigure id={id} title={title} range={range} series={series} rows={rows} format={format}>
      {series.length > 1 ? (
        <ul className="flex flex-wrap gap-4 text-sm text-ink" aria-hidden="true">
          {series.map((s) => (
            <li key={s.name} className="flex items-center gap-2">
              <svg width="12" height="12" className="shrink-0">
                <rect width="12" height="12" className={s.fill} />
              </svg>
              {s.name}
            </li>
          ))}
        </ul>
      ) : null}
      {rows.length === 0 ? (
        <div className="flex flex-col gap-2">
          <svg className="h-2 w-full" viewBox="0 0 100 2" preserveAspectRatio="none" aria-hidden="true" role="presentation">
            <line x1="0" y1="1" x2="100" y2="1" className="stroke-line" strokeWidth="1" vectorEffect="non-scaling-stroke" />
          </svg>
          <p className="text-muted">{empty}</p>
        </div>
      ) : (
        <ul className="flex flex-col gap-2" aria-hidden="true">
          {rows.map((r) => (
            <li key={r.key} className="grid grid-cols-[minmax(6rem,12rem)_1fr_auto] items-center gap-3">
              <span className="truncate text-sm text-ink" title={r.label}>
                {r.label}
              </span>
              <svg
                className="w-full rtl:-scale-x-100"
                style={{ height: r.values.length * barH }}
                viewBox={`0 0 100 ${r.values.length * barH}`}
                preserveAspectRatio="none"
                role="presentation"
              >
                {r.values.map((v, k) => (
                  <rect key={k} x="0" y={k * barH + 1} height={barH - 2} width={Math.max(v > 0 ? 0.5 : 0, (v / max) * 100)} className={series[k]?.fill} />
                ))}
              </svg>
              <span className="text-end text-sm tabular-nums text-ink">{r.values.map((v, k) => format(v, k)).join(" / ")}</span>
            </li>
          ))}
        </ul>
      )}
    </ChartFigure>
  );
}
