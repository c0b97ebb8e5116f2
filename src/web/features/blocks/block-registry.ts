import { createContext, useContext } from "react";
import type { TBlockType } from "../../../domain/page";
import type { BlockOf } from "./types";

export type BlockComponent<T extends TBlockType> = React.ComponentType<{ block: BlockOf<T> }>;
export type BlockRegistry = { [T in TBlockType]: BlockComponent<T> };

/**
 * The block registry, injected at the top (root.tsx provides registry.tsx's BLOCKS). Content renders
 * content: a policy page's blocks hold a form whose consent link opens the policy again, so the page
 * renderer must not import the block components itself, or they would import one another in a loop.
 */
export const BlockRegistryContext = createContext<Partial<BlockRegistry>>({});

export function useBlockRegistry(): Partial<BlockRegistry> {
  return useContext(BlockRegistryContext);
}
