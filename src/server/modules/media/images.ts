import sharp, { type Metadata, type Sharp } from "sharp";
import { AppError } from "../../../domain/errors";
import { MEDIA_VARIANT_WIDTHS, storedExtension, type TMediaMime } from "../../../domain/media";

/** A decoded image may not exceed this many pixels (a small file can decode to gigabytes). */
const MAX_PIXELS = 50_000_000;

export interface ImageFile {
  suffix: string;
  mime: string;
  bytes: Buffer;
  width: number;
}
export interface ProcessedImage {
  width: number;
  height: number;
  original: { mime: string; bytes: Buffer };
  variants: ImageFile[];
}

function encode(img: Sharp, mime: string): Sharp {
  if (mime === "image/jpeg") return img.jpeg({ quality: 85, mozjpeg: true });
  if (mime === "image/png") return img.png({ compressionLevel: 9 });
  return img.webp({ quality: 82 });
}

/**
 * An uploaded image made safe to publish (docs/decisions/0051): turned upright by its EXIF orientation
 * and re-encoded in its own format without any metadata (EXIF, GPS, XMP, ICC comments); responsive
 * variants at MEDIA_VARIANT_WIDTHS narrower than the image, in WebP and in the original's format.
 * A GIF keeps its bytes (animation; GIF carries no EXIF) and gets WebP variants of its first frame.
 * Bytes that do not decode are MEDIA-TYPE-UNSUPPORTED.
 */
export async function processImage(bytes: Buffer, mime: TMediaMime): Promise<ProcessedImage> {
  const open = () => sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: "error" }).rotate();
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: MAX_PIXELS }).metadata();
  } catch (e) {
    throw new AppError("MEDIA_TYPE_UNSUPPORTED", `The image does not decode: ${(e as Error).message}`);
  }
  if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_PIXELS) throw new AppError("MEDIA_TOO_LARGE", `Over ${MAX_PIXELS} pixels`);
  try {
    const gif = mime === "image/gif";
    const original = gif
      ? { data: bytes, info: { width: meta.width ?? 0, height: meta.pageHeight ?? meta.height ?? 0 } }
      : await encode(open(), mime).toBuffer({ resolveWithObject: true });
    const { width, height } = original.info;
    const variants: ImageFile[] = [];
    for (const w of MEDIA_VARIANT_WIDTHS.filter((v) => v < width)) {
      const formats = gif || mime === "image/webp" ? ["image/webp"] : ["image/webp", mime];
      for (const f of formats) {
        const out = await encode(open().resize({ width: w, withoutEnlargement: true }), f).toBuffer();
        variants.push({ suffix: `-${w}.${f === "image/webp" ? "webp" : storedExtension(mime)}`, mime: f, bytes: out, width: w });
      }
    }
    return { width, height, original: { mime, bytes: original.data }, variants };
  } catch (e) {
    if (e instanceof AppError) throw e;
    throw new AppError("MEDIA_TYPE_UNSUPPORTED", `The image does not decode: ${(e as Error).message}`);
  }
}
