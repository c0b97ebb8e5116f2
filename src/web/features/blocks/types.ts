import type { TBlock, TBlockType } from "../../../domain/page";

export type BlockOf<T extends TBlockType> = Extract<TBlock, { type: T }>;
