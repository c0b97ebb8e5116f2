import { useTranslation } from "../../i18n/use-translation";
import { BlockTitle } from "./block-title";
import type { BlockOf } from "./types";

/** Ordered steps of a process: a row with connectors on wide screens, a column on phones. */
export function SchemeBlock({ block }: { block: BlockOf<"scheme"> }) {
  const { t } = useTranslation("blocks");
  const { title, steps } = block.props;
  const StepHeading = title ? "h3" : "h2";
  return (
    <div className="mx-auto max-w-5xl" data-testid="scheme">
      {title ? <BlockTitle>{title}</BlockTitle> : null}
      <ol className="flex flex-col gap-6 lg:flex-row lg:gap-4">
        {steps.map((step, i) => (
          <li key={`${i}-${step.title}`} className="relative flex flex-1 gap-4 lg:flex-col lg:items-center lg:text-center">
            {i < steps.length - 1 ? (
              <span
                aria-hidden="true"
                className="absolute start-5 top-12 h-[calc(100%-1rem)] w-0.5 bg-primary/30 lg:start-[calc(50%+1.75rem)] lg:top-5 lg:h-0.5 lg:w-[calc(100%-3.5rem+1rem)]"
              />
            ) : null}
            <span className="relative z-10 flex size-10 shrink-0 items-center justify-center rounded-full bg-primary font-bold text-white">
              <span aria-hidden="true">{i + 1}</span>
              <span className="sr-only">{t("scheme.step", { index: i + 1, count: steps.length })}</span>
            </span>
            <div className="flex flex-col gap-1 pb-2">
              <StepHeading className="font-title text-lg font-bold text-ink">{step.title}</StepHeading>
              {step.text ? <p className="text-muted">{step.text}</p> : null}
            </div>
          </li>
        ))}
      </ol>
    </div>
  );
}
