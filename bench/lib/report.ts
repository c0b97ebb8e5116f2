import { CHROME_FLAGS } from "./lighthouse";
import { FRESH_ANSWER_WITHIN_MS, LOAD_ADDRESS, VISITOR_ADDRESS } from "./overload";
import { baselineOf, cpuRatio, failure, type BenchResults } from "./results";
import { BASELINE_LABELS, BROWSER_PAGE_HEADERS } from "./scenarios";
import { GROWTH_LIMIT_MB_PER_MIN } from "./soak";
import { counts, kB, mb, ms, ratio, type Table } from "./table";

/** The tables of one run, in the order they are printed and written: load, JS weight, Lighthouse, overload, memory. */

export function loadTable(results: BenchResults): Table {
  const header = [
    "scenario",
    "req/s",
    "p50 ms",
    "p99 ms",
    "vs",
    "req/s vs base",
    "p50 vs base",
    "p99 vs base",
    "server CPU ms/req",
    "CPU/req: base ÷ this",
    "generator busy",
    "response",
    "result",
  ];
  const rows = results.rows.map(({ scenario, measurement: m, skipped, baseline, response }) => {
    const answer = response ? `${response.status} ${response.encoding} ${kB(response.bytes)}` : "—";
    if (!m) return [scenario, "—", "—", "—", "—", "—", "—", "—", "—", "—", "—", answer, `not run: ${skipped ?? "unknown"}`];
    const b = baseline ? baselineOf(results, baseline) : m;
    return [
      scenario,
      Math.round(m.reqPerSec).toString(),
      ms(m.p50),
      ms(m.p99),
      baseline ?? "—",
      b ? ratio(m.reqPerSec / b.reqPerSec) : "—",
      b ? ratio(m.p50 / b.p50) : "—",
      b ? ratio(m.p99 / b.p99) : "—",
      m.serverCpuMsPerRequest === undefined ? "—" : m.serverCpuMsPerRequest.toPrecision(2),
      b ? ratio(cpuRatio(m, b)) : "—",
      `${Math.round(m.loadGeneratorBusy * 100)}%`,
      answer,
      failure(m) ? `FAILED: ${failure(m)}` : `ok (${m.requests} requests)`,
    ];
  });
  return {
    title: "Load scenarios",
    header,
    rows,
    numeric: [1, 2, 3, 5, 6, 7, 8, 9, 10],
    notes: [
      `vs: hello = ${BASELINE_LABELS.hello}; trivial = ${BASELINE_LABELS.trivial} (same adapter and Fastify set-up as Mentora).`,
      `SSR pages are requested with ${Object.entries(BROWSER_PAGE_HEADERS)
        .map(([k, v]) => `\`${k}: ${v}\``)
        .join(", ")}; "response" is one answer fetched before the load: status, Content-Encoding, bytes on the wire.`,
      `server CPU: user + system time of the server's processes and threads over the measured load, per response; "base ÷ this" reads like req/s vs base (1× = as cheap as the baseline).`,
      `generator busy: the share of one core autocannon (in the bench's process) used; near 100% it was the bottleneck and req/s is a floor of what the server does, so read the CPU column too (docs/decisions/0041).`,
    ],
  };
}

export function weightTable(results: BenchResults): Table {
  const w = results.pageWeights;
  return {
    title: "JavaScript a first visit loads (Chromium, cache off)",
    header: ["page", "status", "JS files", "JS transferred", "JS decoded", "JS encodings", "HTML transferred", "HTML decoded"],
    rows: w.map((p) => [
      p.path,
      String(p.status),
      String(p.jsFiles),
      kB(p.jsTransferred),
      kB(p.jsDecoded),
      p.jsEncodings.join(", "),
      kB(p.documentTransferred),
      kB(p.documentDecoded),
    ]),
    numeric: [2, 3, 4, 6, 7],
    notes: [
      `Accept-Encoding sent by Chromium: \`${w[0]?.acceptEncoding ?? "—"}\`. Transferred = bytes on the wire (headers included, as DevTools counts); kB = 1000 bytes.`,
    ],
  };
}

export function lighthouseTable(results: BenchResults): Table {
  const l = results.lighthouse;
  return {
    title: `Lighthouse ${l[0]?.version ?? ""} mobile (defaults), PGlite server, median of ${results.lighthouseRuns} run(s)`,
    header: ["page", "performance", "accessibility", "performance per run", "FCP ms", "LCP ms", "TBT ms", "CLS", "accessibility audits failed"],
    rows: l.map((r) => [
      r.path,
      String(r.median.performance),
      String(r.median.accessibility),
      r.runs.map((run) => run.performance).join(", "),
      ms(r.median.fcp),
      ms(r.median.lcp),
      ms(r.median.tbt),
      r.median.cls.toFixed(3),
      r.median.failedAccessibilityAudits.join(", ") || "none",
    ]),
    numeric: [1, 2, 4, 5, 6, 7],
    notes: [`Chrome flags: \`${CHROME_FLAGS}\`.`],
  };
}

