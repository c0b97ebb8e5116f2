import { createHash } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { finished } from "node:stream/promises";
import { AppError } from "../../../domain/errors";
import {
  detectMediaType,
  extensionAgrees,
  extensionOf,
  MEDIA_LIMITS,
  MEDIA_MAX_BYTES,
  MEDIA_SNIFF_BYTES,
  MEDIA_TYPES,
  type TMediaKind,
  type TMediaMime,
} from "../../../domain/media";

/** An upload read to its end: checked, hashed, and on disk (or in memory for an image, which sharp reads whole). */
export interface ReceivedUpload {
  mime: TMediaMime;
  kind: TMediaKind;
  sha256: string;
  size: number;
  /** Images only. */
  bytes?: Buffer;
  /** The temporary file holding the bytes; `cleanup()` removes it. */
  path: string;
  cleanup(): Promise<void>;
}

interface Detected {
  mime: TMediaMime;
  kind: TMediaKind;
  limit: number;
}

const tooLarge = (kind: TMediaKind | null, limit: number) =>
  new AppError("MEDIA_TOO_LARGE", `Over the limit of ${limit} bytes${kind ? ` for ${kind}` : ""}`, { limit, ...(kind ? { kind } : {}) });

/**
 * Reads an upload's body (docs/decisions/0051): the first bytes tell the type (never the name or the
 * declared Content-Type), the name's extension must agree, and the body streams to a temporary file
 * while it is hashed and counted. Past its kind's limit the reading stops at once: 413, nothing kept.
 */
export async function receiveUpload(body: AsyncIterable<Buffer>, name: string, declaredLength: number | undefined): Promise<ReceivedUpload> {
  if (declaredLength !== undefined && declaredLength > MEDIA_MAX_BYTES) throw tooLarge(null, MEDIA_MAX_BYTES);
  const ext = extensionOf(name);
  const dir = await mkdtemp(path.join(tmpdir(), "mentora-upload-"));
  const file = path.join(dir, "body");
  const cleanup = () => rm(dir, { recursive: true, force: true });
  const out = createWriteStream(file);
  const hash = createHash("sha256");
  const kept: Buffer[] = [];
  let head = Buffer.alloc(0);
  let size = 0;
  let type: Detected | null = null;

  /** The type from the bytes held back so far; the name must agree, the declared length must fit. */
  const detect = (complete: boolean): Detected => {
    const mime = detectMediaType(head, ext, complete);
    if (!mime) throw new AppError("MEDIA_TYPE_UNSUPPORTED", "The content is not a type we accept");
    if (!extensionAgrees(mime, ext)) {
      throw new AppError("MEDIA_TYPE_MISMATCH", `The name says .${ext} but the content is ${mime}`, { detected: mime, extension: ext });
    }
    const kind = MEDIA_TYPES[mime].kind;
    const limit = MEDIA_LIMITS[kind];
    if (declaredLength !== undefined && declaredLength > limit) throw tooLarge(kind, limit);
    return { mime, kind, limit };
  };
  const write = async (chunk: Buffer, t: Detected) => {
    hash.update(chunk);
    if (t.kind === "image") kept.push(chunk);
    if (!out.write(chunk)) await new Promise<void>((resolve) => out.once("drain", resolve));
  };

  try {
    for await (const chunk of body) {
      size += chunk.length;
      if (type) {
        await write(chunk, type);
      } else {
        head = Buffer.concat([head, chunk]);
        if (head.length < MEDIA_SNIFF_BYTES) continue;
        type = detect(false);
        // What was held back for the detection goes out now.
        await write(head, type);
      }
      if (size > type.limit) throw tooLarge(type.kind, type.limit);
    }
    if (size === 0) throw new AppError("MEDIA_TYPE_UNSUPPORTED", "The file is empty");
    if (!type) {
      type = detect(true);
      await write(head, type);
    }
    out.end();
    await finished(out);
    return {
      mime: type.mime,
      kind: type.kind,
      sha256: hash.digest("hex"),
      size,
      ...(type.kind === "image" ? { bytes: Buffer.concat(kept) } : {}),
      path: file,
      cleanup,
    };
  } catch (e) {
    // Writes still queued fail once the stream is destroyed ("Cannot call write after a stream was
    // destroyed"); with no listener that error would be an uncaught exception of the process. The
    // upload is refused and its file removed anyway, so it is dropped.
    out.on("error", () => undefined);
    out.destroy();
    await cleanup();
    throw e;
  }
}
