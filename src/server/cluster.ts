import cluster, { type Worker } from "node:cluster";

/**
 * WORKERS=n (docs/decisions/0022-overload-and-workers.md): the primary process forks n workers that
 * share one port (node:cluster hands connections out round-robin), restarts a worker that dies after
 * a growing pause, and on SIGTERM or SIGINT asks every worker to finish its requests and stop.
 * The database was migrated and seeded by the primary before any worker was forked (start.ts).
 */

/** A worker that could not start tells the primary why, in the one line start.ts would print. */
export interface FatalMessage {
  type: "mentora:fatal";
  message: string;
}

export function isFatalMessage(m: unknown): m is FatalMessage {
  return typeof m === "object" && m !== null && (m as FatalMessage).type === "mentora:fatal" && typeof (m as FatalMessage).message === "string";
}

/** A worker that lived at least this long was healthy: its slot's restart pause starts over. */
export const HEALTHY_LIFETIME_MS = 30_000;
/** Longest pause before restarting a worker that keeps dying. */
export const MAX_RESTART_DELAY_MS = 30_000;
/** How long workers get to finish their requests on shutdown before they are killed. */
export const SHUTDOWN_GRACE_MS = 20_000;

/** Pause before the next restart of a slot whose workers died `failures` times in a row: 0.5 s, 1 s, 2 s ... 30 s. */
export function restartDelayMs(failures: number): number {
  return Math.min(MAX_RESTART_DELAY_MS, 500 * 2 ** Math.max(0, failures - 1));
}

/**
 * Node flags for the workers: ours plus the V8 old-space limit (MAX_HEAP_MB), unless the caller chose
 * one in the flags or NODE_OPTIONS. Without a limit V8 sizes the heap from the machine's memory and
 * lets garbage pile up under load: RSS grew by hundreds of MB and stayed (docs/decisions/0022).
 * Likewise the young generation: Node.js 24 sizes its semi-spaces from the machine's memory too, which
 * cost a PGlite server ~100 MB of RSS at start on a 24 GB machine; 16 MB is Node.js 20's cap
 * (docs/decisions/0071).
 */
export const SEMI_SPACE_MB = 16;

export function workerExecArgv(execArgv: readonly string[], nodeOptions: string | undefined, maxHeapMb: number): string[] {
  const given = [...execArgv, ...(nodeOptions ?? "").split(/\s+/)];
  const chose = (flag: string) => given.some((a) => a.startsWith(flag));
  const out = [...execArgv];
  if (!chose("--max-old-space-size") && maxHeapMb !== 0) out.push(`--max-old-space-size=${maxHeapMb}`);
  if (!chose("--max-semi-space-size")) out.push(`--max-semi-space-size=${SEMI_SPACE_MB}`);
  return out;
}

export interface SuperviseOptions {
  workers: number;
  /** Environment of the first worker, which prepares the database; the others start once it listens. */
  prepareEnv: Record<string, string>;
  /** Printed once every worker listens, e.g. "Mentora is serving on ...". */
  onReady(): void;
  /** One line to stderr (start-up failures, deaths, restarts). */
  warn(line: string): void;
}

interface Slot {
  worker?: Worker;
  listening: boolean;
  startedAt: number;
  failures: number;
  restart?: NodeJS.Timeout;
}

/** Runs in the primary until shutdown; the process exits from here (0 after a clean stop, 1 when start-up failed). */
export function superviseWorkers({ workers, prepareEnv, onReady, warn }: SuperviseOptions): void {
  const slots: Slot[] = Array.from({ length: workers }, () => ({ startedAt: 0, failures: 0, listening: false }));
  let ready = false;
  let stopping = false;
  let exitCode = 0;

  function fork(slot: Slot, env?: Record<string, string>) {
    slot.restart = undefined;
    slot.startedAt = Date.now();
    slot.listening = false;
    const worker = cluster.fork(env);
    slot.worker = worker;
    worker.on("message", (m: unknown) => {
      if (!isFatalMessage(m)) return;
      if (!ready) {
        // A worker cannot start (port taken, database gone): no point in trying the others.
        if (!stopping) warn(m.message);
        stop(1);
      } else if (!stopping) {
        warn(`${m.message} (worker ${worker.process.pid})`);
      }
    });
    worker.once("listening", () => {
      slot.listening = true;
      // The first worker has migrated and seeded: the others can start now.
      if (!ready && slot === slots[0]) for (const other of slots.slice(1)) fork(other);
      if (!ready && slots.every((s) => s.listening)) {
        ready = true;
        onReady();
      }
    });
    worker.once("exit", (code, signal) => {
      if (slot.worker === worker) {
        slot.worker = undefined;
        slot.listening = false;
      }
      if (stopping) return maybeExit();
      if (!ready) {
        warn(`mentora: a worker exited during start-up (${signal ?? `code ${code}`})`);
        return stop(1);
      }
      slot.failures = Date.now() - slot.startedAt >= HEALTHY_LIFETIME_MS ? 1 : slot.failures + 1;
      const delay = restartDelayMs(slot.failures);
      warn(`mentora: worker ${worker.process.pid} died (${signal ?? `code ${code}`}); starting another in ${delay} ms`);
      slot.restart = setTimeout(() => fork(slot), delay);
    });
  }

  function maybeExit() {
    if (slots.some((s) => s.worker)) return;
    process.exit(exitCode);
  }

  function stop(code: number) {
    exitCode = Math.max(exitCode, code);
    if (stopping) return maybeExit();
    stopping = true;
    for (const slot of slots) {
      clearTimeout(slot.restart);
      // Each worker closes its server (finishing open requests) and its database, then exits.
      slot.worker?.process.kill("SIGTERM");
    }
    setTimeout(() => {
      for (const slot of slots) slot.worker?.process.kill("SIGKILL");
    }, SHUTDOWN_GRACE_MS).unref();
    maybeExit();
  }

  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => stop(0));
  fork(slots[0], prepareEnv);
}
