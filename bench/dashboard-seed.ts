/**
 * The dashboard's SQL at size (issue 16): fills a scratch PostgreSQL database with 100,000 learners and
 * about 10 million element-progress rows (generate_series, in SQL), then runs every dashboard query
 * under EXPLAIN (ANALYZE, BUFFERS) and times it plainly, and writes docs/benchmarks-dashboard.md.
 *
 *   createdb -h 127.0.0.1 -U postgres mentora_dash_bench
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/mentora_dash_bench npx tsx bench/dashboard-seed.ts [--no-seed]
 *
 * Never point it at a database you care about: it writes 10 million rows into it.
 */
import { writeFileSync } from "node:fs";
import { sql, type SQL } from "drizzle-orm";
import { type Db, openDatabase } from "../src/server/db/client";
import { upsertEnvironment, upsertPortal } from "../src/server/db/seed/factories";
import { createDashboardRepo, type Range } from "../src/server/modules/dashboard/repo";
import { migrationBackfill } from "../tests/support/migrations";

const PORTAL = "lp-bench";
const ENV = "env-bench";
const LEARNERS = 100_000;
const COURSES = 20;
const ELEMENTS = 25;
const COURSES_PER_LEARNER = 5;

const url = process.env.DATABASE_URL;
if (!url || !/^postgres/.test(url)) throw new Error("Set DATABASE_URL to a scratch PostgreSQL database");
const database = await openDatabase({ url });
const db = database.db;
/** Seconds each seeding step took, for the report (a backfill's time is what its migration costs at this size). */
const seeded = new Map<string, number>();
const run = async (label: string, q: SQL) => {
  const t0 = performance.now();
  await db.execute(q);
  seeded.set(label, (performance.now() - t0) / 1000);
  console.log(`${label}: ${seeded.get(label)!.toFixed(1)} s`);
};

