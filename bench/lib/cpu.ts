import { execFileSync } from "node:child_process";
import { readFile } from "node:fs/promises";
import { processTree } from "./rss";

/**
 * CPU time a server spends, read from /proc (Linux only): user + system time of the process and every
 * process below it (cluster workers), threads included (zlib and the GC run on threads of their own).
 *
 * Why the bench needs it beside req/s: on a two-core machine the load generator (autocannon, in the
 * bench's own process) shares the cores with the server. For small, cheap replies it can run out of
 * CPU first, and then req/s measures the load generator, not the server. CPU time per request is what
 * the server itself paid, whoever was the bottleneck (docs/decisions/0041).
 */

const TICKS_PER_SECOND = (() => {
  try {
    return Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** Seconds of CPU the process `pid` has used, or undefined once it is gone. */
async function cpuSeconds(pid: number): Promise<number | undefined> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name (which may hold spaces): state is field 3, utime 14, stime 15.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

/** CPU seconds of the process tree under `pid` now; compare two readings of the same tree. */
export async function processTreeCpu(pid: number): Promise<number> {
  let total = 0;
  for (const p of await processTree(pid)) total += (await cpuSeconds(p)) ?? 0;
  return total;
}
