import { THUMBNAILS } from "../../../../domain/block-catalogue";
import type { TBlockType } from "../../../../domain/page";

const TONE = { ink: "fill-ink/70", muted: "fill-muted/40", primary: "fill-primary", accent: "fill-primary-soft" } as const;

/** A block type's small drawing (decorative: its name is written beside it). */
export function BlockThumbnail({ type, className = "h-8 w-12" }: { type: TBlockType; className?: string }) {
  return (
    <svg viewBox="0 0 48 32" aria-hidden="true" focusable="false" className={`shrink-0 rounded border border-line bg-surface ${className}`}>
      {THUMBNAILS[type].map((s, i) => (
        <rect key={i} x={s.x} y={s.y} width={s.w} height={s.h} rx={s.round ? Math.min(s.w, s.h) / 2 : 1} className={TONE[s.tone]} />
      ))}
    </svg>
  );
}