async function seed() {
  await database.migrate();
  await upsertPortal(db, { id: PORTAL });
  await upsertEnvironment(db, { id: ENV, portalId: PORTAL });
  // Everything the bench made before goes (cascades from the users and the courses).
  await run("clear users", sql`delete from users where id like 'ub-%'`);
  await run("clear courses", sql`delete from courses where portal_id = ${PORTAL}`);
  await run(
    "courses",
    sql`insert into courses (id, portal_id, title, index) select 'cb-' || c, ${PORTAL}, jsonb_build_object('en', 'Course ' || c), c from generate_series(1, ${COURSES}) c`,
  );
  // The 10th element of each course is its test.
  await run(
    "elements",
    sql`insert into elements (id, course_id, type, title, number, index)
        select 'eb-' || c || '-' || e, 'cb-' || c, case when e = 10 then 'test' else 'lesson' end, jsonb_build_object('en', 'Element ' || e), e, e
        from generate_series(1, ${COURSES}) c, generate_series(1, ${ELEMENTS}) e`,
  );
  await run(
    "users",
    sql`insert into users (id, status, roles, email, first_name, last_name, created_at)
        select 'ub-' || u, 'active', '["disciple"]', 'ub-' || u || '@bench.example', 'Learner', u::text, now() - (u % 365) * interval '1 day'
        from generate_series(1, ${LEARNERS}) u`,
  );
  await run(
    "portal_disciples",
    sql`insert into portal_disciples (portal_id, user_id, registered_at)
        select ${PORTAL}, 'ub-' || u, now() - (u % 365) * interval '1 day' - (u % 1440) * interval '1 minute' from generate_series(1, ${LEARNERS}) u`,
  );
  await run(
    "progress_records",
    sql`insert into progress_records (id, portal_id, user_id) select ${PORTAL} || ':ub-' || u, ${PORTAL}, 'ub-' || u from generate_series(1, ${LEARNERS}) u`,
  );
  // Each learner takes 5 courses, enrolled on a day of the last year, and last moved some days after.
  await run(
    "course_progress",
    sql`insert into course_progress (user_id, course_id, record_id, created_at, updated_at)
        select 'ub-' || u, 'cb-' || (1 + (u + j * 4) % ${COURSES}), ${PORTAL} || ':ub-' || u,
               now() - ((u * 7 + j * 31) % 365) * interval '1 day',
               now() - greatest(0, (u * 7 + j * 31) % 365 - (u + j) % 30) * interval '1 day'
        from generate_series(1, ${LEARNERS}) u, generate_series(0, ${COURSES_PER_LEARNER - 1}) j`,
  );
  // 15 to 25 elements per enrolment (about 20: 10 million rows); the last one reached is open, the rest done.
  await run(
    "element_progress",
    sql`insert into element_progress (user_id, course_id, element_id, state, started, finished, percent, updated_at)
        select cp.user_id, cp.course_id, 'eb-' || substr(cp.course_id, 4) || '-' || e,
               case when e < k.n or k.n = ${ELEMENTS} then 'done' else 'opened' end,
               cp.created_at + e * interval '1 hour',
               case when e < k.n or k.n = ${ELEMENTS} then cp.created_at + e * interval '1 hour' end,
               case when e < k.n or k.n = ${ELEMENTS} then 100 else 0 end,
               least(cp.updated_at, cp.created_at + e * interval '1 hour')
        from course_progress cp
        cross join lateral (select 15 + (hashtext(cp.user_id || cp.course_id) & 2147483647) % 11 as n) k
        cross join lateral generate_series(1, k.n) e
        where cp.user_id like 'ub-%'`,
  );
  // Completions are recorded by the progress module; rows made here get them as migration 0026 gave existing ones.
  await run("completions (migration 0026 backfill)", sql.raw(migrationBackfill("0026_course_completed_at")));
  // Two attempts at each enrolment's test: about half fail, some twice.
  await run(
    "test_attempts",
    sql`insert into test_attempts (id, user_id, element_id, course_id, number, status, question_ids, score, passed, started_at, submitted_at, graded_at)
        select 'tb-' || cp.user_id || '-' || cp.course_id || '-' || a, cp.user_id, 'eb-' || substr(cp.course_id, 4) || '-10', cp.course_id, a, 'graded', '["q1"]',
               s.score, s.score >= 50, cp.created_at + a * interval '1 day', cp.created_at + a * interval '1 day', cp.created_at + a * interval '1 day'
        from course_progress cp cross join generate_series(1, 2) a
        cross join lateral (select (hashtext(cp.user_id || cp.course_id || a) & 2147483647) % 100 as score) s
        where cp.user_id like 'ub-%'`,
  );
  await run(
    "orders",
    sql`insert into orders (id, environment_id, user_id, course_id, gateway, status, currency, list_amount_minor, amount_minor, lang, return_path, created_at, paid_at)
        select 'ob-' || u || '-' || j, ${ENV}, 'ub-' || u, 'cb-' || (1 + (u + j * 4) % ${COURSES}), 'sandbox',
               case when (u + j) % 5 < 3 then 'paid' else 'expired' end, (array['USD', 'UAH', 'RUB'])[1 + (u + j) % 3], 1000 + u % 9000, 1000 + u % 9000, 'en', '/en/',
               now() - ((u * 3 + j) % 365) * interval '1 day', case when (u + j) % 5 < 3 then now() - ((u * 3 + j) % 365) * interval '1 day' end
        from generate_series(1, ${LEARNERS}) u, generate_series(0, 1) j`,
  );
  // Half of the learners chat: 10 messages each, learner and mentor in turn; every 50th chat waits.
  await run(
    "chats",
    sql`insert into chats (id, portal_id, student_id, mentor_id, mode, status, created_at, last_activity_at, waiting_since)
        select 'chb-' || u, ${PORTAL}, 'ub-' || u, 'ub-1', 'single', 'open', now() - (u % 365) * interval '1 day', now(),
               case when u % 100 = 0 then now() - (u % 72) * interval '1 hour' end
        from generate_series(2, ${LEARNERS}, 2) u`,
  );
  await run(
    "chat_messages",
    sql`insert into chat_messages (id, chat_id, author_id, author_kind, text, created_at)
        select 'lpmmsg:b-' || c.student_id || '-' || m, c.id, case when m % 2 = 1 then c.student_id else 'ub-1' end,
               case when m % 2 = 1 then 'student' else 'mentor' end, 'hello',
               c.created_at + m * (1 + (hashtext(c.id) & 2147483647) % 40) * interval '1 hour'
        from chats c cross join generate_series(1, 10) m where c.portal_id = ${PORTAL}`,
  );
  await run("answered waits (migration 0027 backfill)", sql.raw(migrationBackfill("0027_chat_answered_wait_from")));
  await run(
    "discussion_posts",
    sql`insert into discussion_posts (id, portal_id, discussion_id, element_id, course_id, author_id, author_kind, text, created_at, last_activity_at, answered_at)
        select 'dpost:b-' || u || '-' || j, ${PORTAL}, 'db-' || (1 + u % ${COURSES}), 'eb-' || (1 + u % ${COURSES}) || '-' || (1 + j), 'cb-' || (1 + u % ${COURSES}),
               'ub-' || u, 'learner', 'A question', now() - ((u + j) % 365) * interval '1 day', now(),
               case when (u + j) % 4 <> 0 then now() - ((u + j) % 365) * interval '1 day' + interval '3 hours' end
        from generate_series(1, ${LEARNERS}) u, generate_series(0, 1) j`,
  );
  await run("analyze", sql`analyze`);
}

