import { z } from "zod";
import { mediaField } from "../media-field";
import { isSafeUrl } from "./safe-url";

/**
 * Shared pieces of block props. Block props come from the page designer and are stored as JSON, so
 * every address a block renders into href/src is checked here: a site path or an http(s) URL,
 * never `javascript:` or `data:`.
 */

export const ZSafeUrl = z.string().min(1).max(2048).refine(isSafeUrl, { error: "Use a site path (/...) or an http(s) address" });

/** An image with its text alternative; an empty alt marks the image as decorative. */
export const ZImage = z.object({ src: mediaField(ZSafeUrl, "image"), alt: z.string().max(500) });
export type TImage = z.infer<typeof ZImage>;

/** Short visible texts: titles, labels, names. */
export const ZLabel = z.string().trim().min(1).max(300);
/** Longer plain texts: descriptions, answers, bios. */
export const ZParagraph = z.string().trim().min(1).max(5000);

/** A calendar date "YYYY-MM-DD" that exists (2026-02-30 does not). */
export const ZIsoDate = z.iso.date();

/** Makes a block schema: a stable id, its literal type and its props. */
export function blockSchema<T extends string, P extends z.ZodType>(type: T, props: P) {
  return z.object({ id: z.string().min(1).max(120), type: z.literal(type), props });
}
