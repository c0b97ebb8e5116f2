import { Link } from "react-router";
import type { TBlock } from "../../../domain/page";
import { Icon } from "../../components/ui/icon";
import { BLOCKS } from "./registry";

export interface PageRendererProps {
  blocks: TBlock[];
  /** Visually hidden page heading so every page has one h1 even when its first block has none. */
  headingTitle?: string;
  back?: { to: string; text: string };
}

/** Seed 2.5: the universal page renderer draws a component list, with an optional back link. */
export function PageRenderer({ blocks, headingTitle, back }: PageRendererProps) {
  return (
    <div className="flex flex-col gap-10">
      {headingTitle ? <h1 className="sr-only">{headingTitle}</h1> : null}
      {back ? (
        <Link to={back.to} className="inline-flex items-center gap-2 self-start text-sm font-medium text-primary hover:underline">
          <Icon name="arrow-start" className="size-4 rtl:-scale-x-100" />
          {back.text}
        </Link>
      ) : null}
      {blocks.map((block) => {
        const Component = BLOCKS[block.type] as React.ComponentType<{ block: TBlock }> | undefined;
        return Component ? (
          <section key={block.id} id={block.id} data-block={block.type} className="scroll-mt-24">
            <Component block={block} />
          </section>
        ) : null;
      })}
    </div>
  );
}
