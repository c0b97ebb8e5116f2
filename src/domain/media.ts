import { ASCII_CONTROLS, BINARY_CONTROL } from "./validation/control-chars";
import { ZText } from "./validation/safe-text";
import { z } from "zod";

/**
 * Media uploads and the media library (issue 15, docs/api/media.md, docs/decisions/0051). The type of
 * an upload comes from its bytes, never from its name or the declared Content-Type; the name's
 * extension must agree with what the bytes are. Limits per kind, variant widths and the shapes the
 * API answers with live here: the server and the studio's screens share them.
 */

export const MEDIA_KINDS = ["image", "audio", "video", "file"] as const;
export type TMediaKind = (typeof MEDIA_KINDS)[number];

/** Largest upload per kind, in bytes. */
export const MEDIA_LIMITS: Record<TMediaKind, number> = {
  image: 10 * 1024 * 1024,
  audio: 50 * 1024 * 1024,
  video: 200 * 1024 * 1024,
  file: 25 * 1024 * 1024,
};
/** No kind allows more: a Content-Length above this is refused before a byte is read. */
export const MEDIA_MAX_BYTES = Math.max(...Object.values(MEDIA_LIMITS));

/** Widths of an image's responsive variants; an image gets only those narrower than itself (never upscaled). */
export const MEDIA_VARIANT_WIDTHS = [320, 640, 1280, 1920] as const;

/** How many bytes the type detection looks at. */
export const MEDIA_SNIFF_BYTES = 4096;

export const MEDIA_NAME_MAX = 200;

/** The types we accept: mime, kind, and the extensions a name of that content may carry. */
export const MEDIA_TYPES = {
  "image/jpeg": { kind: "image", ext: ["jpg", "jpeg", "jpe"] },
  "image/png": { kind: "image", ext: ["png"] },
  "image/webp": { kind: "image", ext: ["webp"] },
  "image/gif": { kind: "image", ext: ["gif"] },
  "audio/mpeg": { kind: "audio", ext: ["mp3"] },
  "audio/ogg": { kind: "audio", ext: ["ogg", "oga", "opus"] },
  "audio/wav": { kind: "audio", ext: ["wav"] },
  "audio/mp4": { kind: "audio", ext: ["m4a"] },
  "video/mp4": { kind: "video", ext: ["mp4", "m4v"] },
  "video/webm": { kind: "video", ext: ["webm"] },
  "application/pdf": { kind: "file", ext: ["pdf"] },
  "application/zip": { kind: "file", ext: ["zip"] },
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": { kind: "file", ext: ["docx"] },
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": { kind: "file", ext: ["xlsx"] },
  "application/vnd.openxmlformats-officedocument.presentationml.presentation": { kind: "file", ext: ["pptx"] },
  "text/plain": { kind: "file", ext: ["txt", "text", "csv", "md", "log"] },
} as const satisfies Record<string, { kind: TMediaKind; ext: readonly string[] }>;
export type TMediaMime = keyof typeof MEDIA_TYPES;

const has = (b: Uint8Array, at: number, bytes: number[] | string) => {
  const seq = typeof bytes === "string" ? [...bytes].map((c) => c.charCodeAt(0)) : bytes;
  return b.length >= at + seq.length && seq.every((v, i) => b[at + i] === v);
};

/** Text a browser would run or render as markup: never accepted as plain text (SVG is refused, decision 0048). */
const MARKUP = /^\s*(<\?xml|<svg|<!doctype\s+html|<html|<script|<!--|<head|<body|<iframe)/i;

/** Plain UTF-8 text: decodes strictly, with no control characters but tab, line feed, carriage return and form feed. */
function isPlainText(b: Uint8Array, complete: boolean): boolean {
  if (b.length === 0) return false;
  // A prefix may end inside a multi-byte character: drop up to 3 trailing continuation bytes.
  let end = b.length;
  if (!complete) {
    let back = 0;
    while (back < 3 && end - back - 1 >= 0 && ((b[end - back - 1] ?? 0) & 0xc0) === 0x80) back++;
    if (end - back - 1 >= 0 && ((b[end - back - 1] ?? 0) & 0xc0) === 0xc0) end = end - back - 1;
  }
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(b.subarray(0, end));
  } catch {
    return false;
  }
  if (BINARY_CONTROL.test(text)) return false;
  return !MARKUP.test(text.replace(/^\uFEFF/, ""));
}