export function overloadTable(results: BenchResults): Table {
  const rows: string[][] = [];
  for (const { db, result: o } of results.overload) {
    const where = `${db} · ${o.workers} worker${o.workers > 1 ? "s" : ""}`;
    rows.push([
      where,
      `mix: ${o.connections} connections from ${LOAD_ADDRESS}`,
      String(Math.round(o.load.reqPerSec)),
      ms(o.load.p50),
      ms(o.load.p99),
      `${Math.round(o.load.share2xx * 100)}% 2xx (${Math.round(o.load.ok2xxPerSec)}/s)`,
      `${counts(o.load.statuses)}${o.load.errors ? `; ${o.load.errors} errors (${o.load.timeouts} timeouts)` : ""}`,
    ]);
    for (const p of o.probes)
      rows.push([
        where,
        `fresh visitor from ${VISITOR_ADDRESS} ${p.path}`,
        "—",
        `p95 ${ms(p.p95Ms)}`,
        `worst ${ms(p.worstMs)}`,
        `${p.withinMs} of ${p.count} within ${FRESH_ANSWER_WITHIN_MS / 1000} s`,
        counts(p.statuses),
      ]);
  }
  const o = results.overload[0]?.result;
  return {
    title: "Overload: a busy address and a fresh visitor while the server is saturated",
    header: ["database", "what", "req/s", "p50 / p95 ms", "p99 / worst ms", "answered", "statuses"],
    rows,
    numeric: [2, 3, 4],
    notes: o
      ? [
          `${o.seconds} s of ${o.connections} keep-alive connections from one address cycling, for each of several learners in turn, ${o.paths.map((p) => `\`${p}\``).join(", ")} (signed in but the catalogue, a guest's cached page); every second a new TCP connection (no agent) from another address GETs each probed path; the target is an answer (200 or 503) within ${FRESH_ANSWER_WITHIN_MS} ms.`,
        ]
      : [],
  };
}

export function memoryTable(results: BenchResults): Table {
  const rows = results.memory.map((m) => {
    const soaked = m.db ? results.soak.find((s) => s.db === m.db)?.result : undefined;
    return [
      m.server,
      mb(m.atStart?.bytes),
      mb(m.afterRun?.bytes),
      String(m.afterRun?.processes ?? "—"),
      soaked ? `${soaked.seconds} s: first ${mb(soaked.firstBytes)}, last ${mb(soaked.lastBytes)}, max ${mb(soaked.maxBytes)}` : "—",
      soaked ? `${Number.isFinite(soaked.slopeMbPerMin) ? soaked.slopeMbPerMin.toFixed(2) : "—"} MiB/min` : "—",
      soaked ? (soaked.growing === undefined ? "too few samples" : soaked.growing ? "GROWING" : "level") : "—",
    ];
  });
  return {
    title: "Server memory (RSS of the server process and its children)",
    header: ["server", "RSS at start", "RSS after run", "processes", "soak", "slope, 2nd half", "trend"],
    rows,
    numeric: [1, 2, 3],
    notes: [
      `"after run": after every scenario the bench ran on that server. Soak: BENCH_SOAK_SECONDS of mixed load, RSS sampled every BENCH_SOAK_SAMPLE_SECONDS; growing means a least-squares slope over the second half above ${GROWTH_LIMIT_MB_PER_MIN} MiB/min. The servers run the bundle \`npm start\` runs; Mentora on PostgreSQL as a primary and one worker.`,
    ],
  };
}

export function chatTable(results: BenchResults): Table {
  const { relay, mentora } = results.chat;
  const row = (what: string, d: NonNullable<typeof relay>) => [
    what,
    String(d.pairs),
    String(d.sent),
    ms(d.p50Ms),
    ms(d.p99Ms),
    ms(d.worstMs),
    relay && d !== relay ? ratio(d.p99Ms / relay.p99Ms) : "—",
    counts(d.failedBeforeRetryBy),
    `${d.retried} retried, ${d.deliveredByRetry} delivered by the retry`,
    `${d.failedSends} failed (${counts(d.failedBy)}), ${d.lost} lost`,
  ];
  return {
    title: "Chat delivery: send to the other side's WebSocket",
    header: ["path", "pairs", "messages", "p50 ms", "p99 ms", "worst ms", "p99 vs relay", "failed before retry", "client's retry", "after the retry"],
    rows: [
      ...(relay ? [row("baseline: bare WebSocket relay (one process, no database)", relay)] : []),
      ...(mentora ? [row("Mentora: POST through instance A, socket on instance B, one PostgreSQL", mentora)] : []),
    ],
    numeric: [1, 2, 3, 4, 5, 6],
    notes: [
      "Each pair sends one message a second (staggered); latency runs from just before the POST to the receiver's event for that message id. Mentora's instances run with RATE_LIMIT_WINDOW_MS=100 (the pairs' learners register from one address) and CHAT_SENDS_PER_MINUTE=120 (one message a second is over the default 20); every send still passes the shared rate-limit counters.",
      'A sender behaves as the web client (src/domain/overload-retry.ts): a typed 503 (OVERLOADED, Retry-After) of a send, idempotent by its client-made id, is retried once after Retry-After capped at 5 s with jitter; latency includes that wait. "failed before retry" counts first attempts by status and error code (or the socket error); "after the retry" what the sender finally got.',
    ],
  };
}

/** Every table that has rows, in report order. */
export function reportTables(results: BenchResults): Table[] {
  const tables = [loadTable(results), weightTable(results), lighthouseTable(results), overloadTable(results), chatTable(results), memoryTable(results)];
  return tables.filter((t) => t.rows.length > 0);
}
