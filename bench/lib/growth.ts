import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase } from "../../src/server/db/client";
import { DEMO_MENTOR_LOGINS } from "./demo-mentors";
import { GROWTH_COURSE, GROWTH_LEVELS, seedGrowth, type GrowthLevel } from "../../tests/support/growth-seed";
import { BENCH_LEARNER_PASSWORD, call, signInLearner } from "./learner";
import { measure, type Measurement } from "./measure";
import type { Db } from "./results";
import { BROWSER_PAGE_HEADERS, PATHS } from "./scenarios";
import { createBenchDatabase, startMentoraOn, type RunningServer } from "./servers";

/**
 * The growth part (issue 30): every view that can grow, measured at three sizes of portal on each
 * database, each figure divided by a control measured on the same server (the settings API) and then
 * by the same quotient at L1, so "1.00x" reads "as cheap as at L1".
 */

type Who = "guest" | "learner" | "mentor";

export interface GrowthView {
  id: string;
  label: string;
  who: Who;
  html: boolean;
  /** Shows one page of a list that grows: compared L3 against L2 (both full pages) and per item shown. */
  paged: boolean;
  /** One person's own view (progress, unread): also timed one request at a time. */
  single: boolean;
  path(c: { chatId: string; discussionId: string }): string;
}

export const GROWTH_VIEWS: GrowthView[] = [
  { id: "control", label: "control: settings API", who: "guest", html: false, paged: false, single: false, path: () => PATHS.settings },
  { id: "catalogue-page", label: "catalogue page /en/courses/", who: "learner", html: true, paged: true, single: false, path: () => "/en/courses/" },
  { id: "catalogue-api", label: "catalogue API", who: "learner", html: false, paged: true, single: false, path: () => "/api/courses?lang=en" },
  {
    id: "progress-page",
    label: "progress page /en/profile/progress/all",
    who: "learner",
    html: true,
    paged: true,
    single: true,
    path: () => "/en/profile/progress/all",
  },
  { id: "progress-api", label: "progress API", who: "learner", html: false, paged: true, single: true, path: () => "/api/progress?lang=en" },
  { id: "unread", label: "unread summary (mentor)", who: "mentor", html: false, paged: true, single: true, path: () => "/api/chats/unread" },
  {
    id: "inbox",
    label: "mentors' inbox page",
    who: "mentor",
    html: false,
    paged: true,
    single: false,
    path: () => "/api/mentor/chats?filter=mine&limit=30&lang=en",
  },
  {
    id: "chat",
    label: "chat page (newest messages)",
    who: "learner",
    html: false,
    paged: true,
    single: false,
    path: (c) => `/api/chats/${c.chatId}/messages?lang=en`,
  },
  {
    id: "discussion",
    label: "discussion thread page",
    who: "learner",
    html: false,
    paged: true,
    single: false,
    path: (c) => `/api/discussions/${c.discussionId}?lang=en`,
  },
  {
    id: "queue",
    label: "mentors' discussion queue",
    who: "mentor",
    html: false,
    paged: true,
    single: false,
    path: () => "/api/mentor/discussions/waiting?lang=en",
  },
  {
    id: "course-guest",
    label: "course page of `elements` lessons · guest",
    who: "guest",
    html: true,
    paged: false,
    single: false,
    path: () => `/en/courses/${GROWTH_COURSE}`,
  },
  {
    id: "course-learner",
    label: "course page of `elements` lessons · learner",
    who: "learner",
    html: true,
    paged: false,
    single: false,
    path: () => `/en/courses/${GROWTH_COURSE}`,
  },
];

export interface GrowthFigure {
  level: GrowthLevel["name"];
  db: Db;
  view: string;
  measurement?: Measurement;
  /** Uncompressed bytes of one response, and the items it lists (the first array of a JSON reply). */
  bytes?: number;
  items?: number;
  /** One request at a time (single-user views): median and worst. */
  sequential?: { p50: number; worst: number };
  error?: string;
}

