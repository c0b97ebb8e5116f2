import { useId, type ReactNode } from "react";
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
 * A dashboard chart's frame: a figure whose caption names the chart and its date range, the chart
 * itself (SVG that holds no text), and the same numbers as a table behind a toggle (details/summary:
 * keyboard and screen readers work without script).
 */
export function ChartFigure({
  id,
  title,
  range,
  series,
  rows,
  format,
  children,
}: {
  id: string;
  title: string;
  range: string;
  series: ChartSeries[];
  rows: ChartRow[];
  format: (v: number, series: number) => string;
  children: ReactNode;
}) {
  const { t } = useTranslation("backoffice");
  const titleId = useId();
  return (
    <figure aria-labelledby={titleId} className="flex flex-col gap-3 rounded-component border border-line bg-surface p-4" data-testid={`chart-${id}`}>
      <figcaption id={titleId} className="flex flex-col">
        <span className="font-title text-lg font-bold text-ink">{title}</span>
        <span className="text-sm text-muted">{range}</span>
      </figcaption>
      {children}
      <DataTable title={title} series={series} rows={rows} format={format} toggle={t("dashboard.showTable")} />
    </figure>
  );
}

/** The chart's numbers as a table, behind a toggle. */
function DataTable({
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
