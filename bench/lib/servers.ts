import { spawn, type ChildProcess } from "node:child_process";
import { createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { withAdmin } from "./pg-admin";

export const ROOT_DIR = path.resolve(import.meta.dirname, "../..");

/**
 * Everything the bench starts registers its release here, so a failure or Ctrl-C halfway through
 * still stops every server and drops the database instead of leaving them behind.
 */
const releases = new Set<() => Promise<void>>();

function track(release: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> | undefined;
  const once = () => {
    releases.delete(once);
    return (done ??= release());
  };
  releases.add(once);
  return once;
}

/** Releases in reverse order of creation: servers stop before their database is dropped. */
export async function releaseAll(): Promise<void> {
  for (const release of [...releases].reverse()) {
    await release().catch((e: unknown) => console.error(`bench: clean-up failed: ${(e as Error).message}`));
  }
}

export interface RunningServer {
  url: string;
  /** The server's own process: its RSS (with any children it forks) is read from /proc. */
  pid: number;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    // Mentora closes the app and its database on SIGTERM; SIGKILL only if that hangs.
    const kill = setTimeout(() => child.kill("SIGKILL"), 5_000);
    child.once("exit", () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

/**
 * Runs `script` in its own Node process (so the load generator and the server never share an event
 * loop) and resolves once `readyPath` answers 2xx. The server's output is kept, not shown, and
 * printed only when it fails to start, so warnings cannot scramble the results table.
 */
export async function startServer(name: string, script: string, env: NodeJS.ProcessEnv, readyPath: string): Promise<RunningServer> {
  const port = await freePort();
  // A bundle runs as plain JavaScript, as `npm start` runs it; a TypeScript script through tsx.
  const child = spawn(process.execPath, script.endsWith(".js") ? [script] : ["--import", "tsx", script], {
    cwd: ROOT_DIR,
    env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString());
    if (output.length > 50) output.shift();
  };
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  // BENCH_SERVER_LOGS=<dir>: every server's whole output in <dir>/<name>-<port>.log, to find what a failed request met.
  const logDir = process.env.BENCH_SERVER_LOGS;
  if (logDir) {
    const file = createWriteStream(path.join(logDir, `${name.replace(/\W+/g, "-")}-${port}.log`), { flags: "a" });
    child.stdout!.pipe(file, { end: false });
    child.stderr!.pipe(file, { end: false });
    child.once("exit", () => file.end());
  }
  const stop = track(() => stopChild(child));

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (true) {
    const problem =
      child.exitCode !== null
        ? `exited with code ${child.exitCode} before it was ready`
        : Date.now() > deadline
          ? `did not answer ${readyPath} within 60 s`
          : undefined;
    if (problem) {
      await stop();
      // First line (kept in the history) ends with the server's last words; the rest goes to the console.
      const text = output.join("").trim();
      throw new Error(`${name} ${problem}: ${text.split("\n").at(-1) || "(no output)"}\n${text}`);
    }
    try {
      const res = await fetch(url + readyPath, { signal: AbortSignal.timeout(2_000) });
      await res.arrayBuffer();
      if (res.ok) return { url, pid: child.pid!, stop };
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

export function startBaseline(): Promise<RunningServer> {
  return startServer("baseline server", "bench/baseline-server.ts", {}, "/");
}

/** The second baseline: the trivial React Router page (built first by bench/lib/trivial-app.ts). */
export function startTrivialReactRouter(): Promise<RunningServer> {
  return startServer("trivial React Router server", "bench/trivial-app/server.ts", {}, "/");
}

/**
 * Pinned so the caller's shell cannot change what is measured. NODE_ENV is removed rather than set:
 * the figures are those of `npm start` from a clean shell (which sets PUBLIC_URL to localhost).
 */
const MENTORA_ENV = { LOG_LEVEL: "warn", SEED_DEMO: "true", MENTORA_DEV: "0", NODE_ENV: undefined, PUBLIC_URL: "http://localhost:3000" };
export const MENTORA_ENV_LABEL =
  "build/server-app/start.js (the bundled server, as npm start runs it), LOG_LEVEL=warn, demo seed, NODE_ENV unset, PUBLIC_URL=http://localhost:3000; on PostgreSQL WORKERS=1 (the overload probe: WORKERS=2)";

/** The server `npm run build` bundles (scripts/build-server.mjs): what `npm start` runs. */
const MENTORA_ENTRY = path.join(process.env.MENTORA_BUILD_DIR || "build", "server-app", "start.js");

/** Mentora on PGlite in a fresh data directory, so every run starts from the same seeded state. */
export async function startMentoraPglite(env: NodeJS.ProcessEnv = {}): Promise<RunningServer> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "mentora-bench-"));
  const removeDir = track(() => rm(dataDir, { recursive: true, force: true }));
  try {
    const server = await startServer("Mentora (pglite)", MENTORA_ENTRY, { ...MENTORA_ENV, ...env, DATA_DIR: dataDir }, "/api/health");
    return {
      url: server.url,
      pid: server.pid,
      stop: async () => {
        await server.stop();
        await removeDir();
      },
    };
  } catch (e) {
    await removeDir();
    throw e;
  }
}

export function startMentoraPostgres(databaseUrl: string, env: NodeJS.ProcessEnv = {}): Promise<RunningServer> {
  return startServer("Mentora (postgres)", MENTORA_ENTRY, { ...MENTORA_ENV, ...env, DATABASE_URL: databaseUrl }, "/api/health");
}

/** Mentora on a database the caller keeps between starts (the growth part seeds it while no server runs). */
export function startMentoraOn(target: { dataDir: string } | { url: string }, env: NodeJS.ProcessEnv = {}): Promise<RunningServer> {
  const where = "url" in target ? { DATABASE_URL: target.url, WORKERS: "1" } : { DATA_DIR: target.dataDir };
  return startServer(`Mentora (${"url" in target ? "postgres" : "pglite"})`, MENTORA_ENTRY, { ...MENTORA_ENV, ...where, ...env }, "/api/health");
}

export interface BenchDatabase {
  url: string;
  serverVersion: string;
  drop(): Promise<void>;
}

/** A fresh database per run, so PostgreSQL figures never depend on what an earlier run left. */
export async function createBenchDatabase(adminUrl: string): Promise<BenchDatabase> {
  const name = `mentora_bench_${Date.now()}`;
  await withAdmin(adminUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  // FORCE: a server killed mid-run may leave connections that would block a plain DROP.
  const drop = track(() => withAdmin(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => {}));
  const serverVersion = await withAdmin(adminUrl, (client) => client.query<{ server_version: string }>("SHOW server_version")).then(
    ({ rows }) => rows[0].server_version.split(" ")[0],
  );
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), serverVersion, drop };
}
