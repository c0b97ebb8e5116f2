import type { TEarnedAward } from "../../../domain/rewards";

/** The pictures inside a badge (24-unit paths), one per ZAwardDefinition badge. */
const MOTIFS: Record<TEarnedAward["badge"], string> = {
  star: "M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8-5.2-2.7-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z",
  book: "M5 5.5c2.5-1 5-.8 7 .8 2-1.6 4.5-1.8 7-.8v12.5c-2.5-1-5-.8-7 .8-2-1.6-4.5-1.8-7-.8zM12 6.3v12.5",
  trophy: "M8 4h8v5a4 4 0 0 1-8 0zM8 6H5v1a3 3 0 0 0 3 3M16 6h3v1a3 3 0 0 1-3 3M12 13v4M9 20h6M10 17h4",
};

/** An award's round badge; decorative (its title is written beside it). */
export function AwardBadge({ badge, size = 56 }: { badge: TEarnedAward["badge"]; size?: number }) {
  return (
    <svg viewBox="0 0 48 48" width={size} height={size} aria-hidden="true" className="shrink-0">
      <circle cx="24" cy="24" r="22" className="fill-primary-soft stroke-primary" strokeWidth="2" />
      <circle cx="24" cy="24" r="17" fill="none" className="stroke-primary" strokeWidth="1" strokeDasharray="2 3" />
      <g transform="translate(12 12)" fill="none" className="stroke-primary-strong" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
        <path d={MOTIFS[badge]} />
      </g>
    </svg>
  );
}
