import { useState } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { clampPercent } from "../../../domain/blocks/media-rules";
import { dirOf } from "../../../domain/locale";
import { useLang } from "../../root-data";
import { BlockTitle } from "./block-title";
import type { BlockOf } from "./types";

/**
 * Two images on top of each other with a divider: the "before" image shows from the reading start
 * up to the divider. The divider is a native range input over the images, so it is operated by
 * pointer, touch and keyboard (arrows, Home/End, Page Up/Down) and announced with both shares.
 */
export function BeforeAfterBlock({ block }: { block: BlockOf<"before-after"> }) {
  const { t } = useTranslation("blocks");
  const rtl = dirOf(useLang()) === "rtl";
  const { title, before, after, width, height } = block.props;
  const [position, setPosition] = useState(clampPercent(block.props.start ?? 50));
  const rest = 100 - position;
  const clip = rtl ? `inset(0 0 0 ${rest}%)` : `inset(0 ${rest}% 0 0)`;
  const valueText = t("beforeAfter.value", { before: before.label, beforeShare: Math.round(position), after: after.label, afterShare: Math.round(rest) });

  return (
    <figure className="mx-auto max-w-4xl" data-testid="before-after">
      {title ? <BlockTitle>{title}</BlockTitle> : null}
      <div className="relative overflow-hidden rounded-component bg-primary-soft" style={{ aspectRatio: width && height ? `${width}/${height}` : "16/9" }}>
        <img src={after.src} alt={after.alt} className="absolute inset-0 h-full w-full object-cover" />
        <img src={before.src} alt={before.alt} className="absolute inset-0 h-full w-full object-cover" style={{ clipPath: clip }} data-testid="before-image" />
        <span className="absolute start-3 top-3 rounded-full bg-ink/80 px-3 py-1 text-sm font-semibold text-white">{before.label}</span>
        <span className="absolute end-3 top-3 rounded-full bg-ink/80 px-3 py-1 text-sm font-semibold text-white">{after.label}</span>
        <input
          type="range"
          min={0}
          max={100}
          step={1}
          value={position}
          onChange={(e) => setPosition(clampPercent(Number(e.target.value)))}
          aria-label={t("beforeAfter.slider", { before: before.label, after: after.label })}
          aria-valuetext={valueText}
          className="peer absolute inset-0 z-10 h-full w-full cursor-ew-resize opacity-0"
        />
        {/* The visible divider and handle; the focus ring shows on the handle. */}
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-y-0 w-0.5 -translate-x-1/2 bg-white shadow rtl:translate-x-1/2"
          style={{ insetInlineStart: `${position}%` }}
        >
          <span className="absolute top-1/2 left-1/2 flex size-11 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full border-2 border-white bg-primary text-white shadow-lg">
            <svg viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth={2.2} strokeLinecap="round" strokeLinejoin="round">
              <path d="m9 6-6 6 6 6M15 6l6 6-6 6" />
            </svg>
          </span>
        </div>
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-0 rounded-component peer-focus-visible:outline peer-focus-visible:outline-3 peer-focus-visible:-outline-offset-3 peer-focus-visible:outline-primary"
        />
      </div>
    </figure>
  );
}
