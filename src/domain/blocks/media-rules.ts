import { type VideoHost, videoEmbedUrl, videoHost } from "../video-host";
import { numberFormat } from "../intl";

/* Media rules of the blocks, without zod: the browser runs these when it draws media blocks (docs/decisions/0020-lean-client.md). */

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
  return numberFormat(lang, { style: "unit", unit: SIZE_UNITS[i], unitDisplay, maximumFractionDigits: i === 0 ? 0 : 1 }).format(value);
}

/** The before/after divider stays within 0..100 %. */
export function clampPercent(value: number): number {
  if (Number.isNaN(value)) return 50;
  return Math.min(100, Math.max(0, value));
}
