import { and, desc, eq, ilike, sql } from "drizzle-orm";
import type { TMediaKind, TMediaQuery } from "../../../domain/media";
import type { Db } from "../../db/client";
import { likeLiteral } from "../../db/like";
import { auditLog } from "../../db/schema/audit";
import { media } from "../../db/schema/media";
import { inTransaction } from "../../db/transaction";
import { allReferences, MEDIA_REFERENCE_SOURCES, referencesIn } from "./references";

export type MediaRow = typeof media.$inferSelect;
export type MediaRowWithUse = MediaRow & { usedBy: number };

const usedBy = allReferences(sql`${media.sha256}`).as("used_by");

function reads(db: Db) {
  const list = async (portalId: string, where: ReturnType<typeof and>, limit: number): Promise<MediaRowWithUse[]> => {
    const rows = await db
      .select({ row: media, usedBy })
      .from(media)
      .where(and(eq(media.portalId, portalId), where))
      .orderBy(desc(media.createdAt), desc(media.id))
      .limit(limit);
    return rows.map((r) => ({ ...r.row, usedBy: Number(r.usedBy) }));
  };
  return {
    /** The library, newest first. */
    page(portalId: string, q: TMediaQuery) {
      return list(
        portalId,
        and(
          q.kind ? eq(media.kind, q.kind) : undefined,
          q.q ? ilike(media.name, `%${likeLiteral(q.q)}%`) : undefined,
          // Newest first by (createdAt, id): the page goes on strictly after the cursor's row, ties included.
          q.before
            ? sql`(${media.createdAt}, ${media.id}) < (select c.${sql.identifier(media.createdAt.name)}, c.${sql.identifier(media.id.name)} from ${media} as c where c.${sql.identifier(media.id.name)} = ${q.before})`
            : undefined,
        ),
        q.limit,
      );
    },
    /** Every file of the portal nothing names (MEDIA_REFERENCE_SOURCES), newest first. */
    unused(portalId: string) {
      return list(portalId, sql`${allReferences(sql`${media.sha256}`)} = 0`, 1000);
    },
    async byId(portalId: string, id: string): Promise<MediaRow | null> {
      const [row] = await db
        .select()
        .from(media)
        .where(and(eq(media.portalId, portalId), eq(media.id, id)));
      return row ?? null;
    },
    async bySha(portalId: string, sha256: string): Promise<MediaRow | null> {
      const [row] = await db
        .select()
        .from(media)
        .where(and(eq(media.portalId, portalId), eq(media.sha256, sha256)));
      return row ?? null;
    },
    /** Any portal's row for a stored file: the public route serves a file while some row names it. */
    async anyBySha(sha256: string): Promise<MediaRow | null> {
      const [row] = await db.select().from(media).where(eq(media.sha256, sha256)).limit(1);
      return row ?? null;
    },
    /** Per source, how many rows name the file of media `id` (sources with none left out). */
    async usage(id: string): Promise<Array<{ source: string; count: number }>> {
      const [row] = (await db
        .select(Object.fromEntries(MEDIA_REFERENCE_SOURCES.map((s) => [s.name, referencesIn(s.table, sql`${media.sha256}`)])))
        .from(media)
        .where(eq(media.id, id))) as Array<Record<string, number>>;
      return MEDIA_REFERENCE_SOURCES.map((s) => ({ source: s.name, count: Number(row?.[s.name] ?? 0) })).filter((u) => u.count > 0);
    },
  };
}

export interface MediaInsert {
  id: string;
  portalId: string;
  sha256: string;
  kind: TMediaKind;
  mime: string;
  name: string;
  key: string;
  size: number;
  width: number | null;
  height: number | null;
  variants: MediaRow["variants"];
  createdBy: string;
}

function writes(db: Db, portalId: string, actorId: string) {
  return {
    ...reads(db),
    /** The new row, or null when the portal already has these bytes (the caller returns that row). */
    async insert(row: MediaInsert): Promise<MediaRow | null> {
      const [inserted] = await db
        .insert(media)
        .values(row)
        .onConflictDoNothing({ target: [media.portalId, media.sha256] })
        .returning();
      return inserted ?? null;
    },
    async remove(id: string): Promise<void> {
      await db.delete(media).where(and(eq(media.portalId, portalId), eq(media.id, id)));
    },
    /** Locks the row until the transaction ends: a delete and a reference check see the same state. */
    async lock(id: string): Promise<MediaRow | null> {
      const [row] = await db
        .select()
        .from(media)
        .where(and(eq(media.portalId, portalId), eq(media.id, id)))
        .for("update");
      return row ?? null;
    },
    /** How many rows of any portal still hold the hash (a file is shared by portals that uploaded the same bytes). */
    async holders(sha256: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(media)
        .where(eq(media.sha256, sha256));
      return Number(row?.n ?? 0);
    },
    async audit(action: "media.upload" | "media.delete", entityId: string): Promise<void> {
      await db.insert(auditLog).values({ portalId, actorId, action, entityType: "media", entityId, summary: {} });
    },
  };
}
export type MediaWrites = ReturnType<typeof writes>;

export function createMediaRepo(db: Db) {
  return {
    ...reads(db),
    /** One change of the library with its audit row, in one transaction; throwing rolls both back. */
    change<T>(portalId: string, actorId: string, work: (w: MediaWrites) => Promise<T>): Promise<T> {
      return inTransaction(db, (tx) => work(writes(tx, portalId, actorId)));
    },
  };
}
export type MediaRepo = ReturnType<typeof createMediaRepo>;
