import { Link } from "react-router";
import type { TBlock } from "../../../domain/page";
import { Icon } from "../../components/ui/icon";
import { useBlockRegistry } from "./block-registry";

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
      {groupFacts(blocks).map((group) =>
        group.length === 1 ? (
          <BlockSection key={group[0].id} block={group[0]} />
        ) : (
          <div key={group[0].id} className="mx-auto grid w-full max-w-5xl gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {group.map((block) => (
              <BlockSection key={block.id} block={block} />
            ))}
          </div>
        ),
      )}
    </div>
  );
}

function BlockSection({ block }: { block: TBlock }) {
  const Component = useBlockRegistry()[block.type] as React.ComponentType<{ block: TBlock }> | undefined;
  if (!Component) return null;
  return (
    <section id={block.id} data-block={block.type} className="scroll-mt-24">
      <Component block={block} />
    </section>
  );
}

/** Adjacent fact blocks (not dividers) share one row, as a designer lays out key figures. */
export function groupFacts(blocks: TBlock[]): TBlock[][] {
  const groups: TBlock[][] = [];
  for (const block of blocks) {
    const isFact = block.type === "fact" && block.props.variant !== "divider";
    const last = groups[groups.length - 1];
    const lastIsFacts = last?.[0]?.type === "fact" && last[0].props.variant !== "divider";
    if (isFact && lastIsFacts) last.push(block);
    else groups.push([block]);
  }
  return groups;
}
