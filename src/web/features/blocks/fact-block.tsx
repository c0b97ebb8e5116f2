import type { BlockOf } from "./types";

/** The divider/fact block: a horizontal rule, or a highlighted figure with its caption. */
export function FactBlock({ block }: { block: BlockOf<"fact"> }) {
  const { variant, value, text } = block.props;
  if (variant === "divider") return <hr className="mx-auto max-w-5xl border-t border-line" />;
  return (
    <figure className="mx-auto flex h-full max-w-3xl flex-col items-center justify-center gap-1 rounded-component bg-primary-soft px-6 py-6 text-center">
      {value ? <div className="font-title text-4xl font-extrabold text-primary-strong">{value}</div> : null}
      {text ? <figcaption className="text-lg text-ink">{text}</figcaption> : null}
    </figure>
  );
}
