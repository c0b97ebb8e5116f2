import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DataDirLockedError, LOCK_FILE, lockDataDir } from "./data-dir-lock";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
function dataDir(): string {
  const d = mkdtempSync(path.join(tmpdir(), "mentora-lock-"));
  dirs.push(d);
  return d;
}

/** The pid of a process that has exited (and so is not alive). */
function deadPid(): number {
  return spawnSync(process.execPath, ["-e", "0"]).pid!;
}

describe("the data directory lock", () => {
  it("writes the holder's pid, host and start time, and removes the file on release", () => {
    const dir = dataDir();
    const lock = lockDataDir(dir);
    const holder = JSON.parse(readFileSync(path.join(dir, LOCK_FILE), "utf8")) as Record<string, unknown>;
    expect(holder).toMatchObject({ pid: process.pid, host: hostname() });
    expect(new Date(holder.since as string).getTime()).not.toBeNaN();
    lock.release();
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false);
    lock.release();
  });

  it("refuses a second opener while the holder lives, naming its pid and since when", () => {
    const dir = dataDir();
    const since = "2026-12-02T01:00:00.000Z";
    // The holder is this (live) test process, as another server would be.
    writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify({ pid: process.pid, host: hostname(), since }));
    let error: unknown;
    try {
      lockDataDir(dir);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DataDirLockedError);
    expect((error as Error).message).toBe(
      `DATA_DIR ${dir} is in use by process ${process.pid} on ${hostname()} since ${since}: stop that server first or give this one another DATA_DIR (lock ${path.join(dir, LOCK_FILE)})`,
    );
    // The holder's lock is untouched.
    expect(JSON.parse(readFileSync(path.join(dir, LOCK_FILE), "utf8"))).toMatchObject({ pid: process.pid, since });
  });

  it("names a cluster worker's primary, the process to stop", () => {
    const dir = dataDir();
    writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify({ pid: process.pid, primaryPid: process.ppid, host: hostname(), since: "x" }));
    expect(() => lockDataDir(dir)).toThrow(`in use by process ${process.ppid} (worker ${process.pid})`);
  });

  it("is taken over from a process of this host that is gone", () => {
    const dir = dataDir();
    writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify({ pid: deadPid(), host: hostname(), since: "2026-01-01T00:00:00.000Z" }));
    const lock = lockDataDir(dir);
    expect(JSON.parse(readFileSync(path.join(dir, LOCK_FILE), "utf8"))).toMatchObject({ pid: process.pid });
    lock.release();
  });

  it("is never taken over from another host (its pid means nothing here)", () => {
    const dir = dataDir();
    writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify({ pid: deadPid(), host: "another-host", since: "2026-01-01T00:00:00.000Z" }));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(/on another-host since 2026-01-01T00:00:00.000Z/);
  });

  it("a release leaves a lock alone that is no longer its own", () => {
    const dir = dataDir();
    const lock = lockDataDir(dir);
    const other = JSON.stringify({ pid: 1, host: "another-host", since: "x" });
    writeFileSync(path.join(dir, LOCK_FILE), other);
    lock.release();
    expect(readFileSync(path.join(dir, LOCK_FILE), "utf8")).toBe(other);
  });
});
