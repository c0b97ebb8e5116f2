import { randomUUID } from "node:crypto";
import { AppError } from "../../../domain/errors";
import { storedExtension, type TMedia, type TMediaPage, type TMediaQuery } from "../../../domain/media";
import { mayAuthorContent } from "../../../domain/studio-policy";
import type { TUser } from "../../../domain/user";
import { processImage } from "./images";
import type { MediaRepo, MediaRow, MediaRowWithUse } from "./repo";
import type { ByteRange, MediaStorage, StoredObject } from "./storage/storage";
import { receiveUpload } from "./upload";

export interface MediaDeps {
  repo: MediaRepo;
  storage: MediaStorage;
  portalId: string;
}

/** The media library's access rule: the studio's authors (admin, mp-admin, mp-leader). */
export function assertMediaAuthor(who: Pick<TUser, "id" | "status" | "roles">): void {
  if (!mayAuthorContent(who)) throw new AppError("AUTHORS_ONLY", "The media library is for admins, mp-admin and mp-leader");
}

export const mediaUrl = (key: string) => `/media/${key}`;

function present(row: MediaRowWithUse): TMedia {
  return {
    id: row.id,
    kind: row.kind,
    mime: row.mime,
    name: row.name,
    size: row.size,
    width: row.width,
    height: row.height,
    url: mediaUrl(row.key),
    variants: row.variants.map((v) => ({ width: v.width, url: mediaUrl(v.key), mime: v.mime })),
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy,
    usedBy: row.usedBy,
  };
}

/** Every storage key of a row: the original and its variants. */
const keysOf = (row: Pick<MediaRow, "key" | "variants">) => [row.key, ...row.variants.map((v) => v.key)];

export interface UploadRequest {
  name: string;
  body: AsyncIterable<Buffer>;
  declaredLength?: number;
}

/** A file asked for by its public URL: what to answer with. */
export interface ServedMedia {
  mime: string;
  /** Non-media files download (Content-Disposition: attachment) under their uploaded name. */
  attachment: string | null;
  object: StoredObject;
}

/**
 * Media uploads and the library (issue 15, docs/api/media.md, docs/decisions/0051). Uploads are
 * content-addressed: the same bytes uploaded twice on a portal are one row and one set of files,
 * and the second upload answers with the first's row (created: false).
 */
export function createMediaService({ repo, storage, portalId }: MediaDeps) {
  async function storeFiles(sha256: string, up: Awaited<ReturnType<typeof receiveUpload>>) {
    const ext = storedExtension(up.mime);
    const key = `${sha256}.${ext}`;
    if (up.kind !== "image") {
      await storage.put(key, { path: up.path, size: up.size }, up.mime);
      return { key, size: up.size, width: null, height: null, variants: [] };
    }
    const img = await processImage(up.bytes!, up.mime);
    await storage.put(key, { bytes: img.original.bytes }, img.original.mime);
    const variants: MediaRow["variants"] = [];
    for (const v of img.variants) {
      const vkey = `${sha256}${v.suffix}`;
      await storage.put(vkey, { bytes: v.bytes }, v.mime);
      variants.push({ width: v.width, key: vkey, mime: v.mime, size: v.bytes.length });
    }
    return { key, size: img.original.bytes.length, width: img.width, height: img.height, variants };
  }

  return {
    async upload(actor: TUser, req: UploadRequest): Promise<{ media: TMedia; created: boolean }> {
      assertMediaAuthor(actor);
      const up = await receiveUpload(req.body, req.name, req.declaredLength);
      try {
        const existing = await repo.bySha(portalId, up.sha256);
        if (existing) return { media: present({ ...existing, usedBy: await countUses(existing.id) }), created: false };
        const stored = await storeFiles(up.sha256, up);
        const id = `md-${randomUUID()}`;
        const row = await repo.change(portalId, actor.id, async (w) => {
          const inserted = await w.insert({ id, portalId, sha256: up.sha256, kind: up.kind, mime: up.mime, name: req.name, createdBy: actor.id, ...stored });
          if (inserted) await w.audit("media.upload", id);
          return inserted;
        });
        // Another upload of the same bytes won the race: its row stands (the files are the same).
        if (!row) return { media: present({ ...(await repo.bySha(portalId, up.sha256))!, usedBy: 0 }), created: false };
        return { media: present({ ...row, usedBy: 0 }), created: true };
      } finally {
        await up.cleanup();
      }
    },

    async list(actor: TUser, q: TMediaQuery): Promise<TMediaPage> {
      assertMediaAuthor(actor);
      const rows = await repo.page(portalId, q);
      return { media: rows.map(present), nextBefore: rows.length === q.limit ? rows[rows.length - 1]!.id : null };
    },

    async unused(actor: TUser): Promise<{ media: TMedia[] }> {
      assertMediaAuthor(actor);
      return { media: (await repo.unused(portalId)).map(present) };
    },

    /**
     * Removes a file nothing names: its row, its audit row, then its stored files (unless another
     * portal holds the same bytes). In use: MEDIA-IN-USE (409) with where, and nothing changes; there
     * is no forcing it (decision 0048: a broken image on a live page is worse than a stray file).
     */
    async remove(actor: TUser, id: string): Promise<void> {
      assertMediaAuthor(actor);
      const removed = await repo.change(portalId, actor.id, async (w) => {
        const row = await w.lock(id);
        if (!row) throw new AppError("NOT_FOUND", `No media ${id}`);
        const usedBy = await w.usage(id);
        if (usedBy.length) throw new AppError("MEDIA_IN_USE", `Media ${id} is in use`, { usedBy });
        await w.remove(id);
        await w.audit("media.delete", id);
        return { row, lastHolder: (await w.holders(row.sha256)) === 0 };
      });
      if (removed.lastHolder) for (const key of keysOf(removed.row)) await storage.delete(key);
    },

    /** A stored file by its public name, while a row names it; null otherwise. */
    async serve(file: string, range?: (size: number) => ByteRange | null | "unsatisfiable"): Promise<ServedMedia | "unsatisfiable" | null> {
      const m = /^([0-9a-f]{64})(?:-[0-9]{1,5})?\.[a-z0-9]{2,5}$/.exec(file);
      if (!m) return null;
      const row = await repo.anyBySha(m[1]!);
      if (!row) return null;
      const mime = row.key === file ? row.mime : row.variants.find((v) => v.key === file)?.mime;
      if (!mime) return null;
      const size = await storage.head(file);
      if (size === null) return null;
      const r = range?.(size) ?? null;
      if (r === "unsatisfiable") return r;
      const object = await storage.get(file, r ?? undefined);
      if (!object) return null;
      return { mime, attachment: row.kind === "file" ? row.name : null, object };
    },
  };

  async function countUses(id: string) {
    return (await repo.usage(id)).reduce((n, u) => n + u.count, 0);
  }
}
export type MediaService = ReturnType<typeof createMediaService>;
