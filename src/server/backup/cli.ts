/**
 * `npm run backup` and `npm run restore` (docs/decisions/0069, docs/deploying.md "Backups").
 *
 *   npm run backup [-- --out <dir>]
 *   npm run restore -- <dir> [--to postgres://...] [--force]
 *
 * Reads the server's own variables: DATABASE_URL (else the embedded PGlite in DATA_DIR), MEDIA_DIR
 * (default <DATA_DIR>/media) and MEDIA_S3_BUCKET (media in a bucket are not copied). Failures print
 * one line and exit 1.
 */
import { existsSync, mkdirSync } from "node:fs";
import { rename } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import { z } from "zod";
import { openDatabase, wrapPglite } from "../db/client";
import { type DataDirLock, DataDirLockedError, lockDataDir } from "../db/data-dir-lock";
import { appVersion, createBackup } from "./create-backup";
import { findDataDirHolder } from "./data-dir-holder";
import { dumpPglite, dumpPostgres } from "./dump";
import { BackupError } from "./errors";
import { readBackup, restoreBackup } from "./restore-backup";
import { pgliteTarget, postgresTarget, tableCounts } from "./sql-target";

const ZPostgresUrl = z.string().regex(/^postgres(ql)?:\/\/[^/\s]+(\/[^\s]*)?$/, "must look like postgres://user@host:5432/dbname");

/** The same variables and defaults as config.ts, without the serving checks (PUBLIC_URL and the rest). */
const ZBackupEnv = z.object({
  DATABASE_URL: ZPostgresUrl.optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  MEDIA_DIR: z.string().min(1).optional(),
  MEDIA_S3_BUCKET: z.string().min(1).optional(),
});

function readEnv() {
  const cleaned = Object.fromEntries(Object.entries(process.env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = ZBackupEnv.safeParse(cleaned);
  if (!parsed.success) throw new BackupError(`Invalid configuration: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
  const env = parsed.data;
  return { ...env, mediaDir: env.MEDIA_S3_BUCKET ? null : (env.MEDIA_DIR ?? path.join(env.DATA_DIR, "media")), pgliteDir: path.join(env.DATA_DIR, "pglite") };
}

/**
 * PGlite is one process's own: never open its directory while the server (or anything else) holds
 * it, and hold its lock while the command works, so a server started meanwhile is refused
 * (docs/decisions/0068) instead of opening the database under the backup's or restore's feet.
 */
function holdDataDir(dataDir: string): DataDirLock {
  const holder = findDataDirHolder(dataDir);
  if (holder) {
    const who = holder.pid ? `process ${holder.pid}` : "a process";
    throw new BackupError(`${who} holds ${dataDir} (${holder.file}): stop the server first`);
  }
  try {
    return lockDataDir(dataDir);
  } catch (e) {
    // A server took it between the look and the lock.
    if (e instanceof DataDirLockedError) throw new BackupError(e.message);
    throw e;
  }
}

const stamp = () => new Date().toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);

async function backup(args: string[]) {
  const { values } = parseArgs({ args, options: { out: { type: "string" } } });
  const env = readEnv();
  const outDir = path.resolve(values.out ?? path.join("backups", `mentora-${stamp()}`));
  let manifest;
  if (env.DATABASE_URL) {
    const url = env.DATABASE_URL;
    const source = await postgresTarget(url);
    try {
      manifest = await createBackup({ source, dump: () => dumpPostgres(url), mediaDir: env.mediaDir, outDir, appVersion: appVersion() });
    } finally {
      await source.close();
    }
  } else {
    if (!existsSync(path.join(env.pgliteDir, "PG_VERSION")))
      throw new BackupError(`no embedded database in ${env.pgliteDir} (set DATA_DIR, or DATABASE_URL for PostgreSQL)`);
    const lock = holdDataDir(env.DATA_DIR);
    try {
      const pglite = new PGlite(env.pgliteDir);
      const source = pgliteTarget(pglite, { closeWith: true });
      try {
        manifest = await createBackup({ source, dump: () => dumpPglite(pglite), mediaDir: env.mediaDir, outDir, appVersion: appVersion() });
      } finally {
        await source.close();
      }
    } finally {
      lock.release();
    }
  }
  const rows = Object.values(manifest.counts).reduce((a, b) => a + b, 0);
  console.log(
    `mentora: backup of ${manifest.source} at ${manifest.migrations.lastTag} written to ${outDir} (${rows} rows, ${manifest.media.files} media files${manifest.media.storage === "s3" ? "; media in S3 are not copied" : ""})`,
  );
}

async function restore(args: string[]) {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { to: { type: "string" }, force: { type: "boolean", default: false } } });
  if (positionals.length !== 1) throw new BackupError("usage: npm run restore -- <backup directory> [--to postgres://...] [--force]");
  const dir = path.resolve(positionals[0]!);
  const env = readEnv();
  const url = values.to ? ZPostgresUrl.parse(values.to) : env.DATABASE_URL;
  // Checked before any database is opened: opening PGlite's directory creates a database there.
  await readBackup(dir);
  let manifest;
  let where: string;
  if (url) {
    where = new URL(url).pathname.slice(1) || url;
    const target = await postgresTarget(url);
    try {
      manifest = await restoreBackup({ dir, target, mediaDir: env.mediaDir, force: values.force });
    } finally {
      await target.close();
    }
    const database = await openDatabase({ url });
    try {
      await database.migrate();
    } finally {
      await database.close();
    }
  } else {
    where = env.pgliteDir;
    mkdirSync(env.DATA_DIR, { recursive: true });
    const lock = holdDataDir(env.DATA_DIR);
    try {
      let pglite = new PGlite(env.pgliteDir);
      if (values.force && Object.keys(await tableCounts(pgliteTarget(pglite))).length > 0) {
        // Kept, not deleted: the way back if the backup was the wrong one.
        await pglite.close();
        const aside = `${env.pgliteDir}.before-restore-${stamp()}`;
        await rename(env.pgliteDir, aside);
        console.log(`mentora: the database that was there is kept in ${aside}`);
        pglite = new PGlite(env.pgliteDir);
      }
      const database = await wrapPglite(pglite);
      try {
        manifest = await restoreBackup({ dir, target: pgliteTarget(pglite), mediaDir: env.mediaDir, force: values.force });
        await database.migrate();
      } finally {
        await database.close();
      }
    } finally {
      lock.release();
    }
  }
  const media = manifest.media.storage === "s3" ? "media stayed in S3" : `${manifest.media.files} media files into ${env.mediaDir}`;
  console.log(`mentora: restored the backup of ${manifest.createdAt} (${manifest.migrations.lastTag}) into ${where}, ${media}`);
}

async function main() {
  const [command, ...args] = process.argv.slice(2);
  if (command === "backup") return backup(args);
  if (command === "restore") return restore(args);
  throw new BackupError("usage: cli.ts backup|restore ...");
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    const known = e instanceof BackupError || e instanceof z.ZodError || (e as Error).name === "DatabaseUnavailableError";
    console.error(
      `mentora: ${known ? (e instanceof z.ZodError ? `--to ${e.issues[0]?.message}` : (e as Error).message) : `failed: ${(e as Error).stack ?? e}`}`,
    );
    process.exit(1);
  },
);
