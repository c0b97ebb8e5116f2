import { z } from "zod";

/** The files of a backup directory (docs/decisions/0069). */
export const BACKUP_FILES = { manifest: "manifest.json", database: "database.sql", media: "media" } as const;

/** Bumped when the layout of a backup changes; a build refuses formats it does not know. */
export const BACKUP_FORMAT = 1;

export const ZBackupManifest = z.object({
  format: z.literal("mentora-backup"),
  formatVersion: z.number().int().min(1),
  /** package.json version of the build that made it. */
  appVersion: z.string(),
  createdAt: z.string().datetime(),
  /** Where the database came from. */
  source: z.enum(["pglite", "postgres"]),
  /** The last migration applied to the database (drizzle's created_at is the journal's `when`). */
  migrations: z.object({ count: z.number().int().min(0), lastTag: z.string().nullable(), lastWhen: z.number().int().nullable() }),
  database: z.object({ file: z.literal(BACKUP_FILES.database), sha256: z.string().regex(/^[0-9a-f]{64}$/), bytes: z.number().int().min(0) }),
  /** Rows per table ("schema.table"), checked again after a restore. */
  counts: z.record(z.string(), z.number().int().min(0)),
  media: z.object({
    /** local: the files are in media/; s3: they stay in the bucket (not copied). */
    storage: z.enum(["local", "s3"]),
    files: z.number().int().min(0),
    bytes: z.number().int().min(0),
  }),
});

export type TBackupManifest = z.infer<typeof ZBackupManifest>;
