import type { z } from "zod";
import { type TBlockType, ZBlock } from "../../../../domain/page";

/** A block type's props schema, from ZBlock (what BlockPropsForm and the server check). */
export function blockPropsSchema(type: TBlockType): z.ZodType {
  const option = ZBlock.options.find((o) => o.shape.type.value === type);
  if (!option) throw new Error(`Unknown block type ${type}`);
  return option.shape.props as z.ZodType;
}
