import { z } from "zod";
import { mediaField } from "../media-field";
import { videoSource } from "./media-rules";
import { ZImage, ZLabel, ZSafeUrl, blockSchema } from "./common";

export const ZVideoBlock = blockSchema(
  "video",
  z.object({
    title: ZLabel,
    url: mediaField(ZSafeUrl, "video").refine((u) => videoSource(u) !== null, { error: "Use a YouTube or Vimeo link, or an .mp4/.webm file" }),
    /** What the video shows, for everyone who cannot or does not want to watch it. */
    description: z.string().max(2000).optional(),
    poster: mediaField(ZSafeUrl, "image").optional(),
    /** WebVTT captions for a video file. */
    captions: z.object({ src: mediaField(ZSafeUrl, "file"), lang: z.string().min(2).max(8), label: ZLabel }).optional(),
  }),
);

export const ZAudioBlock = blockSchema(
  "audio",
  z.object({
    title: ZLabel,
    src: mediaField(ZSafeUrl, "audio"),
    description: z.string().max(2000).optional(),
    /** A text version of what is heard. */
    transcript: z.string().max(20_000).optional(),
  }),
);

export const ZGalleryBlock = blockSchema(
  "gallery",
  z.object({
    title: z.string().max(300).optional(),
    images: z
      .array(ZImage.extend({ alt: z.string().trim().min(1).max(500), caption: z.string().max(500).optional() }))
      .min(1)
      .max(60),
  }),
);

export const ZFileBlock = blockSchema(
  "file",
  z.object({
    title: z.string().max(300).optional(),
    description: z.string().max(1000).optional(),
    /** The name the visitor reads and the file is saved as. */
    name: ZLabel,
    url: mediaField(ZSafeUrl, "file"),
    /** Bytes. */
    size: z
      .number()
      .int()
      .min(0)
      .max(50 * 1024 ** 3),
  }),
);

export const ZBeforeAfterBlock = blockSchema(
  "before-after",
  z.object({
    title: z.string().max(300).optional(),
    before: ZImage.extend({ alt: z.string().trim().min(1).max(500), label: ZLabel }),
    after: ZImage.extend({ alt: z.string().trim().min(1).max(500), label: ZLabel }),
    /** Starting share of the "before" image, in percent. */
    start: z.number().min(0).max(100).optional(),
    width: z.number().int().min(1).max(10_000).optional(),
    height: z.number().int().min(1).max(10_000).optional(),
  }),
);
