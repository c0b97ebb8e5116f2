/**
 * Vitest globalSetup of the `integration` and `e2e` projects: PGlite test databases cloned from
 * snapshots instead of being created, migrated and seeded again in every test file.
 *
 * Once per run it opens an in-memory PGlite, applies the migrations and dumps the data directory
 * (`migrated`), then seeds the demo content with the default PORTAL_ID/ENVIRONMENT_ID and dumps it
 * again (`seeded`). The tar files go to a temporary folder whose paths reach the workers through
 * `project.provide("mentoraPglite", ...)`; `openPgliteSnapshot()` starts a PGlite from one of them
 * (`loadDataDir`), which skips initdb, the migrations and the seed. Teardown removes the folder.
 *
 * A file run without this setup (e.g. a project that does not declare it) falls back to creating
 * the database the slow way: see `openPgliteDatabase()`.
 */
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { TestProject } from "vitest/node";
import { parseConfig } from "../../src/server/config";
import { openDatabase, wrapPglite, type Database } from "../../src/server/db/client";
import { seedDemo } from "../../src/server/db/seed/demo";

export interface PgliteSnapshots {
  /** Tar of a migrated, empty database. */
  migrated: string;
  /** Tar of a migrated database with the demo seed for `portalId`/`environmentId`. */
  seeded: string;
  portalId: string;
  environmentId: string;
}

declare module "vitest" {
  export interface ProvidedContext {
    mentoraPglite: PgliteSnapshots | null;
  }
}

/** The ids the demo seed of the `seeded` snapshot was made with (the config defaults). */
export function defaultSeedIds(): { PORTAL_ID: string; ENVIRONMENT_ID: string } {
  const { PORTAL_ID, ENVIRONMENT_ID } = parseConfig({ NODE_ENV: "test", LOG_LEVEL: "silent" });
  return { PORTAL_ID, ENVIRONMENT_ID };
}

async function dump(database: Database): Promise<Buffer> {
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const blob = await client.dumpDataDir("none");
  return Buffer.from(await blob.arrayBuffer());
}

export default async function setup(project: TestProject) {
  const dir = await mkdtemp(path.join(os.tmpdir(), "mentora-pglite-"));
  const ids = defaultSeedIds();
  const snapshots: PgliteSnapshots = {
    migrated: path.join(dir, "migrated.tar"),
    seeded: path.join(dir, "seeded.tar"),
    portalId: ids.PORTAL_ID,
    environmentId: ids.ENVIRONMENT_ID,
  };
  const database = await openDatabase({ dataDir: null });
  try {
    await database.migrate();
    await writeFile(snapshots.migrated, await dump(database));
    await seedDemo(database.db, ids);
    await writeFile(snapshots.seeded, await dump(database));
  } finally {
    await database.close();
  }
  project.provide("mentoraPglite", snapshots);
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}

/** A PGlite started from a snapshot tar, wrapped like `openDatabase()` wraps its PGlite. */
export async function openPgliteSnapshot(tar: string): Promise<Database> {
  return wrapPglite(new PGlite({ loadDataDir: new Blob([await readFile(tar)]) }));
}
