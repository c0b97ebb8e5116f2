import { createContext, useContext } from "react";
import type { LanguagePackage } from "../../../domain/constants";
import type { TBlockType } from "../../../domain/page";
import { BLOCK_PACKS } from "../../i18n/page-packs";
import type { BlockOf } from "./types";

export type BlockComponent<T extends TBlockType> = React.ComponentType<{ block: BlockOf<T> }>;
/** How to fetch each block type's component: a dynamic import, so a page loads only the blocks it shows. */
export type BlockLoaders = { [T in TBlockType]: () => Promise<BlockComponent<T>> };
type AnyBlockComponent = React.ComponentType<{ block: never }>;

/**
 * The block components of the app, fetched per type on first use (docs/decisions/0020-lean-client.md).
 * `ready` answers synchronously once a type has loaded; `load` starts (or joins) the fetch; `pending`
 * is null when every type of a list is ready, else one promise (the same one for the same list, as
 * React's `use` wants) that settles when they are. `packs` names the language packs blocks of
 * those types draw their texts from.
 */
export interface BlockRegistry {
  has(type: string): type is TBlockType;
  ready(type: TBlockType): AnyBlockComponent | undefined;
  load(type: TBlockType): Promise<AnyBlockComponent>;
  pending(types: readonly string[]): Promise<unknown> | null;
  packs(types: readonly string[]): LanguagePackage[];
  /** Every block type; the server loads them all before its first render. */
  loadAll(): Promise<unknown>;
}

/**
 * `extraPacks`: packs some block types need beyond BLOCK_PACKS (a form's validation texts are in the
 * auth pack, API errors in the errors pack).
 */
export function createBlockRegistry(loaders: Partial<BlockLoaders>, extraPacks: Partial<Record<TBlockType, readonly LanguagePackage[]>> = {}): BlockRegistry {
  const ready = new Map<TBlockType, AnyBlockComponent>();
  const loading = new Map<TBlockType, Promise<AnyBlockComponent>>();
  const waits = new Map<string, Promise<unknown>>();
  const has = (type: string): type is TBlockType => Object.hasOwn(loaders, type);

  function load(type: TBlockType): Promise<AnyBlockComponent> {
    let promise = loading.get(type);
    if (!promise) {
      const loader = loaders[type] as (() => Promise<AnyBlockComponent>) | undefined;
      if (!loader) return Promise.reject(new Error(`No block component for '${type}'`));
      promise = loader().then(
        (component) => {
          ready.set(type, component);
          return component;
        },
        (e: unknown) => {
          // A chunk that failed to load (offline, a new deployment) is fetched again next time.
          loading.delete(type);
          throw e;
        },
      );
      loading.set(type, promise);
    }
    return promise;
  }

  return {
    has,
    ready: (type) => ready.get(type),
    load,
    pending(types) {
      const missing = [...new Set(types)].filter((t): t is TBlockType => has(t) && !ready.has(t)).sort();
      if (missing.length === 0) return null;
      const key = missing.join(" ");
      let wait = waits.get(key);
      if (!wait) {
        wait = Promise.all(missing.map(load)).finally(() => waits.delete(key));
        waits.set(key, wait);
      }
      return wait;
    },
    packs(types) {
      if (types.length === 0) return [];
      const out = new Set<LanguagePackage>(BLOCK_PACKS);
      for (const t of types) if (has(t)) for (const pkg of extraPacks[t] ?? []) out.add(pkg);
      return [...out];
    },
    loadAll: () => Promise.all((Object.keys(loaders) as TBlockType[]).map(load)),
  };
}

/**
 * The block registry, injected at the top (root.tsx provides registry.tsx's BLOCKS). Content renders
 * content: a policy page's blocks hold a form whose consent link opens the policy again, so the page
 * renderer must not import the block components itself, or they would import one another in a loop.
 */
export const BlockRegistryContext = createContext<BlockRegistry>(createBlockRegistry({}));

export function useBlockRegistry(): BlockRegistry {
  return useContext(BlockRegistryContext);
}
