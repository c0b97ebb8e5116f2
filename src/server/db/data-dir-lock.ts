import cluster from "node:cluster";
import { openSync, readFileSync, renameSync, statSync, unlinkSync, linkSync, writeSync, closeSync } from "node:fs";
import { hostname } from "node:os";
import path from "node:path";

/**
 * The embedded database's data directory belongs to one process (docs/decisions/0068): two PGlite
 * processes on one directory would each write its files and corrupt it. The opener creates
 * `<DATA_DIR>/mentora.lock` exclusively (O_EXCL) holding its pid, host and start time; a second
 * opener is refused before it touches the database. A lock left by a process that is gone (same host,
 * pid not alive) is taken over; one from another host is never guessed stale (a shared disk).
 */

export const LOCK_FILE = "mentora.lock";

export interface LockHolder {
  pid: number;
  host: string;
  /** When the holder took the lock (ISO). */
  since: string;
  /** The cluster primary of a worker that holds the lock: the process an operator stops. */
  primaryPid?: number;
}

export class DataDirLockedError extends Error {
  override name = "DataDirLockedError";
  constructor(
    readonly dir: string,
    readonly holder: LockHolder,
  ) {
    const who = holder.primaryPid ? `process ${holder.primaryPid} (worker ${holder.pid})` : `process ${holder.pid}`;
    super(
      `DATA_DIR ${dir} is in use by ${who} on ${holder.host} since ${holder.since}: stop that server first or give this one another DATA_DIR (lock ${path.join(dir, LOCK_FILE)})`,
    );
  }
}

export interface DataDirLock {
  /** Removes the lock file if it is still ours (safe to call twice). */
  release(): void;
}

function thisProcess(): LockHolder {
  return { pid: process.pid, host: hostname(), since: new Date().toISOString(), ...(cluster.isWorker ? { primaryPid: process.ppid } : {}) };
}

/** Whether `pid` runs on this host (a zombie does not: it holds no file). Also read by backup/restore. */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (e) {
    // EPERM: it exists but is another user's.
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
  // A zombie (dead, not yet reaped by its parent) answers the signal but holds no file any more.
  try {
    return !/^\d+ \(.*\) Z /.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return true; // no /proc (not Linux): the signal's answer stands
  }
}

function readHolder(file: string): { raw: string; holder: LockHolder | null } | null {
  let raw: string;
  try {
    raw = readFileSync(file, "utf8");
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw e;
  }
  try {
    const h = JSON.parse(raw) as LockHolder;
    return { raw, holder: Number.isInteger(h.pid) && typeof h.host === "string" && typeof h.since === "string" ? h : null };
  } catch {
    return { raw, holder: null };
  }
}

function sleep(ms: number) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** A lock file without a readable holder older than this was left half-written by a crash. */
const UNREADABLE_STALE_MS = 10_000;

/** Takes the lock of `dir` (which must exist) or throws DataDirLockedError naming its holder. */
export function lockDataDir(dir: string, me: LockHolder = thisProcess()): DataDirLock {
  const file = path.join(dir, LOCK_FILE);
  const content = `${JSON.stringify(me)}\n`;
  for (let attempt = 0; attempt < 50; attempt++) {
    try {
      const fd = openSync(file, "wx", 0o644);
      try {
        writeSync(fd, content);
      } finally {
        closeSync(fd);
      }
      return ownLock(file, content);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
    }
    const seen = readHolder(file);
    if (!seen) continue; // released meanwhile: try again
    const { holder } = seen;
    let stale: boolean;
    if (holder) stale = holder.host === me.host && !processAlive(holder.pid);
    else {
      // Being written right now, or half-written by a crash.
      let age = 0;
      try {
        age = Date.now() - statSync(file).mtimeMs;
      } catch {
        continue;
      }
      stale = age > UNREADABLE_STALE_MS;
      if (!stale) {
        sleep(100);
        continue;
      }
    }
    if (!stale) throw new DataDirLockedError(dir, holder!);
    takeOver(file, seen.raw);
  }
  throw new DataDirLockedError(dir, readHolder(file)?.holder ?? { pid: 0, host: "unknown", since: "unknown" });
}

/**
 * Moves a stale lock aside; a process doing the same at once may have replaced it by its own fresh
 * lock in between: that one is put back (link fails if a third took the place), never deleted.
 */
function takeOver(file: string, staleRaw: string) {
  const aside = `${file}.stale-${process.pid}`;
  try {
    renameSync(file, aside);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return;
    throw e;
  }
  const moved = readHolder(aside);
  if (moved && moved.raw !== staleRaw) {
    try {
      linkSync(aside, file);
    } catch {
      // Somebody holds it again already.
    }
  }
  try {
    unlinkSync(aside);
  } catch {
    // Gone already.
  }
}

function ownLock(file: string, content: string): DataDirLock {
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off("exit", release);
    try {
      if (readFileSync(file, "utf8") === content) unlinkSync(file);
    } catch {
      // Already removed.
    }
  };
  // A process that exits without closing the database (process.exit after an error) lets go too.
  process.on("exit", release);
  return { release };
}
