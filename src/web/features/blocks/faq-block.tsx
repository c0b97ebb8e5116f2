import { Accordion } from "../../components/ui/accordion";
import type { BlockOf } from "./types";

export function FaqBlock({ block }: { block: BlockOf<"faq"> }) {
  const { title, items } = block.props;
  return (
    <div className="mx-auto max-w-3xl">
      {title ? <h2 className="mb-4 font-title text-2xl font-bold text-ink">{title}</h2> : null}
      <Accordion items={items.map((item, i) => ({ id: `${block.id}-${i}`, title: item.question, content: item.answer }))} />
    </div>
  );
}
