/**
 * Backup and restore (docs/decisions/0069): a portal with a learner's progress, an order, a chat and
 * an uploaded file, backed up from either database and restored into a fresh PGlite and into a fresh
 * PostgreSQL database, where the app finds them all through its API and serves the file's bytes.
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, inject, it } from "vitest";
import { quoteIdent, withAdmin } from "../../../bench/lib/pg-admin";
import { databaseKinds, describeEachDatabase, testConfig } from "../../../tests/setup/databases";
import { urlForDatabase } from "../../../tests/setup/postgres-template";
import { msgId, openChat, page, send } from "../../../tests/support/chat";
import { Browser, json } from "../../../tests/support/http";
import { orderBody } from "../../../tests/support/payments";
import { learner, login, register, type Registered } from "../../../tests/support/sign-in";
import { openDatabase, wrapPglite, type Database } from "../db/client";
import { buildApp } from "../main";
import { createBackup } from "./create-backup";
import { findDataDirHolder } from "./data-dir-holder";
import { dumpPglite, dumpPostgres } from "./dump";
import { BACKUP_FILES, type TBackupManifest } from "./manifest";
import { restoreBackup } from "./restore-backup";
import { pgliteTarget, postgresTarget, type SqlTarget } from "./sql-target";

const scratch = mkdtempSync(path.join(tmpdir(), "mentora-backup-test-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const dirIn = (name: string) => path.join(scratch, `${name}-${randomBytes(4).toString("hex")}`);

const PDF = Buffer.from(`%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF ${randomBytes(8).toString("hex")}\n`, "latin1");
const PAID = "confident-speaking";
const origin = { origin: "http://localhost" };

/** An empty PostgreSQL database of its own (not cloned from the migrated template: a restore wants it empty). */
async function emptyPostgres(): Promise<{ url: string; drop(): Promise<void> }> {
  const info = inject("mentoraPg")!;
  const name = `${info.template}_c_restore_${randomBytes(4).toString("hex")}`;
  await withAdmin(info.adminUrl, (c) => c.query(`CREATE DATABASE ${quoteIdent(name)}`));
  return {
    url: urlForDatabase(info.adminUrl, name),
    drop: () => withAdmin(info.adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`)).then(() => undefined),
  };
}

describeEachDatabase("backup and restore", (t) => {
  const mediaDir = dirIn("media");
  let student: Registered;
  let chatId: string;
  let orderId: string;
  let fileUrl: string;
  let backupDir: string;
  let manifest: TBackupManifest;
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await t.buildApp({ MEDIA_DIR: mediaDir });
    student = await register(app);
    json(await student.browser.post("/api/progress/elements/rf-slow-reading/finish"));
    orderId = json<{ orderId: string }>(await student.browser.post("/api/orders", orderBody(t.config.ENVIRONMENT_ID, PAID))).orderId;
    chatId = (await openChat(student, t.config.PORTAL_ID)).id;
    await send(student, chatId, "Is the backup safe?", msgId());
    const author = await learner(app, t.db, { roles: ["admin"] });
    const up = await author.browser.request({
      method: "POST",
      url: "/api/admin/media",
      payload: PDF,
      headers: { ...origin, "content-type": "application/octet-stream", "x-file-name": "guide.pdf" },
    });
    fileUrl = json<{ media: { url: string } }>(up, 201).media.url;

    backupDir = dirIn("backup");
    const source: SqlTarget = t.url ? await postgresTarget(t.url) : pgliteTarget((t.db as unknown as { $client: PGlite }).$client);
    try {
      const url = t.url;
      const dump = url ? () => dumpPostgres(url) : () => dumpPglite((t.db as unknown as { $client: PGlite }).$client);
      manifest = await createBackup({ source, dump, mediaDir, outDir: backupDir, appVersion: "0.0.0-test" });
    } finally {
      await source.close();
    }
  });

  /** The restored portal, served by a new app on `database` with its own media directory. */
  async function expectAllThere(database: Database, url: string | undefined, restoredMedia: string) {
    await database.migrate();
    const restored = await buildApp({ config: testConfig(url, { MEDIA_DIR: restoredMedia }), database, ssr: false, logger: false });
    try {
      await restored.ready();
      const me = await login(restored, student.email, student.password, new Browser(restored));
      const elements = json<{ elements: Array<{ id: string; state: string | null }> }>(
        await me.browser.get("/api/courses/reading-foundations/elements?lang=en"),
      );
      expect(elements.elements.find((e) => e.id === "rf-slow-reading")?.state).toBe("done");
      expect(json<{ id: string }>(await me.browser.get(`/api/orders/${orderId}`))).toMatchObject({ id: orderId });
      expect((await page({ ...student, ...me }, chatId)).edges.map((e) => e.node.text)).toContain("Is the backup safe?");
      const file = await restored.inject({ method: "GET", url: fileUrl });
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(PDF)).toBe(true);
    } finally {
      await restored.close();
    }
  }

  it("writes database.sql, the media files and a manifest with the migration level and row counts", () => {
    expect(manifest).toMatchObject({ format: "mentora-backup", source: t.kind, media: { storage: "local", files: 1, bytes: PDF.length } });
    expect(manifest.migrations.lastTag).toMatch(/^\d{4}_/);
    expect(manifest.counts["public.chat_messages"]).toBeGreaterThanOrEqual(1);
    expect(manifest.counts["public.orders"]).toBeGreaterThanOrEqual(1);
    const sql = readFileSync(path.join(backupDir, BACKUP_FILES.database), "utf8");
    // Loads on PostgreSQL 15 and through PGlite's exec: no psql commands, no 17+ settings, no COPY.
    expect(sql).not.toMatch(/^\\/m);
    expect(sql).not.toMatch(/^SET transaction_timeout/m);
    expect(sql).not.toMatch(/^COPY /m);
  });

  /** A fresh, empty database of `kind` to restore into, and what opens it for the app afterwards. */
  async function freshTarget(kind: "pglite" | "postgres") {
    if (kind === "pglite") {
      const pglite = new PGlite();
      const database = await wrapPglite(pglite);
      return { target: pgliteTarget(pglite), url: undefined, open: async () => database, dispose: () => database.close() };
    }
    const empty = await emptyPostgres();
    const target = await postgresTarget(empty.url);
    let database: Database | undefined;
    return {
      target,
      url: empty.url,
      open: async () => (database = await openDatabase({ url: empty.url })),
      dispose: async () => {
        await target.close().catch(() => undefined);
        await database?.close();
        await empty.drop();
      },
    };
  }

  for (const kind of databaseKinds()) {
    it(`restores into a fresh ${kind} database: the learner's progress, order and chat and the file's bytes are there`, async () => {
      const fresh = await freshTarget(kind);
      const restoredMedia = dirIn(`media-${kind}`);
      try {
        await restoreBackup({ dir: backupDir, target: fresh.target, mediaDir: restoredMedia });
        await expectAllThere(await fresh.open(), fresh.url, restoredMedia);
      } finally {
        await fresh.dispose();
      }
    });
  }

  it("refuses a non-empty database unless forced, a newer schema, a damaged dump and a held data directory", async () => {
    const pglite = new PGlite();
    const target = pgliteTarget(pglite);
    try {
      await restoreBackup({ dir: backupDir, target, mediaDir: dirIn("media-again") });
      await expect(restoreBackup({ dir: backupDir, target, mediaDir: dirIn("media-again") })).rejects.toThrow(/not empty.*--force/);
      // --force replaces it in one transaction: the counts match the manifest again.
      await expect(restoreBackup({ dir: backupDir, target, mediaDir: dirIn("media-again"), force: true })).resolves.toMatchObject({ counts: manifest.counts });

      const newer = dirIn("newer");
      const copy = (dir: string, m: unknown, sql = readFileSync(path.join(backupDir, BACKUP_FILES.database), "utf8")) => {
        mkdirSync(dir, { recursive: true });
        writeFileSync(path.join(dir, BACKUP_FILES.database), sql);
        writeFileSync(path.join(dir, BACKUP_FILES.manifest), JSON.stringify(m));
      };
      copy(newer, { ...manifest, migrations: { count: 999, lastTag: "9999_future", lastWhen: (manifest.migrations.lastWhen ?? 0) + 1 } });
      await expect(restoreBackup({ dir: newer, target, mediaDir: null, force: true })).rejects.toThrow(/newer schema/);
      const damaged = dirIn("damaged");
      copy(damaged, manifest, "DROP TABLE users;");
      await expect(restoreBackup({ dir: damaged, target, mediaDir: null, force: true })).rejects.toThrow(/checksum/);
      await expect(restoreBackup({ dir: dirIn("nothing"), target, mediaDir: null })).rejects.toThrow(/no manifest\.json/);
    } finally {
      await pglite.close();
    }
    const held = dirIn("data");
    mkdirSync(held, { recursive: true });
    writeFileSync(path.join(held, "mentora.lock"), JSON.stringify({ pid: process.pid === 1 ? 2 : 1 }));
    expect(findDataDirHolder(held)).toMatchObject({ pid: process.pid === 1 ? 2 : 1 });
    writeFileSync(path.join(held, "mentora.lock"), "2147483646");
    expect(findDataDirHolder(held)).toBeNull();
  });
});
