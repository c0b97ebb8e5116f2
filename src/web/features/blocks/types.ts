import type { TBlock, TBlockType } from "../../../domain/page";

export type BlockOf<T extends TBlockType> = Extract<TBlock, { type: T }>;

/** Where blocks are shown when that is an element of a course: interactive blocks report their results there (issue 13). */
export interface BlockPlace {
  courseId: string;
  elementId: string;
}
