/**
 * The commands as an operator runs them (`npm run backup`, `npm run restore`, i.e. cli.ts under tsx):
 * the embedded database of one DATA_DIR into another and into PostgreSQL, the refusals with their
 * one-line messages, and --force keeping the replaced database aside.
 */
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { quoteIdent, withAdmin } from "../../../bench/lib/pg-admin";
import { databaseKinds } from "../../../tests/setup/databases";
import { urlForDatabase } from "../../../tests/setup/postgres-template";
import { environmentWithoutSettings } from "../../../tests/support/processes";
import { openDatabase } from "../db/client";
import { DataDirLockedError, LOCK_FILE, lockDataDir } from "../db/data-dir-lock";
import { upsertPortal } from "../db/seed/factories";

const scratch = mkdtempSync(path.join(tmpdir(), "mentora-backup-cli-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const KEY = `${"c3".repeat(32)}.pdf`;
const BYTES = Buffer.from(`%PDF-1.4 ${randomBytes(8).toString("hex")}\n`, "latin1");

/** Runs cli.ts as `npm run backup|restore` does; resolves with its exit code and output. */
function cli(args: string[], env: Record<string, string>): Promise<{ code: number; out: string; err: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ["--import", "tsx", "src/server/backup/cli.ts", ...args],
      { env: { ...environmentWithoutSettings(), ...env }, encoding: "utf8" },
      (e, out, err) => resolve({ code: e ? Number((e as { code?: number }).code ?? 1) : 0, out, err }),
    );
  });
}

describe("npm run backup and npm run restore", () => {
  const source = path.join(scratch, "source");
  const backup = path.join(scratch, "backup");

  beforeAll(async () => {
    const database = await openDatabase({ dataDir: source });
    try {
      await database.migrate();
      await upsertPortal(database.db, { id: "lp-cli" });
    } finally {
      await database.close();
    }
    mkdirSync(path.join(source, "media", "c3"), { recursive: true });
    writeFileSync(path.join(source, "media", "c3", KEY), BYTES);
  });

  // Five processes, each compiling cli.ts and starting PGlite: on a loaded CI machine (load 12) that
  // took longer than the project's minute, so this guard against a hang allows three.
  it(
    "backs up the embedded database, restores it into another data directory, refuses it again, and --force keeps the old one aside",
    { timeout: 180_000 },
    async () => {
      const made = await cli(["backup", "--out", backup], { DATA_DIR: source });
      expect(made.code, made.err).toBe(0);
      expect(made.out).toMatch(/backup of pglite at \d{4}_\w+ written to .*\(\d+ rows, 1 media files\)/);
      expect(readdirSync(backup).sort()).toEqual(["database.sql", "manifest.json", "media"]);

      const target = path.join(scratch, "target");
      const restored = await cli(["restore", backup], { DATA_DIR: target });
      expect(restored.code, restored.err).toBe(0);
      expect(readFileSync(path.join(target, "media", "c3", KEY)).equals(BYTES)).toBe(true);
      const database = await openDatabase({ dataDir: target });
      try {
        const rows = (await database.db.execute("select id from portals where id = 'lp-cli'")) as unknown as { rows: unknown[] };
        expect(rows.rows).toHaveLength(1);
      } finally {
        await database.close();
      }

      const again = await cli(["restore", backup], { DATA_DIR: target });
      expect(again.code).toBe(1);
      expect(again.err.trim()).toMatch(/^mentora: the target database is not empty \(\d+ tables\): .*--force/);

      // The server's lock: a live process (this one) holds the directory.
      writeFileSync(path.join(target, "mentora.lock"), JSON.stringify({ pid: process.pid }));
      const held = await cli(["restore", backup, "--force"], { DATA_DIR: target });
      expect(held.code).toBe(1);
      expect(held.err.trim()).toBe(`mentora: process ${process.pid} holds ${target} (${path.join(target, "mentora.lock")}): stop the server first`);
      rmSync(path.join(target, "mentora.lock"));

      const forced = await cli(["restore", backup, "--force"], { DATA_DIR: target });
      expect(forced.code, forced.err).toBe(0);
      expect(readdirSync(target).filter((n) => n.startsWith("pglite.before-restore-"))).toHaveLength(1);
    },
  );

  it("holds the data directory's lock while it works: a server started meanwhile is refused, and the lock is gone after", async () => {
    const child = execFile(process.execPath, ["--import", "tsx", "src/server/backup/cli.ts", "backup", "--out", path.join(scratch, "held")], {
      env: { ...environmentWithoutSettings(), DATA_DIR: source },
    });
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    const lockFile = path.join(source, LOCK_FILE);
    let holder: number | null = null;
    while (holder === null && child.exitCode === null) {
      try {
        holder = (JSON.parse(readFileSync(lockFile, "utf8")) as { pid: number }).pid;
      } catch {
        await new Promise((r) => setTimeout(r, 20)); // not there yet, or being written
      }
    }
    expect(holder, "the backup never held the lock").toBe(child.pid);
    // What a server's start does with the directory (db/data-dir-lock.ts).
    expect(() => lockDataDir(source)).toThrow(DataDirLockedError);
    expect(await exited).toBe(0);
    expect(existsSync(lockFile)).toBe(false);
  });

  it("refuses a missing database and a backup directory that is none, in one line", async () => {
    const none = await cli(["backup", "--out", path.join(scratch, "none")], { DATA_DIR: path.join(scratch, "empty") });
    expect(none.code).toBe(1);
    expect(none.err.trim()).toMatch(/^mentora: no embedded database in /);
    const notBackup = await cli(["restore", scratch], { DATA_DIR: path.join(scratch, "empty2") });
    expect(notBackup.code).toBe(1);
    expect(notBackup.err.trim()).toMatch(/^mentora: .* has no manifest\.json/);
    expect(existsSync(path.join(scratch, "empty2", "pglite", "PG_VERSION"))).toBe(false);
  });

  for (const kind of databaseKinds().filter((k) => k === "postgres")) {
    it(`restores into ${kind} with --to, leaving the embedded database alone`, async () => {
      const info = inject("mentoraPg")!;
      const name = `${info.template}_c_cli_${randomBytes(4).toString("hex")}`;
      await withAdmin(info.adminUrl, (c) => c.query(`CREATE DATABASE ${quoteIdent(name)}`));
      try {
        const url = urlForDatabase(info.adminUrl, name);
        const res = await cli(["restore", backup, "--to", url], { DATA_DIR: path.join(scratch, "pg-media") });
        expect(res.code, res.err).toBe(0);
        const found = await withAdmin(url, (c) => c.query("select id from portals where id = 'lp-cli'"));
        expect(found.rows).toHaveLength(1);
        expect(readFileSync(path.join(scratch, "pg-media", "media", "c3", KEY)).equals(BYTES)).toBe(true);
        expect(existsSync(path.join(scratch, "pg-media", "pglite"))).toBe(false);
      } finally {
        await withAdmin(info.adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`));
      }
    });
  }
});
