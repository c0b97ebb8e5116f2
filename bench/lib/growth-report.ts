import type { GrowthFigure, GrowthResults } from "./growth";
import { GROWTH_VIEWS } from "./growth";
import type { TargetLine, Verdict } from "./targets";
import { kB, ms, ratio, type Table } from "./table";
import type { Db } from "./results";

/** The growth part's tables: each view at each level against the control, and its targets (issue 30). */

export const GROWTH_TARGETS = {
  /** Paged views: a full page at L3 costs and weighs at most this much more than at L2. */
  pagedL3VsL2: 1.2,
  /** ... and per item shown at most this much more than at L1. */
  perItemVsL1: 1.5,
  unreadP50Ms: 10,
  unreadBytes: 4_000,
  progressP50Ms: 30,
  progressBytes: 100_000,
  jobsWorstMs: 200,
  /** The course page of 100 elements against the one of 10 (L2 against L1). */
  coursePageBytes: 2,
};

function figure(r: GrowthResults, db: Db, level: string, view: string): GrowthFigure | undefined {
  return r.figures.find((f) => f.db === db && f.level === level && f.view === view);
}

/** Time per response of `view` divided by the control's on the same server: its cost in controls. */
function cost(r: GrowthResults, db: Db, level: string, view: string): number {
  const f = figure(r, db, level, view)?.measurement;
  const c = figure(r, db, level, "control")?.measurement;
  return f && c && f.reqPerSec > 0 ? c.reqPerSec / f.reqPerSec : Number.NaN;
}

function perItem(r: GrowthResults, db: Db, level: string, view: string): number {
  const items = figure(r, db, level, view)?.items;
  return items ? cost(r, db, level, view) / items : Number.NaN;
}

function dbs(r: GrowthResults): Db[] {
  return [...new Set(r.figures.map((f) => f.db))];
}

function levels(r: GrowthResults): string[] {
  return [...new Set(r.figures.map((f) => f.level))];
}

export function growthTable(r: GrowthResults): Table {
  const ls = levels(r);
  const [first] = ls;
  const header = [
    "view · db",
    ...ls.map((l) => `${l} req/s`),
    ...ls.slice(1).map((l) => `cost ${l} vs ${first}`),
    "cost L3 vs L2",
    ...ls.map((l) => `${l} bytes`),
    "items L3",
    "per item L3 vs L1",
    "one at a time L3 p50 / worst",
  ];
  const rows: string[][] = [];
  for (const db of dbs(r)) {
    for (const v of GROWTH_VIEWS) {
      const at = (l: string) => figure(r, db, l, v.id);
      const norm = (l: string) => cost(r, db, l, v.id) / cost(r, db, first, v.id);
      const last = at(ls.at(-1)!);
      rows.push([
        `${v.label} · ${db}`,
        ...ls.map((l) => (at(l)?.measurement ? Math.round(at(l)!.measurement!.reqPerSec).toString() : at(l)?.error ? "failed" : "—")),
        ...ls.slice(1).map((l) => (v.id === "control" ? "—" : ratio(norm(l)))),
        v.id === "control" ? "—" : ratio(cost(r, db, "L3", v.id) / cost(r, db, "L2", v.id)),
        ...ls.map((l) => (at(l)?.bytes === undefined ? "—" : kB(at(l)!.bytes!))),
        last?.items?.toString() ?? "—",
        v.paged ? ratio(perItem(r, db, "L3", v.id) / perItem(r, db, first, v.id)) : "—",
        last?.sequential ? `${ms(last.sequential.p50)} / ${ms(last.sequential.worst)}` : "—",
      ]);
    }
  }
  const failed = r.figures.filter((f) => f.error).map((f) => `${f.view} · ${f.db} · ${f.level}: ${f.error}`);
  return {
    title: "Growth: each view at L1, L2 and L3 (cost = the control's req/s ÷ the view's, on the same server; 1.00x = as cheap as at L1)",
    header,
    rows,
    numeric: header.map((_, i) => i).slice(1),
    notes: [
      "L1 = 10 courses, 10 lessons in the weighed course, progress on 1 course, 20 messages in a chat, 10 open chats of a mentor, 10 posts in a discussion; L2 = 100 / 100 / 50 / 2,000 / 1,000 / 1,000; L3 = 1,000 / 100 / 500 / 20,000 / 10,000 / 10,000.",
      `Seeding (set-based SQL): ${r.seeding.map((s) => `${s.db} ${s.level} ${s.seconds.toFixed(1)} s`).join(", ")}.`,
      ...r.jobs.map(
        (j) =>
          `Chat rounds · ${j.db} · ${j.level}: ${j.probes} unread checks one at a time during rounds every 2 s, p50 ${ms(j.p50Ms)}, worst ${ms(j.worstMs)}; mentor digest marked ${j.digestedChats} of ${j.waitingChats} waiting chats, learner digest ${j.emailedReplies} of ${j.unreadReplies} unread replies.`,
      ),
      ...r.catalogueWalk.map((w) => `Catalogue walked by cursor · ${w.db} · ${w.level}: ${w.reached} of ${w.published} published courses in ${w.pages} pages.`),
      ...failed,
    ],
  };
}

