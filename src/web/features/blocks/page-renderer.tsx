import { use } from "react";
import { useTranslation } from "../../i18n/use-translation";
import type { Translator } from "../../i18n/translator";
import { Link } from "react-router";
import type { TBlock } from "../../../domain/page";
import { Icon } from "../../components/ui/icon";
import { type BlockRegistry, useBlockRegistry } from "./block-registry";
import type { BlockPlace } from "./types";

export interface PageRendererProps {
  blocks: TBlock[];
  /** Visually hidden page heading so every page has one h1 even when its first block has none. */
  headingTitle?: string;
  back?: { to: string; text: string };
  /** The course element these blocks are on: interactive blocks report their results there (issue 13). */
  place?: BlockPlace;
}

/**
 * Seed 2.5: the universal page renderer draws a component list, with an optional back link.
 * Block components are fetched per type (features/blocks/registry.ts); the renderer waits until
 * those of its blocks are in, so a page never shows half its blocks (`prepareBlocks` fetches both
 * ahead, for content that arrives in a popup). The server has them all
 * (entry.server.tsx), the first page in the browser has them before it hydrates (entry.client.tsx),
 * and within a navigation the previous page stays on screen until the new one is whole.
 */
export function PageRenderer({ blocks, headingTitle, back, place }: PageRendererProps) {
  const registry = useBlockRegistry();
  const types = blocks.map((b) => b.type);
  // The blocks' language packs, likewise (the translator suspends until they are in).
  useTranslation(registry.packs(types));
  const wait = registry.pending(types);
  if (wait) use(wait);
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
          <BlockSection key={group[0].id} block={group[0]} place={place} />
        ) : (
          <div key={group[0].id} className="mx-auto grid w-full max-w-5xl gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {group.map((block) => (
              <BlockSection key={block.id} block={block} place={place} />
            ))}
          </div>
        ),
      )}
    </div>
  );
}

function BlockSection({ block, place }: { block: TBlock; place?: BlockPlace }) {
  if (!useBlockRegistry().has(block.type)) return null;
  return (
    <section id={block.id} data-block={block.type} className="scroll-mt-24">
      <BlockView block={block} place={place} />
    </section>
  );
}

function BlockView({ block, place }: { block: TBlock; place?: BlockPlace }) {
  const registry = useBlockRegistry();
  const Component = (registry.ready(block.type) ?? use(registry.load(block.type))) as React.ComponentType<{ block: TBlock; place?: BlockPlace }>;
  return <Component block={block} place={place} />;
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

/** Fetches what a PageRenderer of these blocks waits for (their components and language packs), e.g. with a popup's content. */
export async function prepareBlocks(registry: BlockRegistry, i18n: Translator, blocks: readonly TBlock[]): Promise<void> {
  const types = blocks.map((b) => b.type);
  await Promise.all([registry.pending(types), i18n.loadNamespaces(registry.packs(types))]);
}
