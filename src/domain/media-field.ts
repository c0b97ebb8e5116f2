import { z } from "zod";
import type { TMediaKind } from "./media";

/*
 * How a schema says that a field holds the address of an image, an audio, a video or a file
 * (docs/decisions/0052-media-fields.md): zod metadata under one key, set by `mediaField`. The studio's
 * form generator reads it and gives the field the media picker; zod carries metadata through
 * refinements and checks (`.refine`, `.max`), and `.optional()`/`.nullable()` keep it on their inner
 * schema, which the generator unwraps. The key is named like an OpenAPI extension (`x-`): a JSON
 * Schema made with z.toJSONSchema carries metadata, and an `x-` key keeps such a document valid.
 */

export const MEDIA_META_KEY = "x-media";

/** The schema of an address field, marked with the kind of file it holds. */
export function mediaField<T extends z.ZodType>(schema: T, kind: TMediaKind): T {
  return schema.meta({ [MEDIA_META_KEY]: kind });
}

/** MEDIA_KINDS, not imported: block schemas reach the browser, media.ts's byte sniffing need not (decision 0020). */
const KINDS: readonly string[] = ["image", "audio", "video", "file"] satisfies readonly TMediaKind[];

/** The kind of file a field holds, when its schema was marked by `mediaField`; undefined otherwise. */
export function mediaKindOf(schema: z.core.$ZodType): TMediaKind | undefined {
  const kind = z.globalRegistry.get(schema)?.[MEDIA_META_KEY];
  return typeof kind === "string" && KINDS.includes(kind) ? (kind as TMediaKind) : undefined;
}
