import type { BlockOf } from "./types";

const ALIGN = { start: "text-start", center: "text-center", end: "text-end" } as const;

/** `html` arrives sanitised by the server (src/server/platform/rich-text.ts, decision 0020). */
export function TextBlock({ block }: { block: BlockOf<"text"> }) {
  const { title, html, align = "start" } = block.props;
  return (
    <div className={`prose-mentora mx-auto max-w-3xl ${ALIGN[align]}`}>
      {title ? <h2 className="mb-4 font-title text-3xl font-bold text-ink sm:text-4xl">{title}</h2> : null}
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </div>
  );
}
