/**
 * The real entry point, as `npm run serve` starts it: one line and exit 1 on bad configuration or an
 * unreachable database; on PGlite it migrates, seeds, serves, and starts again on the same data.
 * Runs once (not per database): the database is the child process's own.
 */
import { randomBytes } from "node:crypto";
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, inject, it } from "vitest";
import { quoteIdent, withAdmin } from "../../bench/lib/pg-admin";
import { developmentBuilds } from "./platform/production-builds";
import { environmentWithoutSettings, freePort, freshGet, SERVER_ENTRY } from "../../tests/support/processes";

const ROOT = process.cwd();

interface Run {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const running = new Set<ChildProcess>();

function start(env: Record<string, string>, nodeArgs: string[] = []): Run {
  const child = spawn(process.execPath, [...nodeArgs, SERVER_ENTRY], {
    cwd: ROOT,
    // Production needs PUBLIC_URL; a test that is about its absence passes it empty. The local demo
    // (MENTORA_DEMO=1, as `npm start` sets it) accepts the demo seed and a localhost PUBLIC_URL.
    env: { ...environmentWithoutSettings(), NODE_ENV: "production", MENTORA_DEMO: "1", PUBLIC_URL: "http://localhost:3000", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.add(child);
  let out = "";
  let err = "";
  child.stdout!.on("data", (d) => (out += d));
  child.stderr!.on("data", (d) => (err += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once("exit", (code, signal) => {
      running.delete(child);
      resolve({ code, signal });
    });
  });
  return { child, stdout: () => out, stderr: () => err, exited };
}

function within<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  return Promise.race([p, new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms))]);
}

/** Polls `url` until it answers 200, while the process is alive. */
async function waitForOk(run: Run, url: string, ms = 90_000): Promise<unknown> {
  const deadline = Date.now() + ms;
  let exited = false;
  void run.exited.then(() => (exited = true));
  while (Date.now() < deadline) {
    if (exited) throw new Error(`server exited before answering ${url}; stderr: ${run.stderr()}`);
    try {
      const res = await fetch(url);
      if (res.ok) return await res.json();
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${ms} ms; stderr: ${run.stderr()}`);
}

async function stop(run: Run) {
  run.child.kill("SIGTERM");
  return within(run.exited, 30_000, "graceful shutdown");
}

function expectOneLineFailure(stderr: string) {
  const lines = stderr.split("\n").filter((l) => l.length > 0);
  expect(lines, stderr).toHaveLength(1);
  expect(lines[0]).toMatch(/^mentora: /);
  expect(stderr).not.toContain("    at ");
}

afterAll(() => {
  for (const child of running) child.kill("SIGKILL");
});

describe("start-up", () => {
  it("exits 1 with one line when the database cannot be reached", async () => {
    const run = start({ DATABASE_URL: "postgres://postgres@127.0.0.1:1/nope", PORT: "0" });
    const { code } = await within(run.exited, 30_000, "start with an unreachable database");
    expect(code).toBe(1);
    expectOneLineFailure(run.stderr());
    expect(run.stderr()).toMatch(/DATABASE_URL/);
  });

  it("exits 1 with one line naming PORT when PORT is not a number", async () => {
    const run = start({ PORT: "abc", DATA_DIR: path.join(tmpdir(), "mentora-never-created") });
    const { code } = await within(run.exited, 30_000, "start with PORT=abc");
    expect(code).toBe(1);
    expectOneLineFailure(run.stderr());
    expect(run.stderr()).toMatch(/PORT/);
  });

  it("exits 1 with one line naming PUBLIC_URL when production has none (links would take the Host header)", async () => {
    const run = start({ PUBLIC_URL: "", DATA_DIR: path.join(tmpdir(), "mentora-never-created") });
    const { code } = await within(run.exited, 30_000, "start in production without PUBLIC_URL");
    expect(code).toBe(1);
    expectOneLineFailure(run.stderr());
    expect(run.stderr()).toMatch(/PUBLIC_URL: must be set when NODE_ENV=production/);
  });

  it("exits 1 with one line naming WORKERS when more than one is asked for on PGlite", async () => {
    const run = start({ WORKERS: "2", DATA_DIR: path.join(tmpdir(), "mentora-never-created") });
    const { code } = await within(run.exited, 30_000, "start with WORKERS=2 on PGlite");
    expect(code).toBe(1);
    expectOneLineFailure(run.stderr());
    expect(run.stderr()).toMatch(/WORKERS: more than 1 needs DATABASE_URL/);
  });

  it("exits 1 with one line naming DATABASE_URL when it is not PostgreSQL", async () => {
    const run = start({ DATABASE_URL: "mysql://x" });
    const { code } = await within(run.exited, 30_000, "start with a mysql URL");
    expect(code).toBe(1);
    expectOneLineFailure(run.stderr());
    expect(run.stderr()).toMatch(/DATABASE_URL/);
  });

  it("with an operator's NODE_ENV=production (no MENTORA_DEMO) refuses the demo's defaults, one line each", async () => {
    const run = start({ MENTORA_DEMO: "0", PAYMENTS_SANDBOX: "true", DATA_DIR: path.join(tmpdir(), "mentora-never-created") });
    const { code } = await within(run.exited, 30_000, "start in production with the demo's defaults");
    expect(code).toBe(1);
    const lines = run.stderr().trimEnd().split("\n");
    expect(lines).toEqual([
      expect.stringMatching(/^mentora: PAYMENTS_SANDBOX: .*set PAYMENTS_SANDBOX=false/),
      expect.stringMatching(/^mentora: SEED_DEMO: .*set SEED_DEMO=false/),
      expect.stringMatching(/^mentora: PUBLIC_URL: http:\/\/localhost:3000 is this machine only/),
    ]);
  });

  describe("on PGlite in DATA_DIR", () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "mentora-start-"));
    afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

    it("migrates, seeds and serves; then starts again on the same data", { timeout: 240_000 }, async () => {
      const port1 = await freePort();
      const first = start({ DATA_DIR: dataDir, PORT: String(port1), HOST: "127.0.0.1", LOG_LEVEL: "warn" });
      const health = await waitForOk(first, `http://127.0.0.1:${port1}/api/health`);
      expect(health).toEqual({ ok: true, db: "pglite" });
      const settings1 = (await waitForOk(first, `http://127.0.0.1:${port1}/api/portal/settings`)) as {
        portal: { id: string; children: unknown[] };
      };
      expect(settings1.portal.id).toBe("lp-mentora");
      expect((await stop(first)).code).toBe(0);
      expect(first.stderr()).toBe("");

      const port2 = await freePort();
      const second = start({ DATA_DIR: dataDir, PORT: String(port2), HOST: "127.0.0.1", LOG_LEVEL: "warn" });
      expect(await waitForOk(second, `http://127.0.0.1:${port2}/api/health`)).toEqual({ ok: true, db: "pglite" });
      const settings2 = (await waitForOk(second, `http://127.0.0.1:${port2}/api/portal/settings`)) as {
        portal: { id: string; children: unknown[] };
      };
      expect(settings2.portal).toEqual(settings1.portal);
      const page = await fetch(`http://127.0.0.1:${port2}/api/pages/by-alias/main?lang=en`);
      expect(page.status).toBe(200);
      expect((await stop(second)).code).toBe(0);
      expect(second.stderr()).toBe("");
    });

    it("runs the production builds of React, React DOM and React Router", { timeout: 240_000 }, async () => {
      const loaded = path.join(dataDir, "loaded-modules.txt");
      const port = await freePort();
      const run = start({ DATA_DIR: dataDir, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "warn", RECORD_LOADED_MODULES: loaded }, [
        "--import",
        path.join(ROOT, "tests/support/record-loaded-modules.mjs"),
      ]);
      await waitForOk(run, `http://127.0.0.1:${port}/api/health`);
      // A page rendered, so every module a render needs is loaded.
      const page = await fetch(`http://127.0.0.1:${port}/en/courses/reading-foundations`);
      expect(page.status).toBe(200);
      expect((await stop(run)).code).toBe(0);
      const urls = readFileSync(loaded, "utf8").trim().split("\n");
      const builds = (pkg: RegExp) => urls.filter((u) => pkg.test(u)).map((u) => u.replace(/^.*\/node_modules\//, ""));
      expect(builds(/\/react-router\/dist\//)).toEqual(expect.arrayContaining([expect.stringMatching(/^react-router\/dist\/production\/index\.m?js$/)]));
      expect(builds(/\/react\/cjs\//)).toContain("react/cjs/react.production.js");
      expect(builds(/\/react-dom\/cjs\//)).toEqual(expect.arrayContaining([expect.stringMatching(/^react-dom\/cjs\/react-dom-server\.node\.production\.js$/)]));
      expect(developmentBuilds(urls)).toEqual([]);
    });

    it("a second server on the same DATA_DIR refuses in one line naming the first, which keeps serving", { timeout: 240_000 }, async () => {
      const port1 = await freePort();
      const first = start({ DATA_DIR: dataDir, PORT: String(port1), HOST: "127.0.0.1" });
      expect(await waitForOk(first, `http://127.0.0.1:${port1}/api/health`)).toEqual({ ok: true, db: "pglite" });
      // The banner, once: the address, the database's directory, the outbox and the demo accounts.
      expect(first.stdout()).toContain("Mentora is serving at http://localhost:3000 (local demo)");
      expect(first.stdout()).toContain(`  database  embedded PGlite at ${path.join(dataDir, "pglite")}`);
      expect(first.stdout()).toContain("  accounts  password mentora-demo-2026 for each:");
      expect(first.stdout()).toContain("aylin.mentor@mentora.example (mentor)");
      expect(first.stdout().split("Mentora is serving at")).toHaveLength(2);

      const second = start({ DATA_DIR: dataDir, PORT: String(await freePort()), HOST: "127.0.0.1", LOG_LEVEL: "warn" });
      const { code } = await within(second.exited, 60_000, "a second start on a data dir in use");
      expect(code).toBe(1);
      expectOneLineFailure(second.stderr());
      // The first server's primary holds it through its worker: both pids are named, and since when.
      expect(second.stderr().startsWith(`mentora: DATA_DIR ${dataDir} is in use by process ${first.child.pid} (worker `)).toBe(true);
      expect(second.stderr()).toMatch(/\) on .+ since \d{4}-\d\d-\d\dT[\d:.]+Z: stop that server first/);

      const page = await fetch(`http://127.0.0.1:${port1}/api/pages/by-alias/main?lang=en`);
      expect(page.status).toBe(200);
      expect(await waitForOk(first, `http://127.0.0.1:${port1}/api/health`)).toEqual({ ok: true, db: "pglite" });
      expect((await stop(first)).code).toBe(0);
      expect(first.stderr()).toBe("");
      // Released on a clean stop; the next start takes it.
      expect(existsSync(path.join(dataDir, "mentora.lock"))).toBe(false);
    });

    it("a server killed without closing leaves a stale lock the next start takes over", { timeout: 240_000 }, async () => {
      const port1 = await freePort();
      const first = start({ DATA_DIR: dataDir, PORT: String(port1), HOST: "127.0.0.1", LOG_LEVEL: "warn" });
      await waitForOk(first, `http://127.0.0.1:${port1}/api/health`);
      const holder = JSON.parse(readFileSync(path.join(dataDir, "mentora.lock"), "utf8")) as { pid: number };
      // The worker dies without closing anything; the primary is stopped before it can fork another
      // (the dead worker stays a zombie of it, which the lock counts as gone).
      first.child.kill("SIGSTOP");
      process.kill(holder.pid, "SIGKILL");
      first.child.kill("SIGKILL");
      await first.exited;
      expect(existsSync(path.join(dataDir, "mentora.lock"))).toBe(true);

      const port2 = await freePort();
      const second = start({ DATA_DIR: dataDir, PORT: String(port2), HOST: "127.0.0.1", LOG_LEVEL: "warn" });
      expect(await waitForOk(second, `http://127.0.0.1:${port2}/api/health`)).toEqual({ ok: true, db: "pglite" });
      expect((await stop(second)).code).toBe(0);
      expect(second.stderr()).toBe("");
    });
  });

  it("npm start with no settings is the local demo: it serves the build as it is, with the banner", { timeout: 240_000 }, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "mentora-npm-start-"));
    try {
      const port = await freePort();
      const env: NodeJS.ProcessEnv = { ...environmentWithoutSettings(), DATA_DIR: dataDir, PORT: String(port), HOST: "127.0.0.1" };
      // No NODE_ENV (vitest sets test), as in a fresh shell.
      delete env.NODE_ENV;
      const child = spawn(process.execPath, ["scripts/start.mjs"], { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
      running.add(child);
      let out = "";
      let err = "";
      child.stdout.on("data", (d) => (out += d));
      child.stderr.on("data", (d) => (err += d));
      const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
        child.once("exit", (code, signal) => {
          running.delete(child);
          resolve({ code, signal });
        }),
      );
      const run: Run = { child, stdout: () => out, stderr: () => err, exited };
      await waitForOk(run, `http://127.0.0.1:${port}/api/health`);
      // The build is the one this run made (npm test builds first): not built again.
      expect(out).not.toContain("building");
      expect(out).toContain(`Mentora is serving at http://localhost:${port} (local demo)`);
      expect(out).toContain("nadia.creator@mentora.example (course author)");
      expect(out).not.toContain("deprecated");
      expect((await stop(run)).code).toBe(0);
      expect(err).toBe("");
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const pgInfo = inject("mentoraPg");
if (pgInfo) {
  describe("WORKERS=2 on PostgreSQL", () => {
    const name = `mentora_start_${randomBytes(4).toString("hex")}`;
    const url = new URL(pgInfo.adminUrl);
    url.pathname = `/${name}`;
    afterAll(() => withAdmin(pgInfo.adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`)));

    it("migrates once, serves from two worker processes, replaces one that dies and stops them all on SIGTERM", { timeout: 300_000 }, async () => {
      await withAdmin(pgInfo.adminUrl, (c) => c.query(`CREATE DATABASE ${quoteIdent(name)}`));
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const run = start({ DATABASE_URL: url.toString(), WORKERS: "2", HEALTH_PID: "true", PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "warn" });
      await waitForOk(run, `${base}/api/health`, 90_000);

      /** Pids that answer /api/health on fresh connections, until `enough` of them (workers start one after another). */
      const answering = async (enough: (pids: Set<number>) => boolean) => {
        const pids = new Set<number>();
        const deadline = Date.now() + 60_000;
        while (!enough(pids) && Date.now() < deadline) {
          const res = await freshGet(`${base}/api/health`).catch(() => ({ status: 0, body: "" }));
          if (res.status === 200) pids.add((JSON.parse(res.body) as { pid: number }).pid);
          await new Promise((r) => setTimeout(r, 50));
        }
        return pids;
      };
      const workers = await answering((p) => p.size >= 2);
      expect(workers.size).toBe(2);
      expect(workers.has(run.child.pid!)).toBe(false);

      // Migrations and the seed ran once: each migration is recorded once, the demo portal exists.
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      try {
        const { rows } = await client.query<{ n: number; distinct: number }>(
          "select count(*)::int as n, count(distinct hash)::int as distinct from drizzle.__drizzle_migrations",
        );
        expect(rows[0].n).toBeGreaterThan(0);
        expect(rows[0].n).toBe(rows[0].distinct);
      } finally {
        await client.end();
      }
      expect((await freshGet(`${base}/api/portal/settings`)).status).toBe(200);

      const [victim, survivor] = [...workers];
      process.kill(victim, "SIGKILL");
      const after = await answering((p) => [...p].some((pid) => !workers.has(pid)) && p.has(survivor));
      const replacement = [...after].find((pid) => !workers.has(pid));
      expect(replacement).toBeDefined();
      expect(after.has(survivor)).toBe(true);
      expect(after.has(victim)).toBe(false);
      expect(run.stderr()).toMatch(new RegExp(`worker ${victim} died \\(SIGKILL\\); starting another in \\d+ ms`));

      expect((await stop(run)).code).toBe(0);
      for (const pid of [survivor, replacement!]) expect(alive(pid), `worker ${pid} stopped`).toBe(false);
    });
  });
}
