import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { mkdir, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { BackupError } from "./errors";
import { BACKUP_FILES, BACKUP_FORMAT, type TBackupManifest } from "./manifest";
import { copyMediaFiles } from "./media-files";
import { appliedMigrationLevel } from "./migration-level";
import { tableCounts, type SqlTarget } from "./sql-target";

export interface CreateBackupOptions {
  /** The database, read for the migration level and the row counts. */
  source: SqlTarget;
  /** Makes the plain SQL dump of the same database. */
  dump: () => Promise<string>;
  /** The local media directory, or null when media live in S3-compatible storage (not copied). */
  mediaDir: string | null;
  /** A directory that does not exist yet or is empty. */
  outDir: string;
  appVersion: string;
}

/** The app's version, for the manifest (package.json at the repository root). */
export function appVersion(root = process.cwd()): string {
  try {
    return String((JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { version?: string }).version ?? "unknown");
  } catch {
    return "unknown";
  }
}

/**
 * Writes a backup directory: `database.sql` (plain SQL, loads into PGlite and PostgreSQL 15+),
 * `media/` (the local uploads) and, last, `manifest.json`: a directory without a manifest is an
 * unfinished backup and restore refuses it.
 */
export async function createBackup(o: CreateBackupOptions): Promise<TBackupManifest> {
  await mkdir(o.outDir, { recursive: true });
  if ((await readdir(o.outDir)).length > 0) throw new BackupError(`${o.outDir} is not empty: give a new directory`);
  const migrations = await appliedMigrationLevel(o.source);
  if (migrations.count === 0) throw new BackupError("the database has no Mentora schema (never started?): nothing to back up");
  const counts = await tableCounts(o.source);
  const sql = await o.dump();
  await writeFile(path.join(o.outDir, BACKUP_FILES.database), sql);
  const media = o.mediaDir ? await copyMediaFiles(o.mediaDir, path.join(o.outDir, BACKUP_FILES.media)) : { files: 0, bytes: 0 };
  const manifest: TBackupManifest = {
    format: "mentora-backup",
    formatVersion: BACKUP_FORMAT,
    appVersion: o.appVersion,
    createdAt: new Date().toISOString(),
    source: o.source.kind,
    migrations,
    database: { file: BACKUP_FILES.database, sha256: createHash("sha256").update(sql).digest("hex"), bytes: Buffer.byteLength(sql) },
    counts,
    media: { storage: o.mediaDir ? "local" : "s3", ...media },
  };
  await writeFile(path.join(o.outDir, BACKUP_FILES.manifest), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}
