import { useTranslation } from "../../../i18n/use-translation";
import { type ChartRow, ChartFigure } from "./chart-figure";

/**
 * A time series as columns (new learners per day): time runs from the start edge to the end edge, so
 * the SVG (which holds no text) is mirrored in rtl; the first and last days and the peak are HTML.
 */
export function ColumnChart({
  id,
  title,
  range,
  name,
  rows,
  empty,
}: {
  id: string;
  title: string;
  range: string;
  name: string;
  rows: ChartRow[];
  empty: string;
}) {
  const { t } = useTranslation("backoffice");
  const values = rows.map((r) => r.values[0] ?? 0);
  const max = Math.max(1, ...values);
  const total = values.reduce((a, b) => a + b, 0);
  const w = 100 / Math.max(1, rows.length);
  return (
    <ChartFigure id={id} title={title} range={range} series={[{ name, fill: "fill-primary" }]} rows={rows} format={(v) => String(v)}>
      <p className="text-sm text-ink">{t("dashboard.totalPeak", { total, peak: max === 1 && total === 0 ? 0 : max })}</p>
      {total === 0 ? <p className="text-muted">{empty}</p> : null}
      <div aria-hidden="true" className="flex flex-col gap-1">
        <svg className="h-32 w-full rtl:-scale-x-100" viewBox="0 0 100 100" preserveAspectRatio="none" role="presentation">
          <line x1="0" y1="100" x2="100" y2="100" className="stroke-line" strokeWidth="1" vectorEffect="non-scaling-stroke" />
          {values.map((v, k) => (
            <rect key={rows[k]!.key} x={k * w + w * 0.1} width={w * 0.8} y={100 - (v / max) * 100} height={(v / max) * 100} className="fill-primary" />
          ))}
        </svg>
        <div className="flex justify-between text-xs text-muted">
          <span>{rows[0]?.label}</span>
          <span>{rows.at(-1)?.label}</span>
        </div>
      </div>
    </ChartFigure>
  );
}
