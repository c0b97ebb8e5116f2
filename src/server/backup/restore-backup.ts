import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { BackupError } from "./errors";
import { BACKUP_FILES, BACKUP_FORMAT, ZBackupManifest, type TBackupManifest } from "./manifest";
import { copyMediaFiles } from "./media-files";
import { buildMigrationLevel } from "./migration-level";
import { tableCounts, type SqlTarget } from "./sql-target";

export interface RestoreBackupOptions {
  dir: string;
  target: SqlTarget;
  /** The local media directory to fill, or null when media live in S3-compatible storage. */
  mediaDir: string | null;
  /** Replace what the target database holds (its public and drizzle schemas are dropped first). */
  force?: boolean;
}

/** Reads and checks a backup's manifest and database file; refuses what this build cannot restore. */
export async function readBackup(dir: string): Promise<{ manifest: TBackupManifest; sql: string }> {
  let raw: string;
  try {
    raw = await readFile(path.join(dir, BACKUP_FILES.manifest), "utf8");
  } catch {
    throw new BackupError(`${dir} has no ${BACKUP_FILES.manifest}: not a Mentora backup, or an unfinished one`);
  }
  const parsed = ZBackupManifest.safeParse(JSON.parse(raw));
  if (!parsed.success) throw new BackupError(`${dir}/${BACKUP_FILES.manifest} is not a Mentora backup manifest`);
  const manifest = parsed.data;
  if (manifest.formatVersion > BACKUP_FORMAT) {
    throw new BackupError(
      `the backup's format ${manifest.formatVersion} is newer than this build reads (${BACKUP_FORMAT}): restore it with Mentora ${manifest.appVersion} or later`,
    );
  }
  const build = buildMigrationLevel();
  const newer =
    (manifest.migrations.lastWhen ?? 0) > (build.lastWhen ?? 0) || (manifest.migrations.lastWhen !== null && !build.tags.has(manifest.migrations.lastWhen));
  if (newer) {
    throw new BackupError(
      `the backup was made by a newer schema (${manifest.migrations.lastTag ?? manifest.migrations.lastWhen}, Mentora ${manifest.appVersion}) than this build knows (${build.lastTag}): restore it with that version or later`,
    );
  }
  const sql = await readFile(path.join(dir, BACKUP_FILES.database), "utf8");
  if (createHash("sha256").update(sql).digest("hex") !== manifest.database.sha256) {
    throw new BackupError(`${dir}/${BACKUP_FILES.database} does not match the manifest's checksum: the backup is damaged`);
  }
  return { manifest, sql };
}

/** Drops what a Mentora database holds, so the dump can create it again (inside the restore's transaction). */
const CLEAR_SQL = `
DROP SCHEMA IF EXISTS drizzle CASCADE;
DROP SCHEMA IF EXISTS pgboss CASCADE;
DROP SCHEMA IF EXISTS public CASCADE;
CREATE SCHEMA public AUTHORIZATION pg_database_owner;
GRANT USAGE ON SCHEMA public TO PUBLIC;
`;

/**
 * Loads a backup into an empty database (or, with `force`, replaces what it holds) in one transaction,
 * checks every table's row count against the manifest and copies the media files. The schema is left
 * at the backup's level: the app's start (or the CLI) migrates it to this build's.
 */
export async function restoreBackup(o: RestoreBackupOptions): Promise<TBackupManifest> {
  const { manifest, sql } = await readBackup(o.dir);
  const present = Object.keys(await tableCounts(o.target));
  if (present.length > 0 && !o.force) {
    throw new BackupError(`the target database is not empty (${present.length} tables): restore into an empty one, or pass --force to replace it`);
  }
  // One simple query: PostgreSQL and PGlite run it as one implicit transaction, so a failure leaves the target as it was.
  await o.target.script(`${present.length > 0 ? CLEAR_SQL : ""}${sql}`);
  // The dump empties search_path for its session; what uses this session next expects the defaults.
  await o.target.script("RESET ALL;");
  const counts = await tableCounts(o.target);
  const wrong = Object.entries(manifest.counts).filter(([table, n]) => counts[table] !== n);
  if (wrong.length > 0) {
    throw new BackupError(
      `restored row counts differ from the manifest: ${wrong.map(([t, n]) => `${t} ${counts[t] ?? "missing"} (expected ${n})`).join(", ")}`,
    );
  }
  if (manifest.media.storage === "local" && manifest.media.files > 0) {
    if (!o.mediaDir)
      throw new BackupError("the backup holds media files but this configuration stores media in S3 (MEDIA_S3_BUCKET): copy them there yourself");
    const copied = await copyMediaFiles(path.join(o.dir, BACKUP_FILES.media), o.mediaDir);
    if (copied.files !== manifest.media.files || copied.bytes !== manifest.media.bytes) {
      throw new BackupError(
        `the backup's media folder has ${copied.files} files (${copied.bytes} bytes), the manifest says ${manifest.media.files} (${manifest.media.bytes})`,
      );
    }
  }
  return manifest;
}
