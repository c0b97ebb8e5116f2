/**
 * Real app processes, as `npm run serve` starts them (`node build/server-app/start.js`, the bundle `npm run build` writes), for
 * tests of several instances on one PostgreSQL database (the scale-out path, ARCHITECTURE.md):
 *
 *   const cluster = await startInstances(2, { DATABASE_URL: url });
 *   await fetch(`${cluster.instances[0].url}/api/health`);
 *   await cluster.stop();
 *
 * They start one after the other (start.ts migrates and seeds; two at once would race on an empty
 * database) and serve the built web app, so `npm run build` must have run. Each is its own process
 * group: `stop()` ends the group with SIGTERM, then SIGKILL if it hangs, also after a failed start.
 *
 * Each listens on a free port of its own, unless `env.PORT` names one: a restart after `kill()` on
 * the port the killed instance had keeps the origin of a browser's pages (their cookies and storage):
 *
 *   const port = new URL(cluster.instances[0].url).port;
 *   await cluster.kill(0);
 *   const again = await startInstances(1, { DATABASE_URL: url, PORT: port });
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import path from "node:path";
import { environmentWithoutSettings, freePort, SERVER_ENTRY } from "./processes";

const ROOT = path.resolve(import.meta.dirname, "../..");
const READY_TIMEOUT_MS = 60_000;
const STOP_GRACE_MS = 5_000;

export interface Instance {
  /** http://127.0.0.1:<port> */
  url: string;
  /** The last lines the process wrote (stdout and stderr), for failure messages. */
  output(): string;
}

export interface Instances {
  instances: Instance[];
  /** SIGKILL to one instance's process group (a crash: nothing is closed); resolves once it is gone. */
  kill(index: number): Promise<void>;
  /** Stops every process (safe to call twice, and after a failure). */
  stop(): Promise<void>;
}

/**
 * What every instance gets unless `env` says otherwise: production settings, quiet, behind a proxy
 * on this machine (so a test chooses the client address with X-Forwarded-For, as a load balancer
 * would set it), the demo content left as the database has it. One process per instance (two
 * instances are the point) and no load shedding by event-loop delay or queue wait: a busy test
 * machine must not turn a test's request into a 503.
 */
const DEFAULT_ENV = {
  NODE_ENV: "production",
  // On this machine, at a loopback PUBLIC_URL: the local demo's settings, which NODE_ENV=production alone refuses.
  MENTORA_DEMO: "1",
  LOG_LEVEL: "silent",
  SEED_DEMO: "false",
  TRUST_PROXY: "127.0.0.1",
  MENTORA_DEV: "0",
  WORKERS: "1",
  OVERLOAD_MAX_LAG_MS: "0",
  OVERLOAD_QUEUE_WAIT_MS: "60000",
};
function exited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

/** Every group still running: killed when this process exits, however the test ended. */
const live = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of live) {
    try {
      process.kill(-child.pid!, "SIGKILL");
    } catch {
      // Already gone.
    }
  }
});

/** SIGTERM to the process group (start.ts closes the app and its database), SIGKILL after the grace. */
async function stopGroup(child: ChildProcess): Promise<void> {
  if (exited(child) || child.pid === undefined) return;
  const pid = child.pid;
  const gone = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const signal = (s: NodeJS.Signals) => {
    try {
      process.kill(-pid, s);
    } catch {
      // Already gone.
    }
  };
  signal("SIGTERM");
  const timer = setTimeout(() => signal("SIGKILL"), STOP_GRACE_MS);
  await gone;
  clearTimeout(timer);
}

/**
 * The port a caller asked for, once nothing listens there: otherwise the health check below could be
 * answered by whatever holds it (an instance not yet gone) instead of the one started here.
 */
function claimedPort(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once("error", (e) => reject(new Error(`port ${port} is not free for a new instance: ${(e as Error).message}`)));
    srv.listen(port, "127.0.0.1", () => srv.close(() => resolve(port)));
  });
}

async function startOne(env: Record<string, string>, children: ChildProcess[]): Promise<Instance> {
  const port = env.PORT ? await claimedPort(Number(env.PORT)) : await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: ROOT,
    env: { ...environmentWithoutSettings(), ...DEFAULT_ENV, PUBLIC_URL: url, ...env, PORT: String(port), HOST: "127.0.0.1" },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  children.push(child);
  live.add(child);
  child.once("exit", () => live.delete(child));
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(chunk.toString());
    if (lines.length > 50) lines.shift();
  };
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  const output = () => lines.join("").trim();

  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (exited(child)) throw new Error(`instance on port ${port} exited (${child.exitCode ?? child.signalCode}) before it was ready: ${output()}`);
    if (Date.now() > deadline) throw new Error(`instance on port ${port} did not answer /api/health within ${READY_TIMEOUT_MS} ms: ${output()}`);
    try {
      const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) });
      await res.arrayBuffer();
      if (res.ok) return { url, output };
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * Starts `n` instances with `env` (DATABASE_URL at least), one after the other, each ready when this
 * resolves. With `env.PORT` (then `n` is 1: one port, one listener) that port instead of a free one.
 */
export async function startInstances(n: number, env: Record<string, string>): Promise<Instances> {
  if (env.PORT && n !== 1) throw new Error(`startInstances: PORT ${env.PORT} was given for ${n} instances; one port holds one`);
  const children: ChildProcess[] = [];
  const stop = async () => {
    await Promise.all(children.map(stopGroup));
  };
  const instances: Instance[] = [];
  try {
    for (let i = 0; i < n; i++) instances.push(await startOne(env, children));
  } catch (e) {
    await stop();
    throw e;
  }
  const kill = async (index: number) => {
    const child = children[index];
    if (!child || exited(child) || child.pid === undefined) return;
    const gone = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    process.kill(-child.pid, "SIGKILL");
    await gone;
  };
  return { instances, stop, kill };
}