const verdict = (ok: boolean): Verdict => (ok ? "met" : "NOT MET");

const msUnit = (v: number) => `${ms(v)} ms`;

function line(target: string, goal: string, value: number, limit: number, shown: (v: number) => string): TargetLine {
  if (!Number.isFinite(value)) return { target, goal, measured: "—", verdict: "not measured" };
  return { target, goal, measured: shown(value), verdict: verdict(value <= limit) };
}

export function growthTargets(r: GrowthResults): TargetLine[] {
  const T = GROWTH_TARGETS;
  const out: TargetLine[] = [];
  for (const db of dbs(r)) {
    for (const v of GROWTH_VIEWS.filter((x) => x.paged)) {
      const bytes = (l: string) => figure(r, db, l, v.id)?.bytes ?? Number.NaN;
      out.push(line(`${v.label} · ${db}: cost L3 vs L2`, `≤ ${ratio(T.pagedL3VsL2)}`, cost(r, db, "L3", v.id) / cost(r, db, "L2", v.id), T.pagedL3VsL2, ratio));
      out.push(line(`${v.label} · ${db}: bytes L3 vs L2`, `≤ ${ratio(T.pagedL3VsL2)}`, bytes("L3") / bytes("L2"), T.pagedL3VsL2, ratio));
      // Per item only where the items are counted (the APIs; a page shows its API's items).
      if (!v.html)
        out.push(
          line(
            `${v.label} · ${db}: cost per item L3 vs L1`,
            `≤ ${ratio(T.perItemVsL1)}`,
            perItem(r, db, "L3", v.id) / perItem(r, db, "L1", v.id),
            T.perItemVsL1,
            ratio,
          ),
        );
    }
    const l3 = (view: string) => figure(r, db, "L3", view);
    out.push(
      line(`unread summary · ${db}: p50 one at a time, L3`, `≤ ${T.unreadP50Ms} ms`, l3("unread")?.sequential?.p50 ?? Number.NaN, T.unreadP50Ms, msUnit),
    );
    out.push(line(`unread summary · ${db}: bytes, L3`, `≤ ${kB(T.unreadBytes)}`, l3("unread")?.bytes ?? Number.NaN, T.unreadBytes, kB));
    out.push(
      line(
        `progress page · ${db}: p50 one at a time, L3`,
        `≤ ${T.progressP50Ms} ms`,
        l3("progress-page")?.sequential?.p50 ?? Number.NaN,
        T.progressP50Ms,
        msUnit,
      ),
    );
    out.push(line(`progress page · ${db}: first page bytes, L3`, `≤ ${kB(T.progressBytes)}`, l3("progress-page")?.bytes ?? Number.NaN, T.progressBytes, kB));
    for (const view of ["course-guest", "course-learner"]) {
      const b = (l: string) => figure(r, db, l, view)?.bytes ?? Number.NaN;
      out.push(line(`${view} · ${db}: bytes at 100 lessons vs 10 (L2 vs L1)`, `≤ ${ratio(T.coursePageBytes)}`, b("L2") / b("L1"), T.coursePageBytes, ratio));
    }
    const walk = r.catalogueWalk.find((w) => w.db === db);
    out.push(
      walk
        ? {
            target: `catalogue · ${db}: every course reachable by cursor at ${walk.level}`,
            goal: `${walk.published} courses`,
            measured: `${walk.reached} in ${walk.pages} pages`,
            verdict: verdict(walk.reached === walk.published),
          }
        : { target: `catalogue · ${db}: every course reachable`, goal: "all", measured: "—", verdict: "not measured" },
    );
    const jobs = r.jobs.find((j) => j.db === db);
    out.push(line(`worst wait during chat rounds · ${db}, L3`, `≤ ${T.jobsWorstMs} ms`, jobs?.worstMs ?? Number.NaN, T.jobsWorstMs, msUnit));
  }
  return out;
}
