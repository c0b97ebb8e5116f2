import { readdir, readFile } from "node:fs/promises";

/**
 * Resident memory of a server: its own process and every process below it (cluster workers, helpers),
 * read from /proc (Linux only). VmRSS counts pages shared between a parent and its forks once per process,
 * so the sum over a cluster overstates it a little; it never understates it.
 */

/** VmRSS of one process in bytes, or undefined once it is gone. */
async function vmRss(pid: number): Promise<number | undefined> {
  try {
    const status = await readFile(`/proc/${pid}/status`, "utf8");
    const kb = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status)?.[1];
    return kb === undefined ? undefined : Number(kb) * 1024;
  } catch {
    return undefined;
  }
}

/** Parent of every live process, from /proc/<pid>/stat (the command name may hold spaces and parentheses). */
async function parents(): Promise<Map<number, number>> {
  const result = new Map<number, number>();
  for (const entry of await readdir("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = await readFile(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      result.set(Number(entry), ppid);
    } catch {
      // Ended while we looked.
    }
  }
  return result;
}

export interface RssReading {
  /** Bytes, summed over the process and its descendants. */
  bytes: number;
  processes: number;
}

/** The process and every process below it (cluster workers, helpers), alive now. */
export async function processTree(pid: number): Promise<Set<number>> {
  const parentOf = await parents();
  const tree = new Set([pid]);
  // Descendants in any order: repeat until no process joins.
  for (let grew = true; grew;) {
    grew = false;
    for (const [child, parent] of parentOf) {
      if (tree.has(parent) && !tree.has(child)) {
        tree.add(child);
        grew = true;
      }
    }
  }
  return tree;
}

export async function processTreeRss(pid: number): Promise<RssReading> {
  const tree = await processTree(pid);
  let bytes = 0;
  let processes = 0;
  for (const p of tree) {
    const rss = await vmRss(p);
    if (rss === undefined) continue;
    bytes += rss;
    processes += 1;
  }
  if (processes === 0) throw new Error(`process ${pid} is gone: no RSS to read`);
  return { bytes, processes };
}

/** Memory figures are in MiB (2^20 bytes), as ps and top count. */
export const MB = 2 ** 20;
