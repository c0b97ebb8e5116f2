import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { TMediaKind } from "../../../domain/media";
import { portals } from "./portal";

/** A stored variant of an image: its width, storage key and type. */
export interface MediaVariantRow {
  width: number;
  key: string;
  mime: string;
  size: number;
}

/**
 * The media library (issue 15, docs/decisions/0051): one row per distinct file of a portal. Files are
 * content-addressed: `sha256` is the hash of the uploaded bytes, and the storage keys start with it,
 * so the same bytes uploaded twice are one row and one stored file. The uploader is kept as an id
 * without a foreign key, as in the audit log.
 */
export const media = pgTable(
  "media",
  {
    id: text("id").primaryKey(),
    portalId: text("portal_id")
      .notNull()
      .references(() => portals.id, { onDelete: "cascade" }),
    sha256: text("sha256").notNull(),
    kind: text("kind").$type<TMediaKind>().notNull(),
    mime: text("mime").notNull(),
    /** The uploaded name, made safe (src/domain/media.ts safeMediaName); shown and offered on download. */
    name: text("name").notNull(),
    /** Key of the stored original (metadata stripped for images). */
    key: text("key").notNull(),
    size: bigint("size", { mode: "number" }).notNull(),
    width: integer("width"),
    height: integer("height"),
    variants: jsonb("variants").$type<MediaVariantRow[]>().notNull().default([]),
    createdBy: text("created_by").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("media_portal_sha").on(t.portalId, t.sha256), index("media_portal_created").on(t.portalId, t.createdAt), index("media_sha").on(t.sha256)],
);
