import { sql } from "drizzle-orm";
import type { TLocalized } from "../../../domain/portal";
import type { Db } from "../../db/client";
import { auditLog } from "../../db/schema/audit";

/**
 * The dashboard's reads (issue 16, docs/benchmarks-dashboard.md): every number is an aggregate made by
 * PostgreSQL (and PGlite) itself, never a loop over rows here. Each statement is shaped for the indexes
 * of migration 0025; the benchmark shows its plan on 100,000 learners and 10 million progress rows.
 */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;
const num = (v: unknown) => Number(v ?? 0);

export interface Range {
  /** The first instant of the range and the first instant after it. */
  start: Date;
  end: Date;
}

export function createDashboardRepo(db: Db) {
  return {
    /** New learners per UTC day, every day of the range (zero days included). */
    async newLearners(portalId: string, r: Range) {
      const rows = rowsOf<{ day: string; count: unknown }>(
        await db.execute(sql`
          select to_char(d.day, 'YYYY-MM-DD') as day, coalesce(n.count, 0) as count
          from generate_series(${ts(r.start)} at time zone 'UTC', ${ts(r.end)} at time zone 'UTC' - interval '1 day', interval '1 day') as d(day)
          left join (
            select date_trunc('day', registered_at at time zone 'UTC') as day, count(*) as count
            from portal_disciples
            where portal_id = ${portalId} and registered_at >= ${ts(r.start)} and registered_at < ${ts(r.end)}
            group by 1
          ) n on n.day = d.day
          order by d.day`),
      );
      return rows.map((x) => ({ day: x.day, count: num(x.count) }));
    },

    /** Per course: enrolments made in the range, and completions recorded in it (course_progress.completed_at, decision 0063). */
    async coursesActivity(portalId: string, r: Range) {
      const rows = rowsOf<{ course_id: string; title: TLocalized; enrolled: unknown; completed: unknown }>(
        await db.execute(sql`
          with pc as (select c.id, c.title, c.index from courses c where c.portal_id = ${portalId}),
          enrolled as (
            select cp.course_id, count(*) as n from course_progress cp
            where cp.course_id in (select id from pc) and cp.created_at >= ${ts(r.start)} and cp.created_at < ${ts(r.end)}
            group by cp.course_id
          ),
          completed as (
            select cp.course_id, count(*) as n from course_progress cp
            where cp.course_id in (select id from pc) and cp.completed_at >= ${ts(r.start)} and cp.completed_at < ${ts(r.end)}
            group by cp.course_id
          )
          select pc.id as course_id, pc.title, coalesce(en.n, 0) as enrolled, coalesce(co.n, 0) as completed
          from pc left join enrolled en on en.course_id = pc.id left join completed co on co.course_id = pc.id
          order by pc.index, pc.id`),
      );
      return rows.map((x) => ({ courseId: x.course_id, title: x.title, enrolled: num(x.enrolled), completed: num(x.completed) }));
    },

    /** The portal's courses in their order (the funnel's default and its choice). */
    async firstCourse(portalId: string): Promise<{ id: string; title: TLocalized } | null> {
      const rows = rowsOf<{ id: string; title: TLocalized }>(
        await db.execute(sql`select id, title from courses where portal_id = ${portalId} order by index, id limit 1`),
      );
      return rows[0] ?? null;
    },
    async course(portalId: string, courseId: string): Promise<{ id: string; title: TLocalized } | null> {
      const rows = rowsOf<{ id: string; title: TLocalized }>(
        await db.execute(sql`select id, title from courses where portal_id = ${portalId} and id = ${courseId}`),
      );
      return rows[0] ?? null;
    },

    /** Of the learners who enrolled in the course within the range: who started and who finished each visible element. */
    async funnel(courseId: string, r: Range) {
      const rows = rowsOf<{ element_id: string; title: TLocalized; started: unknown; finished: unknown }>(
        await db.execute(sql`
          with cohort as (
            select user_id from course_progress
            where course_id = ${courseId} and created_at >= ${ts(r.start)} and created_at < ${ts(r.end)}
          ),
          counts as (
            select ep.element_id,
                   count(*) filter (where ep.started is not null or ep.state = 'done') as started,
                   count(*) filter (where ep.state = 'done') as finished
            from element_progress ep join cohort on cohort.user_id = ep.user_id
            where ep.course_id = ${courseId}
            group by ep.element_id
          )
          select e.id as element_id, e.title, coalesce(c.started, 0) as started, coalesce(c.finished, 0) as finished
          from elements e left join counts c on c.element_id = e.id
          where e.course_id = ${courseId} and e.visible
          order by e.index, e.id`),
      );
      return rows.map((x) => ({ elementId: x.element_id, title: x.title, started: num(x.started), finished: num(x.finished) }));
    },

    /** Per test element of the portal: attempts graded (submitted in the range, with a verdict) and passed. */
    async testPassRates(portalId: string, r: Range) {
      const rows = rowsOf<{ element_id: string; title: TLocalized; graded: unknown; passed: unknown }>(
        await db.execute(sql`
          select e.id as element_id, e.title, count(*) as graded, count(*) filter (where ta.passed) as passed
          from test_attempts ta
          join elements e on e.id = ta.element_id
          join courses c on c.id = e.course_id and c.portal_id = ${portalId}
          where ta.passed is not null and ta.submitted_at >= ${ts(r.start)} and ta.submitted_at < ${ts(r.end)}
          group by e.id, e.title, c.index, e.index
          order by c.index, e.index, e.id`),
      );
      return rows.map((x) => ({ elementId: x.element_id, title: x.title, graded: num(x.graded), passed: num(x.passed) }));
    },

    /** Paid orders in the range (by the paid time) per currency, in minor units. */
    async revenue(environmentId: string, r: Range) {
      const rows = rowsOf<{ currency: string; amount: unknown; orders: unknown }>(
        await db.execute(sql`
          select currency, sum(amount_minor) as amount, count(*) as orders
          from orders
          where environment_id = ${environmentId} and status = 'paid' and paid_at >= ${ts(r.start)} and paid_at < ${ts(r.end)}
          group by currency order by currency`),
      );
      return rows.map((x) => ({ currency: x.currency, amountMinor: num(x.amount), orders: num(x.orders) }));
    },

    /**
     * Chat answer times: each mentor reply in the range that answered waiting learner messages, timed
     * from the first of them (as the chat module's reply medians are); bucketed against the promise.
     */
    async chatAnswers(portalId: string, r: Range, promiseHours: number, now: Date) {
      const [row] = rowsOf<Record<string, unknown>>(
        await db.execute(sql`
          with answers as (
            select extract(epoch from (m.created_at - m.answered_wait_from)) / 60 as minutes
            from chat_messages m
            join chats c on c.id = m.chat_id and c.portal_id = ${portalId}
            where m.author_kind = 'mentor' and m.created_at >= ${ts(r.start)} and m.created_at < ${ts(r.end)} and m.answered_wait_from is not null
          )
          select count(*) as answered,
                 count(*) filter (where minutes <= ${promiseHours * 60}) as within,
                 percentile_cont(0.5) within group (order by minutes) as median,
                 count(*) filter (where minutes < 60) as b1,
                 count(*) filter (where minutes >= 60 and minutes < 240) as b4,
                 count(*) filter (where minutes >= 240 and minutes <= ${promiseHours * 60}) as b24,
                 count(*) filter (where minutes > ${promiseHours * 60}) as over,
                 (select count(*) from chats where portal_id = ${portalId} and status = 'open'
                    and waiting_since < ${ts(new Date(now.getTime() - promiseHours * 3_600_000))}) as waiting
          from answers`),
      );
      const r0 = row ?? {};
      return {
        answered: num(r0.answered),
        withinPromise: num(r0.within),
        medianMinutes: r0.median === null || r0.median === undefined ? null : Math.round(Number(r0.median)),
        waitingOverPromise: num(r0.waiting),
        buckets: [
          { key: "under1h", value: num(r0.b1) },
          { key: "under4h", value: num(r0.b4) },
          { key: "under24h", value: num(r0.b24) },
          { key: "over24h", value: num(r0.over) },
        ],
      };
    },

    /** Learners' questions (top-level posts) asked in the range and still waiting for a mentor, per course. */
    async discussionsWaiting(portalId: string, r: Range, promiseHours: number, now: Date) {
      const rows = rowsOf<{ course_id: string; title: TLocalized; waiting: unknown; over: unknown }>(
        await db.execute(sql`
          select p.course_id, c.title, count(*) as waiting,
                 count(*) filter (where p.created_at < ${ts(new Date(now.getTime() - promiseHours * 3_600_000))}) as over
          from discussion_posts p join courses c on c.id = p.course_id
          where p.portal_id = ${portalId} and p.parent_id is null and p.answered_at is null and p.author_kind = 'learner'
            and p.deleted_at is null and p.hidden_at is null
            and p.created_at >= ${ts(r.start)} and p.created_at < ${ts(r.end)}
          group by p.course_id, c.title, c.index
          order by c.index, p.course_id`),
      );
      return rows.map((x) => ({ courseId: x.course_id, title: x.title, waiting: num(x.waiting), overPromise: num(x.over) }));
    },

    /** Started, not finished, and nothing done in the course since `before`: the newest such first. */
    async stuckNoProgress(portalId: string, before: Date, limit: number) {
      return rowsOf<{ user_id: string; since: Date | string; title: TLocalized }>(
        await db.execute(sql`
          select cp.user_id, x.last as since, c.title
          from course_progress cp
          join courses c on c.id = cp.course_id and c.portal_id = ${portalId}
          cross join lateral (
            select greatest(cp.updated_at, max(ep.updated_at)) as last,
                   count(*) filter (where ep.started is not null or ep.state = 'done') as started,
                   count(*) filter (where ep.state = 'done' and e.visible) as done
            from element_progress ep join elements e on e.id = ep.element_id
            where ep.user_id = cp.user_id and ep.course_id = cp.course_id
          ) x
          where cp.updated_at < ${ts(before)} and x.last < ${ts(before)} and x.started > 0
            and x.done < (select count(*) from elements v where v.course_id = cp.course_id and v.visible)
          order by cp.updated_at desc
          limit ${limit}`),
      );
    },

    /**
     * Failed the same test at least twice, and that failure is the learner's last verdict on it (no
     * pass since): the newest failures first, so the scan stops after `limit` learners.
     */
    async stuckFailedTwice(portalId: string, limit: number) {
      return rowsOf<{ user_id: string; since: Date | string; title: TLocalized }>(
        await db.execute(sql`
          select f.user_id, f.submitted_at as since, e.title
          from test_attempts f
          join elements e on e.id = f.element_id
          join courses c on c.id = e.course_id and c.portal_id = ${portalId}
          where f.passed = false
            and exists (select 1 from test_attempts p where p.user_id = f.user_id and p.element_id = f.element_id and p.number < f.number and p.passed = false)
            and not exists (select 1 from test_attempts p where p.user_id = f.user_id and p.element_id = f.element_id and p.number > f.number and p.passed is not null)
          order by f.submitted_at desc nulls last
          limit ${limit}`),
      );
    },

    /** Open chats whose learner has waited past the promise: the oldest wait first. */
    async stuckChats(portalId: string, before: Date, limit: number) {
      return rowsOf<{ user_id: string; since: Date | string }>(
        await db.execute(sql`
          select student_id as user_id, waiting_since as since from chats
          where portal_id = ${portalId} and status = 'open' and waiting_since < ${ts(before)}
          order by waiting_since limit ${limit}`),
      );
    },

    /** Learners' questions no mentor answered past the promise: the oldest first. */
    async stuckDiscussions(portalId: string, before: Date, limit: number) {
      return rowsOf<{ user_id: string; since: Date | string; title: TLocalized }>(
        await db.execute(sql`
          select p.author_id as user_id, p.created_at as since, e.title
          from discussion_posts p join elements e on e.id = p.element_id
          where p.portal_id = ${portalId} and p.parent_id is null and p.answered_at is null and p.author_kind = 'learner'
            and p.deleted_at is null and p.hidden_at is null and p.created_at < ${ts(before)}
          order by p.seq limit ${limit}`),
      );
    },

    /** Who the stuck learners are, and their chat on the portal if they have one. */
    async people(portalId: string, ids: string[]) {
      if (ids.length === 0) return [];
      return rowsOf<{
        id: string;
        first_name: string | null;
        last_name: string | null;
        email: string | null;
        chat_id: string | null;
        mentor_id: string | null;
      }>(
        await db.execute(sql`
          select u.id, u.first_name, u.last_name, u.email, ch.id as chat_id, ch.mentor_id
          from users u left join chats ch on ch.student_id = u.id and ch.portal_id = ${portalId}
          where u.id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})`),
      );
    },

    /** One audit row for an action taken from the dashboard. */
    async audit(row: { portalId: string; actorId: string; action: string; entityType: string; entityId: string; summary: Record<string, unknown> }) {
      await db.insert(auditLog).values(row);
    },
  };
}
export type DashboardRepo = ReturnType<typeof createDashboardRepo>;
