import type { TBlockType } from "../../../domain/page";
import { EmbedBlock } from "./embed-block";
import { FactBlock } from "./fact-block";
import { FaqBlock } from "./faq-block";
import { PhotoBlock } from "./photo-block";
import { QuoteBlock } from "./quote-block";
import { TextBlock } from "./text-block";

import type { BlockOf } from "./types";
export type BlockComponent<T extends TBlockType> = React.ComponentType<{ block: BlockOf<T> }>;

/** The block registry: one component per block type. Later capabilities register theirs here. */
export const BLOCKS: { [T in TBlockType]: BlockComponent<T> } = {
  text: TextBlock,
  fact: FactBlock,
  photo: PhotoBlock,
  quote: QuoteBlock,
  faq: FaqBlock,
  embed: EmbedBlock,
};