export interface JobsProbe {
  db: Db;
  level: GrowthLevel["name"];
  probes: number;
  worstMs: number;
  p50Ms: number;
  /** Rows the round(s) acted on, read after the server stopped: mentor-digested chats, emailed replies. */
  digestedChats: number;
  emailedReplies: number;
  waitingChats: number;
  unreadReplies: number;
}

export interface GrowthResults {
  figures: GrowthFigure[];
  jobs: JobsProbe[];
  seeding: { db: Db; level: string; seconds: number }[];
  /** The catalogue walked by cursor: courses reached against courses published, at the largest level. */
  catalogueWalk: { db: Db; level: string; reached: number; published: number; pages: number }[];
}

export interface GrowthOptions {
  databases: Db[];
  seconds: number;
  jobsSeconds: number;
  pgAdminUrl: string;
  levels: GrowthLevel[];
}

/** Headers and a token for each person; a guest sends what a browser sends. */
interface People {
  learner: string;
  mentor: string;
}

function headersFor(view: GrowthView, people: People, encoded: boolean): Record<string, string> {
  const base: Record<string, string> = view.html
    ? { accept: "text/html", ...(encoded ? { "accept-encoding": BROWSER_PAGE_HEADERS["accept-encoding"] } : {}) }
    : {};
  if (view.who === "guest") return base;
  const token = people[view.who];
  return view.html ? { ...base, cookie: `lang=en; apollo-token=${token}` } : { ...base, authorization: `Bearer ${token}` };
}

/** The first array of a JSON reply (the reply itself when it is one): the items a page shows. */
function itemsOf(body: string): number | undefined {
  try {
    const value = JSON.parse(body) as unknown;
    if (Array.isArray(value)) return value.length;
    if (value && typeof value === "object") {
      for (const v of Object.values(value)) if (Array.isArray(v)) return v.length;
    }
  } catch {
    // An HTML page: no count.
  }
  return undefined;
}

async function sequential(url: string, headers: Record<string, string>, count: number) {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const t0 = performance.now();
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`GET ${url} answered ${res.status}`);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(times.length / 2)], worst: times.at(-1)! };
}

/** A fresh database of `db`, the server started on it, and how to drop it. */
async function freshTarget(db: Db, pgAdminUrl: string) {
  if (db === "postgres") {
    const database = await createBenchDatabase(pgAdminUrl);
    return { target: { url: database.url }, drop: () => database.drop() };
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "mentora-growth-"));
  return { target: { dataDir }, drop: () => rm(dataDir, { recursive: true, force: true }) };
}

async function withDatabase<T>(
  target: { url: string } | { dataDir: string },
  work: (db: Awaited<ReturnType<typeof openDatabase>>["db"]) => Promise<T>,
): Promise<T> {
  const database = await openDatabase("url" in target ? { url: target.url } : { dataDir: target.dataDir });
  try {
    return await work(database.db);
  } finally {
    await database.close();
  }
}

async function onServer<T>(start: () => Promise<RunningServer>, work: (server: RunningServer) => Promise<T>): Promise<T> {
  const server = await start();
  try {
    return await work(server);
  } finally {
    await server.stop();
  }
}

const JOBS_OFF = { CHAT_JOBS_INTERVAL_MS: "0" };

/** Walks the catalogue API by its next cursor; how many distinct courses it reached in how many pages. */
async function walkCatalogue(base: string, token: string): Promise<{ reached: number; pages: number }> {
  const seen = new Set<string>();
  let next: string | null = `${base}/api/courses?lang=en`;
  let pages = 0;
  while (next && pages < 100) {
    const res: Response = await fetch(next, { headers: { authorization: `Bearer ${token}` } });
    const body = (await res.json()) as unknown;
    const list = (
      Array.isArray(body) ? body : ((body as { courses?: unknown[]; items?: unknown[] }).courses ?? (body as { items?: unknown[] }).items ?? [])
    ) as Array<{
      id: string;
    }>;
    for (const c of list) seen.add(c.id);
    pages++;
    const cursor = res.headers.get("x-next-cursor") ?? (body as { nextCursor?: string | null }).nextCursor ?? null;
    next = cursor ? `${base}/api/courses?lang=en&cursor=${encodeURIComponent(cursor)}` : null;
  }
  return { reached: seen.size, pages };
}

