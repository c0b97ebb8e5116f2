import { z } from "zod";
import { type VideoHost, videoEmbedUrl, videoHost } from "../video-host";
import { ZImage, ZLabel, ZSafeUrl, blockSchema } from "./common";

/** Video files a browser plays in a <video> element, by extension. */
const VIDEO_FILES: Record<string, string> = { mp4: "video/mp4", m4v: "video/mp4", webm: "video/webm", ogv: "video/ogg" };

export type VideoSource = { kind: "hosted"; host: VideoHost; id: string; embedUrl: string } | { kind: "file"; url: string; mime: string };

/**
 * Seed 2.4: a video URL is YouTube or Vimeo by pattern (played in a frame after consent), else a
 * file the page plays itself when its extension is a known video type; anything else is refused.
 */
export function videoSource(url: string): VideoSource | null {
  const hosted = videoHost(url);
  if (hosted) return { kind: "hosted", ...hosted, embedUrl: videoEmbedUrl(hosted) };
  const path = url.split(/[?#]/)[0];
  const ext = /\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase();
  const mime = ext ? VIDEO_FILES[ext] : undefined;
  return mime ? { kind: "file", url, mime } : null;
}

export const ZVideoBlock = blockSchema(
  "video",
  z.object({
    title: ZLabel,
    url: ZSafeUrl.refine((u) => videoSource(u) !== null, { error: "Use a YouTube or Vimeo link, or an .mp4/.webm file" }),
    /** What the video shows, for everyone who cannot or does not want to watch it. */
    description: z.string().max(2000).optional(),
    poster: ZSafeUrl.optional(),
    /** WebVTT captions for a video file. */
    captions: z.object({ src: ZSafeUrl, lang: z.string().min(2).max(8), label: ZLabel }).optional(),
  }),
);

export const ZAudioBlock = blockSchema(
  "audio",
  z.object({
    title: ZLabel,
    src: ZSafeUrl,
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
    url: ZSafeUrl,
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

const SIZE_UNITS = ["byte", "kilobyte", "megabyte", "gigabyte"] as const;

/** "850 B", "12.4 KB", "1.3 MB" in the page language (binary steps of 1024, as file managers do). */
export function formatFileSize(bytes: number, lang: string): string {
  let value = bytes;
  let i = 0;
  while (value >= 1024 && i < SIZE_UNITS.length - 1) {
    value /= 1024;
    i++;
  }
  // Bytes are spelled out: CLDR's short English form is "850 byte".
  const unitDisplay = i === 0 ? "long" : "short";
  return new Intl.NumberFormat(lang, { style: "unit", unit: SIZE_UNITS[i], unitDisplay, maximumFractionDigits: i === 0 ? 0 : 1 }).format(value);
}

/** The before/after divider stays within 0..100 %. */
export function clampPercent(value: number): number {
  if (Number.isNaN(value)) return 50;
  return Math.min(100, Math.max(0, value));
}