/** A Db whose statements run under EXPLAIN (ANALYZE, BUFFERS): each plan is kept under the running query's label. */
function explaining(real: Db, plans: Map<string, string>, label: () => string): Db {
  return {
    execute: async (q: SQL) => {
      const res = (await real.execute(sql`explain (analyze, buffers) ${q}`)) as unknown as { rows: Array<Record<string, string>> };
      const text = res.rows.map((r) => Object.values(r)[0]).join("\n");
      plans.set(label(), (plans.get(label()) ? `${plans.get(label())}\n\n` : "") + text);
      return { rows: [] };
    },
  } as unknown as Db;
}

async function measure() {
  const now = new Date();
  const day = 86_400_000;
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  // BENCH_RANGES=30,366 (days, ending today): the default range and the longest one.
  const ranges: Array<[string, Range]> = (process.env.BENCH_RANGES ?? "30,366")
    .split(",")
    .map((n) => [`${n} days`, { start: new Date(today - (Number(n) - 1) * day), end: new Date(today + day) }]);
  const real = createDashboardRepo(db);
  const plans = new Map<string, string>();
  let current = "";
  const explain = createDashboardRepo(explaining(db, plans, () => current));
  const cutoff = new Date(now.getTime() - 7 * day);
  const promise = new Date(now.getTime() - 24 * 3_600_000);
  const queries: Array<[string, (r: ReturnType<typeof createDashboardRepo>, range: Range) => Promise<unknown>]> = [
    ["new learners per day", (r, range) => r.newLearners(PORTAL, range)],
    ["enrolments and completions per course", (r, range) => r.coursesActivity(PORTAL, range)],
    ["completion funnel (one course)", (r, range) => r.funnel("cb-3", range)],
    ["test pass rates", (r, range) => r.testPassRates(PORTAL, range)],
    ["revenue per currency", (r, range) => r.revenue(ENV, range)],
    ["chat answer times", (r, range) => r.chatAnswers(PORTAL, range, 24, now)],
    ["discussion posts waiting", (r, range) => r.discussionsWaiting(PORTAL, range, 24, now)],
  ];
  const stuck: Array<[string, (r: ReturnType<typeof createDashboardRepo>) => Promise<unknown>]> = [
    ["stuck: no progress for 7 days", (r) => r.stuckNoProgress(PORTAL, cutoff, 50)],
    ["stuck: failed the same test twice", (r) => r.stuckFailedTwice(PORTAL, 50)],
    ["stuck: chat unanswered past 24 h", (r) => r.stuckChats(PORTAL, promise, 50)],
    ["stuck: discussion unanswered past 24 h", (r) => r.stuckDiscussions(PORTAL, promise, 50)],
  ];
  const timings: Array<[string, string, number]> = [];
  const time = async (work: () => Promise<unknown>) => {
    await work(); // warm
    const best: number[] = [];
    for (let k = 0; k < 3; k++) {
      const t0 = performance.now();
      await work();
      best.push(performance.now() - t0);
    }
    return Math.min(...best);
  };
  for (const [rangeName, range] of ranges) {
    for (const [name, q] of queries) {
      current = `${name} (${rangeName})`;
      await q(explain, range);
      timings.push([name, rangeName, await time(() => q(real, range))]);
      console.log(`${current}: ${timings.at(-1)![2].toFixed(0)} ms`);
    }
  }
  for (const [name, q] of stuck) {
    current = name;
    await q(explain);
    timings.push([name, "now", await time(() => q(real))]);
    console.log(`${current}: ${timings.at(-1)![2].toFixed(0)} ms`);
  }
  const counts = (await db.execute(sql`
    select (select count(*) from users where id like 'ub-%') as learners,
           (select count(*) from element_progress) as element_progress,
           (select count(*) from course_progress) as course_progress,
           (select count(*) from test_attempts) as test_attempts,
           (select count(*) from orders) as orders,
           (select count(*) from chat_messages) as chat_messages,
           (select count(*) from discussion_posts) as discussion_posts`)) as unknown as { rows: Array<Record<string, string>> };
  const version = (await db.execute(sql`select version() as v`)) as unknown as { rows: Array<{ v: string }> };
  const out = [
    "# Dashboard SQL at size (issue 16)",
    "",
    "Made by `bench/dashboard-seed.ts` (see its header for how to run it) on a scratch PostgreSQL database;",
    "the queries are the ones `src/server/modules/dashboard/repo.ts` runs, called through the repo itself.",
    `Timings: the best of 3 runs after one warm-up, on a 2-core machine shared with other work. ${version.rows[0]?.v.split(",")[0]}.`,
    "",
    "## Data",
    "",
    "| table | rows |",
    "| --- | ---: |",
    ...Object.entries(counts.rows[0]!).map(([k, v]) => `| ${k} | ${Number(v).toLocaleString("en")} |`),
    "",
    "What migrating this data cost (backfills run once, when the migration is applied):",
    "",
    ...[...seeded].filter(([label]) => /backfill|migrate/.test(label)).map(([label, s]) => `- ${label}: ${s.toFixed(1)} s`),
    "",
    "## Timings",
    "",
    "| query | range | ms |",
    "| --- | --- | ---: |",
    ...timings.map(([n, r, ms]) => `| ${n} | ${r} | ${ms.toFixed(0)} |`),
    "",
    "## Plans (EXPLAIN (ANALYZE, BUFFERS))",
    "",
    ...[...plans].flatMap(([name, plan]) => [`### ${name}`, "", "```", plan, "```", ""]),
  ];
  writeFileSync(new URL("../docs/benchmarks-dashboard.md", import.meta.url), out.join("\n"));
  console.log("wrote docs/benchmarks-dashboard.md");
}

if (process.argv.includes("--no-seed")) {
  // On data seeded before a migration: what migrating it costs, backfills included.
  const t0 = performance.now();
  await database.migrate();
  seeded.set("migrate (pending migrations, with their backfills)", (performance.now() - t0) / 1000);
} else await seed();
await measure();
await database.close();
