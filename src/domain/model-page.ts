import { isAppError } from "./errors";
import type { TBlock } from "./page";

/** The models a content page can be bound to, besides plain pages. */
export type TPageModelName = "course" | "element" | "microcourse";

/**
 * The page bound to a model from a lookup that fails with PAGE_NOT_FOUND when the model has no page
 * the viewer may see: that is no page (null), not a failure. Any other failure stays one.
 */
export async function modelPageOrNull<T>(lookup: Promise<T>): Promise<T | null> {
  try {
    return await lookup;
  } catch (e) {
    if (isAppError(e, "PAGE_NOT_FOUND")) return null;
    throw e;
  }
}

/** The blocks a model's page shows: none without a page or without components. */
export function modelPageBlocks(page: { components?: TBlock[] | null } | null | undefined): TBlock[] {
  return page?.components ?? [];
}
