import { useTranslation } from "../../i18n/use-translation";
import type { TDiagramProps } from "../../../domain/blocks/diagram";
import { barLayout, pieSlices } from "../../../domain/blocks/diagram-layout";
import { dirOf } from "../../../domain/locale";
import { useLang } from "../../root-data";
import { BlockTitle } from "./block-title";
import type { BlockOf } from "./types";
import { numberFormat } from "../../../domain/intl";

/** Distinguishable on white and from each other; the legend and the table carry the values too. */
export const DIAGRAM_COLORS = ["#1d5fd1", "#c2410c", "#147536", "#7e22ce", "#b42318", "#0e7490", "#8a5a00", "#475569"];

const W = 640;
const H = 320;

/**
 * A bar or pie chart drawn as SVG from numeric data. The picture is an image named by the block
 * title; the numbers are also in a data table for screen readers and for anyone who prefers one.
 */
export function DiagramBlock({ block }: { block: BlockOf<"diagram"> }) {
  const { t } = useTranslation("blocks");
  const lang = useLang();
  const { title, description, kind, data, labelHeader, valueHeader } = block.props;
  const number = numberFormat(lang, { maximumFractionDigits: 2 });
  const unit = block.props.unit ? ` ${block.props.unit}`.replace(/^ %$/, "%") : "";
  const value = (v: number) => `${number.format(v)}${unit}`;
  const titleId = `${block.id}-title`;
  const descId = `${block.id}-desc`;

  return (
    <figure className="mx-auto max-w-4xl" data-testid="diagram">
      <BlockTitle id={titleId}>{title}</BlockTitle>
      {description ? (
        <p id={descId} className="mb-4 text-muted">
          {description}
        </p>
      ) : null}
      {kind === "bar" ? (
        <BarChart data={data} rtl={dirOf(lang) === "rtl"} value={value} number={number} titleId={titleId} descId={description ? descId : undefined} />
      ) : (
        <PieChart data={data} value={value} lang={lang} isPercent={block.props.unit === "%"} titleId={titleId} descId={description ? descId : undefined} />
      )}
      <details className="mt-4 rounded-xl bg-surface-alt p-4">
        <summary className="cursor-pointer font-medium text-ink">{t("diagram.table")}</summary>
        <table className="mt-3 w-full border-collapse text-start">
          <caption className="sr-only">{title}</caption>
          <thead>
            <tr className="border-b border-line">
              <th scope="col" className="py-2 text-start font-semibold">
                {labelHeader}
              </th>
              <th scope="col" className="py-2 text-end font-semibold">
                {valueHeader}
              </th>
            </tr>
          </thead>
          <tbody>
            {data.map((d) => (
              <tr key={d.label} className="border-b border-line last:border-0">
                <th scope="row" className="py-2 text-start font-normal">
                  {d.label}
                </th>
                <td className="py-2 text-end tabular-nums">{value(d.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

interface ChartProps {
  data: TDiagramProps["data"];
  value: (v: number) => string;
  titleId: string;
  descId?: string;
}

function BarChart({ data, rtl, value, number, titleId, descId }: ChartProps & { rtl: boolean; number: Intl.NumberFormat }) {
  const layout = barLayout(data, { width: W, height: H, rtl });
  const axisX = rtl ? layout.plot.right + 8 : layout.plot.left - 8;
  return (
    <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby={titleId} aria-describedby={descId} className="h-auto w-full" data-testid="bar-chart">
      {layout.ticks.map((tick) => (
        <g key={tick.value}>
          <line x1={layout.plot.left} x2={layout.plot.right} y1={tick.y} y2={tick.y} stroke="#d9dee7" />
          <text x={axisX} y={tick.y + 4} textAnchor={rtl ? "start" : "end"} className="fill-muted text-[12px]">
            {number.format(tick.value)}
          </text>
        </g>
      ))}
      {layout.bars.map((bar, i) => (
        <g key={bar.label}>
          <rect x={bar.x} y={bar.y} width={bar.width} height={bar.height} rx={6} fill={DIAGRAM_COLORS[i % DIAGRAM_COLORS.length]} />
          <text x={bar.center} y={bar.y - 6} textAnchor="middle" className="fill-ink text-[13px] font-semibold">
            {value(bar.value)}
          </text>
          <text x={bar.center} y={layout.plot.bottom + 22} textAnchor="middle" className="fill-ink text-[13px]">
            {bar.label}
          </text>
        </g>
      ))}
    </svg>
  );
}

function PieChart({ data, value, lang, isPercent, titleId, descId }: ChartProps & { lang: string; isPercent: boolean }) {
  const slices = pieSlices(data, 120, 120, 110);
  const percent = numberFormat(lang, { style: "percent", maximumFractionDigits: 0 });
  return (
    <div className="flex flex-col items-center gap-6 sm:flex-row sm:justify-center">
      <svg viewBox="0 0 240 240" role="img" aria-labelledby={titleId} aria-describedby={descId} className="size-60 shrink-0" data-testid="pie-chart">
        {slices.map((s) => (
          <path
            key={s.label}
            d={s.path}
            fill={DIAGRAM_COLORS[data.findIndex((d) => d.label === s.label) % DIAGRAM_COLORS.length]}
            stroke="#fff"
            strokeWidth={2}
          />
        ))}
      </svg>
      {/* The legend is the readable form of the picture; the svg is named by the title. */}
      <ul className="flex flex-col gap-2">
        {data.map((d, i) => {
          const share = slices.find((s) => s.label === d.label)?.share ?? 0;
          return (
            <li key={d.label} className="flex items-center gap-3 text-ink">
              <span aria-hidden="true" className="size-4 shrink-0 rounded-sm" style={{ background: DIAGRAM_COLORS[i % DIAGRAM_COLORS.length] }} />
              <span>
                {d.label}: <span className="font-semibold">{value(d.value)}</span>
                {/* Values already in percent are their own share. */}
                {isPercent ? null : ` (${percent.format(share)})`}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
