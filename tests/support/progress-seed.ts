/**
 * A learner with many courses under way, made set-based in SQL (a few statements whatever the count):
 * for the progress list's paging tests (issue 30). Course `u` of `count` (ids `{prefix}-c001`...):
 * three visible lessons and a hidden one; u % 3 = 0 finished (current on the last), u % 3 = 1 under
 * way (first done, second started and current), u % 3 = 2 opened only (its hidden lesson done, which
 * counts for nothing). Every `unpublishedEvery`-th course is a draft since. Four courses share each
 * second: two pairs at the same microsecond, one microsecond apart, so a cursor must keep microseconds.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../../src/server/db/client";

export interface SeededCourse {
  courseId: string;
  u: number;
  published: boolean;
  kind: "finished" | "continue" | "start";
}

export const seededCourseId = (prefix: string, u: number) => `${prefix}-c${String(u).padStart(3, "0")}`;

export async function seedLearnerCourses(
  db: Db,
  o: { portalId: string; userId: string; prefix: string; count: number; unpublishedEvery?: number },
): Promise<SeededCourse[]> {
  const every = o.unpublishedEvery ?? 0;
  const cid = sql.raw(`'${o.prefix}-c' || lpad(u::text, 3, '0')`);
  const series = sql`generate_series(1, ${o.count}) u`;
  await db.execute(sql`insert into courses (id, portal_id, title, published)
      select ${cid}, ${o.portalId}, jsonb_build_object('en', 'Paged course ' || u, 'ar', 'دورة مرقّمة ' || u, 'ru', 'Курс ' || u, 'tr', 'Kurs ' || u),
             ${every} = 0 or u % ${every} <> 0
      from ${series} on conflict do nothing`);
  await db.execute(sql`insert into elements (id, course_id, type, title, number, index, visible)
      select ${cid} || case when e = 4 then '-h' else '-e' || e end, ${cid}, 'lesson', jsonb_build_object('en', 'Lesson ' || e), e, e, e < 4
      from ${series} cross join generate_series(1, 4) e on conflict do nothing`);
  await db.execute(
    sql`insert into progress_records (id, portal_id, user_id) values (${`${o.portalId}:${o.userId}`}, ${o.portalId}, ${o.userId}) on conflict do nothing`,
  );
  await db.execute(sql`insert into course_progress (user_id, course_id, record_id, current_element_id, updated_at)
      select ${o.userId}, ${cid}, ${`${o.portalId}:${o.userId}`},
             case u % 3 when 0 then ${cid} || '-e3' when 1 then ${cid} || '-e2' end,
             timestamptz '2026-01-01T00:00:00Z' + (u / 4) * interval '1 second' + ((u % 4) / 2) * interval '1 microsecond'
      from ${series}`);
  await db.execute(sql`insert into element_progress (user_id, course_id, element_id, state, started, finished, percent)
      select ${o.userId}, ${cid}, ${cid} || x.el, x.state, case when x.state = 'done' or x.el = '-e2' then timestamptz '2026-01-01' end,
             case when x.state = 'done' then timestamptz '2026-01-01' end, case when x.state = 'done' then 100 else 0 end
      from ${series} cross join lateral (values
        ('-e1', case when u % 3 = 2 then 'opened' else 'done' end, true),
        ('-e2', case when u % 3 = 0 then 'done' else 'opened' end, u % 3 <> 2),
        ('-e3', 'done', u % 3 = 0),
        ('-h', 'done', u % 3 = 2)
      ) as x(el, state, present)
      where x.present`);
  return Array.from({ length: o.count }, (_, i) => {
    const u = i + 1;
    return { courseId: seededCourseId(o.prefix, u), u, published: every === 0 || u % every !== 0, kind: (["finished", "continue", "start"] as const)[u % 3] };
  });
}

/** The order the list shows: newest activity first (the seed's updated_at), then course id, both descending. */
export function listOrder(courses: SeededCourse[]): SeededCourse[] {
  const key = (c: SeededCourse) => Math.floor(c.u / 4) * 10 + Math.floor((c.u % 4) / 2);
  return [...courses].sort((a, b) => key(b) - key(a) || (a.courseId < b.courseId ? 1 : -1));
}
