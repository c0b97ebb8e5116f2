import type { BlockOf } from "./types";

export function QuoteBlock({ block }: { block: BlockOf<"quote"> }) {
  const { text, author, source } = block.props;
  return (
    <figure className="mx-auto max-w-3xl border-s-4 border-primary ps-6">
      <blockquote className="font-title text-2xl leading-snug text-ink" cite={source}>
        <p>{text}</p>
      </blockquote>
      {author ? <figcaption className="mt-3 text-muted">— {author}</figcaption> : null}
    </figure>
  );
}