async function level(db: Db, lv: GrowthLevel, o: GrowthOptions, out: GrowthResults): Promise<void> {
  const { target, drop } = await freshTarget(db, o.pgAdminUrl);
  try {
    // 1. The demo portal and the bench's learner, through the running server.
    const learnerEmail = await onServer(
      () => startMentoraOn(target, JOBS_OFF),
      async (s) => (await signInLearner(s.url)).email,
    );
    // 2. The level, straight into the stopped server's database.
    const { chatId, discussionId, published } = await withDatabase(target, async (d) => {
      const one = async <R>(q: ReturnType<typeof sql>) => ((await d.execute(q)) as unknown as { rows: R[] }).rows[0];
      const learner = await one<{ id: string }>(sql`select id from users where email = ${learnerEmail}`);
      const mentor = await one<{ id: string }>(sql`select id from users where email = ${DEMO_MENTOR_LOGINS[0].email}`);
      const other = await one<{ id: string }>(sql`select id from users where email = ${DEMO_MENTOR_LOGINS[1].email}`);
      const element = await one<{ id: string; discussion_id: string; course_id: string; portal_id: string }>(
        sql`select e.id, e.discussion_id, e.course_id, c.portal_id from elements e join courses c on c.id = e.course_id where e.id = 'rf-slow-reading'`,
      );
      const listed = await one<{ n: number }>(sql`select count(*)::int as n from courses where portal_id = ${element.portal_id} and published and not hidden`);
      const seeded = await seedGrowth(d, lv, {
        portalId: element.portal_id,
        learnerId: learner.id,
        mentorId: mentor.id,
        otherMentorId: other.id,
        discussion: { id: element.discussion_id, elementId: element.id, courseId: element.course_id },
      });
      out.seeding.push({ db, level: lv.name, seconds: seeded.seconds });
      console.log(`bench: growth · ${db} · ${lv.name} seeded in ${seeded.seconds.toFixed(1)} s`);
      // The catalogue then lists the demo's courses, the level's and the weighed course.
      return { chatId: seeded.chatId, discussionId: element.discussion_id, published: Number(listed.n) + lv.courses + 1 };
    });
    // 3. Each view on a server started afresh on the seeded database.
    await onServer(
      () => startMentoraOn(target, JOBS_OFF),
      async (s) => {
        const login = (email: string, password: string) =>
          call(`${s.url}/api/auth/login`, { method: "POST", json: { email, password } }).then((t) => String(t.accessToken));
        const people: People = {
          learner: await login(learnerEmail, BENCH_LEARNER_PASSWORD),
          mentor: await login(DEMO_MENTOR_LOGINS[0].email, DEMO_MENTOR_LOGINS[0].password),
        };
        for (const view of GROWTH_VIEWS) {
          const url = s.url + view.path({ chatId, discussionId });
          const figure: GrowthFigure = { level: lv.name, db, view: view.id };
          out.figures.push(figure);
          process.stdout.write(`bench: growth · ${db} · ${lv.name} · ${view.label} … `);
          try {
            const res = await fetch(url, { headers: headersFor(view, people, false) });
            const body = await res.text();
            if (!res.ok) throw new Error(`answered ${res.status}: ${body.slice(0, 160)}`);
            figure.bytes = Buffer.byteLength(body);
            figure.items = itemsOf(body);
            figure.measurement = await measure(url, { connections: 10, duration: o.seconds, warmup: 1 }, headersFor(view, people, true), s.pid);
            if (view.single) figure.sequential = await sequential(url, headersFor(view, people, true), 50);
            console.log(`${Math.round(figure.measurement.reqPerSec)} req/s, ${Math.round(figure.bytes / 1024)} kB`);
          } catch (e) {
            figure.error = (e as Error).message.split("\n")[0];
            console.log(`failed: ${figure.error}`);
          }
        }
        if (lv === o.levels.at(-1)) {
          const walk = await walkCatalogue(s.url, people.learner);
          out.catalogueWalk.push({ db, level: lv.name, reached: walk.reached, published, pages: walk.pages });
        }
      },
    );
    // 4. At the largest level, a chat-jobs round while requests keep coming.
    if (lv === o.levels.at(-1)) out.jobs.push(await jobsProbe(db, lv, target, o.jobsSeconds, learnerEmail));
  } finally {
    await drop();
  }
}

