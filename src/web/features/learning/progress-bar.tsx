import { percentDone } from "./rules";

/** A labelled progress bar: done of total, announced as a percentage. */
export function ProgressBar({ done, total, label }: { done: number; total: number; label: string }) {
  const percent = percentDone(done, total);
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className="h-2 w-full overflow-hidden rounded-full bg-surface-alt"
    >
      <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
    </div>
  );
}
