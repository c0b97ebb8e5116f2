import { createContext, useContext } from "react";

/** Where blocks are shown when that is an element of a course: interactive blocks report their results there. */
export interface BlockPlace {
  courseId: string;
  elementId: string;
}

export const BlockPlaceContext = createContext<BlockPlace | null>(null);

/** The course element the blocks are on, or null on other pages. */
export function useBlockPlace(): BlockPlace | null {
  return useContext(BlockPlaceContext);
}
