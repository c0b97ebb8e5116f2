import type { DeliveryResult } from "./chat-delivery";
import type { LighthouseResult } from "./lighthouse";
import type { Measurement, ResponseFacts } from "./measure";
import type { OverloadResult } from "./overload";
import type { PageWeight } from "./page-weight";
import type { RssReading } from "./rss";
import type { BaselineId, ScenarioId } from "./scenarios";
import type { SoakResult } from "./soak";

/** Everything one run of the bench found, gathered by run.ts and read by the report and the targets. */

export type Db = "pglite" | "postgres";

export interface Row {
  scenario: string;
  /** Which scenario (or baseline) and on which database, for the targets. */
  id: ScenarioId | BaselineId;
  db?: Db;
  /** The baseline its ratios are taken against; none for the baselines themselves. */
  baseline?: BaselineId;
  /** One response fetched before the load: status, Content-Encoding, bytes. */
  response?: ResponseFacts;
  measurement?: Measurement;
  /** Why the scenario has no figures (e.g. PostgreSQL unreachable). */
  skipped?: string;
}

export interface ServerMemory {
  server: string;
  db?: Db;
  /** Right after the server answered its ready check, and after everything the bench ran on it. */
  atStart?: RssReading;
  afterRun?: RssReading;
}

export interface BenchResults {
  rows: Row[];
  pageWeights: PageWeight[];
  lighthouse: LighthouseResult[];
  lighthouseRuns: number;
  overload: { db: Db; result: OverloadResult }[];
  soak: { db: Db; result: SoakResult }[];
  /** Chat delivery through two Mentora instances on one PostgreSQL, beside the bare relay. */
  chat: { relay?: DeliveryResult; mentora?: DeliveryResult };
  memory: ServerMemory[];
  /** Parts not run or failed, one line each, for the history. */
  notes: string[];
  /** Parts that should have produced figures and did not: the run exits non-zero. */
  failures: string[];
}

export function failure(m: Measurement): string | undefined {
  const problems: string[] = [];
  if (m.non2xx > 0) {
    const codes = Object.entries(m.statusCodes).filter(([code]) => !code.startsWith("2"));
    problems.push(`${m.non2xx} non-2xx (${codes.map(([code, n]) => `${code}×${n}`).join(", ")})`);
  }
  if (m.errors > 0) problems.push(`${m.errors} errors${m.timeouts ? ` (${m.timeouts} timeouts)` : ""}`);
  if (m.requests === 0) problems.push("no responses");
  return problems.length ? problems.join(", ") : undefined;
}

export function rowFailed(row: Row): boolean {
  return !row.measurement || failure(row.measurement) !== undefined;
}

export function baselineOf(results: BenchResults, id: BaselineId): Measurement | undefined {
  return results.rows.find((r) => r.id === id && !r.db)?.measurement;
}

export function rowOf(results: BenchResults, id: ScenarioId, db: Db): Row | undefined {
  return results.rows.find((r) => r.id === id && r.db === db);
}

/** How many times cheaper in server CPU per response `base` is than `m` inverted: 1 = as cheap as the baseline, like a req/s ratio. */
export function cpuRatio(m: Measurement, base: Measurement): number {
  return m.serverCpuMsPerRequest && base.serverCpuMsPerRequest ? base.serverCpuMsPerRequest / m.serverCpuMsPerRequest : Number.NaN;
}