/**
 * What the bytes are, from their magic numbers; null for anything we do not accept (SVG, HTML,
 * executables, unknown binaries). `complete` says `head` is the whole file (text detection).
 * ZIP containers are told apart by the name (docx/xlsx/pptx or zip): checking their inside is not cheap.
 */
export function detectMediaType(head: Uint8Array, ext: string, complete = false): TMediaMime | null {
  const b = head;
  if (has(b, 0, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (has(b, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (has(b, 0, "GIF87a") || has(b, 0, "GIF89a")) return "image/gif";
  if (has(b, 0, "RIFF") && has(b, 8, "WEBP")) return "image/webp";
  if (has(b, 0, "RIFF") && has(b, 8, "WAVE")) return "audio/wav";
  if (has(b, 0, "OggS")) return "audio/ogg";
  if (has(b, 0, "ID3") || (b.length >= 2 && b[0] === 0xff && ((b[1] ?? 0) & 0xe6) === 0xe2)) return "audio/mpeg";
  if (has(b, 4, "ftyp")) return has(b, 8, "M4A ") ? "audio/mp4" : "video/mp4";
  if (has(b, 0, [0x1a, 0x45, 0xdf, 0xa3])) return "video/webm";
  if (has(b, 0, "%PDF-")) return "application/pdf";
  if (has(b, 0, [0x50, 0x4b, 0x03, 0x04])) {
    if (ext === "docx") return "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
    if (ext === "xlsx") return "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
    if (ext === "pptx") return "application/vnd.openxmlformats-officedocument.presentationml.presentation";
    return "application/zip";
  }
  return isPlainText(b, complete) ? "text/plain" : null;
}

/** The lower-case extension of a file name ("" without one). */
export function extensionOf(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  const dot = base.lastIndexOf(".");
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : "";
}

/** True when a name's extension is one of the detected type's; a name without one agrees with anything. */
export function extensionAgrees(mime: TMediaMime, ext: string): boolean {
  return ext === "" || (MEDIA_TYPES[mime].ext as readonly string[]).includes(ext);
}

/**
 * A name safe to show and to offer as a download name: the last path segment only (no `../`), no
 * control characters, no quotes or backslashes, trimmed and capped. Empty becomes "file".
 */
export function safeMediaName(name: string): string {
  const base = (name.split(/[\\/]/).pop() ?? "").replace(ASCII_CONTROLS, "").replace(/"/g, "").replace(/^\.+/, "").trim();
  return (base || "file").slice(-MEDIA_NAME_MAX);
}

/** The file extension a stored key gets for a type. */
export const storedExtension = (mime: TMediaMime) => MEDIA_TYPES[mime].ext[0];

export const ZMediaId = ZText.regex(/^md-[0-9a-f-]{36}$/);

export const ZMediaVariant = z.object({ width: z.number().int(), url: z.string(), mime: z.string() });

export const ZMedia = z.object({
  id: ZMediaId,
  kind: z.enum(MEDIA_KINDS),
  mime: z.string(),
  name: z.string(),
  size: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  url: z.string(),
  variants: z.array(ZMediaVariant),
  createdAt: z.string(),
  createdBy: z.string(),
  usedBy: z.number().int(),
});
export type TMedia = z.infer<typeof ZMedia>;

export const ZMediaPage = z.object({ media: z.array(ZMedia), nextBefore: z.string().nullable() });
export type TMediaPage = z.infer<typeof ZMediaPage>;

export const ZMediaQuery = z
  .object({
    kind: z.enum(MEDIA_KINDS).optional(),
    q: ZText.trim().max(100).optional(),
    /** The previous page's nextBefore: the id of its last item; the page goes on after it. */
    before: ZMediaId.optional(),
    limit: z.coerce.number().int().min(1).max(100).default(48),
  })
  .strict();
export type TMediaQuery = z.infer<typeof ZMediaQuery>;

export const ZMediaUnused = z.object({ media: z.array(ZMedia) });

/** Where a media file is used: one entry per referencing source (pages, courses, ...) with its row count. */
export const ZMediaUsage = z.object({ usedBy: z.array(z.object({ source: z.string(), count: z.number().int() })) });
export type TMediaUsage = z.infer<typeof ZMediaUsage>;

/** The request header carrying an upload's file name (percent-encoded UTF-8). */
export const MEDIA_NAME_HEADER = "x-file-name";
