import { useLang } from "../../root-data";
import { BlockTitle } from "./block-title";
import type { BlockOf } from "./types";
import { numberFormat } from "../../../domain/intl";

/** Key numbers with their labels, the numbers written in the page language. */
export function StatisticsBlock({ block }: { block: BlockOf<"statistics"> }) {
  const lang = useLang();
  const { title, items } = block.props;
  const number = numberFormat(lang, { maximumFractionDigits: 1 });
  return (
    <div className="mx-auto max-w-5xl" data-testid="statistics">
      {title ? <BlockTitle className="text-center">{title}</BlockTitle> : null}
      <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {items.map((item, i) => (
          <div key={`${item.label}-${i}`} className="flex flex-col-reverse items-center gap-1 rounded-component bg-surface-alt p-5 text-center">
            <dt className="text-ink">{item.label}</dt>
            <dd className="font-title text-4xl font-extrabold text-primary-strong" dir="auto">
              {number.format(item.value)}
              {item.suffix ?? ""}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