/**
 * Starts the server with chat rounds every two seconds and asks the learner's unread check (a
 * database read) one request at a time meanwhile: the worst wait is what a round costs a visitor.
 */
async function jobsProbe(db: Db, lv: GrowthLevel, target: { url: string } | { dataDir: string }, seconds: number, learnerEmail: string): Promise<JobsProbe> {
  const times = await onServer(
    () => startMentoraOn(target, { CHAT_JOBS_INTERVAL_MS: "2000" }),
    async (s) => {
      const token = String(
        (await call(`${s.url}/api/auth/login`, { method: "POST", json: { email: learnerEmail, password: BENCH_LEARNER_PASSWORD } })).accessToken,
      );
      process.stdout.write(`bench: growth · ${db} · ${lv.name} · chat rounds for ${seconds} s … `);
      const out: number[] = [];
      const start = performance.now();
      const until = start + seconds * 1000;
      while (performance.now() < until) {
        const t0 = performance.now();
        const res = await fetch(`${s.url}/api/chats/unread`, { headers: { authorization: `Bearer ${token}` } });
        await res.arrayBuffer();
        out.push(performance.now() - t0);
        // BENCH_GROWTH_TRACE=1 names when each slow answer came, to line it up with the server's work.
        if (process.env.BENCH_GROWTH_TRACE && out.at(-1)! > 100)
          console.log(`\n  slow answer at ${((t0 - start) / 1000).toFixed(1)} s: ${out.at(-1)!.toFixed(0)} ms`);
        await new Promise((r) => setTimeout(r, 20));
      }
      return out;
    },
  );
  const counts = await withDatabase(target, async (d) => {
    const rows = (await d.execute(sql`select
        (select count(*)::int from chats where student_id like 'gu-%' and mentor_digest_at is not null) as digested,
        (select count(*)::int from chats where student_id like 'gu-%') as waiting,
        (select count(*)::int from chat_messages where id like 'lpmmsg:gq-%-1' and emailed_at is not null) as emailed,
        (select count(*)::int from chat_messages where id like 'lpmmsg:gq-%-1') as replies`)) as unknown as {
      rows: Array<{ digested: number; waiting: number; emailed: number; replies: number }>;
    };
    return rows.rows[0];
  });
  const sorted = [...times].sort((a, b) => a - b);
  const probe: JobsProbe = {
    db,
    level: lv.name,
    probes: times.length,
    worstMs: sorted.at(-1) ?? Number.NaN,
    p50Ms: sorted[Math.floor(sorted.length / 2)] ?? Number.NaN,
    digestedChats: Number(counts.digested),
    waitingChats: Number(counts.waiting),
    emailedReplies: Number(counts.emailed),
    unreadReplies: Number(counts.replies),
  };
  console.log(
    `worst ${probe.worstMs.toFixed(0)} ms over ${probe.probes} requests; digested ${probe.digestedChats}/${probe.waitingChats}, emailed ${probe.emailedReplies}/${probe.unreadReplies}`,
  );
  return probe;
}

export async function growth(o: GrowthOptions): Promise<GrowthResults> {
  const out: GrowthResults = { figures: [], jobs: [], seeding: [], catalogueWalk: [] };
  for (const db of o.databases) {
    for (const lv of o.levels) await level(db, lv, o, out);
  }
  return out;
}

export { GROWTH_LEVELS };
