import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { processAlive } from "../db/data-dir-lock";

/** A lock or pid file in the data directory and the process it names, when that process still runs. */
export interface DataDirHolder {
  file: string;
  pid: number | null;
}

function pidIn(text: string): number | null {
  try {
    const parsed = JSON.parse(text) as unknown;
    if (typeof parsed === "number") return parsed;
    if (parsed && typeof parsed === "object" && typeof (parsed as { pid?: unknown }).pid === "number") return (parsed as { pid: number }).pid;
  } catch {
    // Not JSON: a plain pid file.
  }
  const m = /^\s*(\d+)\b/.exec(text);
  return m ? Number(m[1]) : null;
}

/**
 * Who holds the data directory: the server keeps a lock file (`*.lock` or `*.pid`) in it while it runs.
 * PGlite must never be opened by two processes, so a backup or restore refuses while a lock names a
 * live process, or a process it cannot read. A lock whose process is gone is stale and ignored.
 */
export function findDataDirHolder(dataDir: string): DataDirHolder | null {
  let names: string[];
  try {
    names = readdirSync(dataDir);
  } catch {
    return null;
  }
  for (const name of names.filter((n) => n.endsWith(".lock") || n.endsWith(".pid"))) {
    const file = path.join(dataDir, name);
    let text: string;
    try {
      text = readFileSync(file, "utf8");
    } catch {
      // A lock held as a directory, or unreadable: treat it as held.
      return { file, pid: null };
    }
    const pid = pidIn(text);
    if (pid === null) return { file, pid: null };
    if (pid !== process.pid && processAlive(pid)) return { file, pid };
  }
  return null;
}
