import { useId } from "react";
import { useTranslation } from "../../../i18n/use-translation";

export interface ChartSeries {
  name: string;
  /** A fill utility of the theme, e.g. fill-primary. */
  fill: string;
}
export interface ChartRow {
  key: string;
  label: string;
  values: number[];
}

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
  const { t } = useTranslation("backoffice");
  const titleId = useId();
  const max = Math.max(1, ...rows.flatMap((r) => r.values));
  const barH = 14;
  return (
    <figure aria-labelledby={titleId} className="flex flex-col gap-3 rounded-component border border-line bg-surface p-4" data-testid={`chart-${id}`}>
      <figcaption id={titleId} className="flex flex-col">
        <span className="font-title text-lg font-bold text-ink">{title}</span>
        <span className="text-sm text-muted">{range}</span>
      </figcaption>
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
      <DataTable title={title} series={series} rows={rows} format={format} toggle={t("dashboard.showTable")} />
    </figure>
  );
}

/** The chart's numbers as a table, behind a toggle. */
export function DataTable({
  title,
  series,
  rows,
  format,
  toggle,
}: {
  title: string;
  series: ChartSeries[];
  rows: ChartRow[];
  format: (v: number, series: number) => string;
  toggle: string;
}) {
  return (
    <details className="text-sm">
      <summary className="cursor-pointer font-medium text-primary-strong">{toggle}</summary>
      <table className="mt-2 w-full border-collapse text-start">
        <caption className="sr-only">{title}</caption>
        <thead>
          <tr>
            <th scope="col" className="border-b border-line p-1 text-start" />
            {series.map((s) => (
              <th key={s.name} scope="col" className="border-b border-line p-1 text-end">
                {s.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key}>
              <th scope="row" className="border-b border-line p-1 text-start font-normal">
                {r.label}
              </th>
              {r.values.map((v, k) => (
                <td key={k} className="border-b border-line p-1 text-end tabular-nums">
                  {format(v, k)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
