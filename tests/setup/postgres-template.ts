/**
 * Vitest globalSetup of the `integration` and `e2e` projects (each project gets a template of its own;
 * in e2e only the specs on real app processes on PostgreSQL use it, e.g. chat-restart).
 *
 * When PostgreSQL answers at 127.0.0.1:5432 (override with MENTORA_TEST_PG_URL), it creates one
 * template database for this run, applies the Drizzle migrations to it once, and hands its name to
 * the test workers through `project.provide("mentoraPg", ...)`. Each test file then clones it with
 * `CREATE DATABASE x TEMPLATE tpl` (see ./databases.ts), which is far cheaper than migrating again
 * and never resets anything through ORM internals. A second template, `<template>_c_seeded`, also
 * holds the demo seed (default PORTAL_ID/ENVIRONMENT_ID), for suites that want it.
 *
 * Teardown drops the template and every clone made from it (clones are named `<template>_c_<id>`),
 * including clones a crashed worker left behind.
 *
 * PostgreSQL is required (CI guarantees it is up). Set MENTORA_SKIP_PG=1 to run on PGlite only.
 */
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../../src/server/db/client";
import { seedDemo } from "../../src/server/db/seed/demo";
import { defaultSeedIds } from "./pglite-snapshot";
import { quoteIdent, withAdmin } from "../../bench/lib/pg-admin";

export interface PgTemplateInfo {
  /** Connection URL of a maintenance database (`postgres`) used to create and drop databases. */
  adminUrl: string;
  /** Name of the migrated template database of this run. */
  template: string;
  /** A second template, migrated and seeded with the demo content for these ids. */
  seeded?: { template: string; portalId: string; environmentId: string };
}

declare module "vitest" {
  export interface ProvidedContext {
    /** null when MENTORA_SKIP_PG=1: suites then run on PGlite only. */
    mentoraPg: PgTemplateInfo | null;
  }
}

export const DEFAULT_ADMIN_URL = "postgres://postgres@127.0.0.1:5432/postgres";
/** Templates older than this are leftovers of killed runs and are dropped at the next start. */
const STALE_MS = 6 * 60 * 60 * 1000;
const TEMPLATE_PREFIX = "mentora_tpl_";

/** Same database server, another database name. */
export function urlForDatabase(adminUrl: string, database: string): string {
  const u = new URL(adminUrl);
  u.pathname = `/${database}`;
  return u.toString();
}

/** Clones of `template` are named `<template>_c_<id>`. */
export function cloneName(template: string, id: string): string {
  return `${template}_c_${id}`;
}

/** Drops the template database and every clone made from it (clones first). */
async function dropByPrefix(client: pg.Client, template: string): Promise<string[]> {
  const { rows } = await client.query<{ datname: string }>(
    "select datname from pg_database where datname = $1 or starts_with(datname, $2) order by length(datname) desc",
    [template, cloneName(template, "")],
  );
  for (const { datname } of rows) {
    await client.query(`DROP DATABASE IF EXISTS ${quoteIdent(datname)} WITH (FORCE)`);
  }
  return rows.map((r) => r.datname);
}

/** Templates (and their clones) of runs that died without teardown. Other live runs are left alone. */
async function dropStale(client: pg.Client) {
  const { rows } = await client.query<{ datname: string }>("select datname from pg_database where starts_with(datname, $1)", [TEMPLATE_PREFIX]);
  const now = Date.now();
  for (const { datname } of rows) {
    const m = /^mentora_tpl_\d+_(\d+)$/.exec(datname);
    if (m && now - Number(m[1]) > STALE_MS) await dropByPrefix(client, datname);
  }
}

export default async function setup(project: TestProject) {
  if (process.env.MENTORA_SKIP_PG === "1") {
    console.warn(`[${project.name}] MENTORA_SKIP_PG=1: PostgreSQL suites are not run, PGlite only.`);
    project.provide("mentoraPg", null);
    return;
  }
  const adminUrl = process.env.MENTORA_TEST_PG_URL ?? DEFAULT_ADMIN_URL;
  const template = `${TEMPLATE_PREFIX}${process.pid}_${Date.now()}`;

  try {
    await withAdmin(adminUrl, async (c) => {
      await dropStale(c);
      await c.query(`CREATE DATABASE ${quoteIdent(template)}`);
    });
  } catch (e) {
    throw new Error(
      `The ${project.name} tests need PostgreSQL at ${new URL(adminUrl).host} (trust auth, user postgres) and it did not answer: ` +
        `${(e as Error).message}. Start it, point MENTORA_TEST_PG_URL at one, or set MENTORA_SKIP_PG=1 to run on PGlite only.`,
    );
  }

  try {
    const database = await openDatabase({ url: urlForDatabase(adminUrl, template) });
    try {
      await database.migrate();
    } finally {
      await database.close();
    }
  } catch (e) {
    await withAdmin(adminUrl, (c) => dropByPrefix(c, template)).catch(() => {});
    throw e;
  }

  const ids = defaultSeedIds();
  const seeded = cloneName(template, "seeded");
  try {
    await withAdmin(adminUrl, (c) => c.query(`CREATE DATABASE ${quoteIdent(seeded)} TEMPLATE ${quoteIdent(template)}`));
    const database = await openDatabase({ url: urlForDatabase(adminUrl, seeded) });
    try {
      await seedDemo(database.db, ids);
    } finally {
      await database.close();
    }
  } catch (e) {
    await withAdmin(adminUrl, (c) => dropByPrefix(c, template)).catch(() => {});
    throw e;
  }

  project.provide("mentoraPg", {
    adminUrl,
    template,
    seeded: { template: seeded, portalId: ids.PORTAL_ID, environmentId: ids.ENVIRONMENT_ID },
  });

  return async () => {
    await withAdmin(adminUrl, (c) => dropByPrefix(c, template));
  };
}
