import { sql } from "drizzle-orm";
import type { Db } from "../../src/server/db/client";

/**
 * The growth part's sizes (issue 30). Each level adds to the demo portal: catalogue courses, one course
 * of `elements` lessons, a learner with progress on `progressCourses` of the catalogue's courses, one
 * chat of `messages` messages, `mentorChats` open chats of one mentor and `posts` posts in one
 * discussion. Mentora's own demo content stays as it is.
 */
export interface GrowthLevel {
  name: "L1" | "L2" | "L3";
  courses: number;
  elements: number;
  progressCourses: number;
  messages: number;
  mentorChats: number;
  posts: number;
}

export const GROWTH_LEVELS: GrowthLevel[] = [
  { name: "L1", courses: 10, elements: 10, progressCourses: 1, messages: 20, mentorChats: 10, posts: 10 },
  { name: "L2", courses: 100, elements: 100, progressCourses: 50, messages: 2_000, mentorChats: 1_000, posts: 1_000 },
  { name: "L3", courses: 1_000, elements: 100, progressCourses: 500, messages: 20_000, mentorChats: 10_000, posts: 10_000 },
];

/** The course of `elements` lessons the course page is weighed on. */
export const GROWTH_COURSE = "growth-course";

export interface GrowthPeople {
  portalId: string;
  /** The bench's learner (registered through the API): progress, the long chat. */
  learnerId: string;
  /** A demo mentor: the open chats, the long chat's other side. */
  mentorId: string;
  /** Another demo mentor: the portal's past chats. */
  otherMentorId: string;
  /** The demo discussion the posts go to, and its element and course. */
  discussion: { id: string; elementId: string; courseId: string };
}

export interface GrowthSeeded {
  /** The learner's chat with the mentor (the long one). */
  chatId: string;
  seconds: number;
}

/**
 * Seeds a level in set-based SQL (generate_series), so L3 takes seconds on either database. The rows
 * the chat jobs act on are made due: the mentor's chats wait since two hours (mentor digest, re-offer)
 * and every learner has a mentor's reply unread for an hour (learner digest).
 */
export async function seedGrowth(db: Db, level: GrowthLevel, who: GrowthPeople): Promise<GrowthSeeded> {
  const t0 = performance.now();
  const portal = who.portalId;
  const run = (q: ReturnType<typeof sql>) => db.execute(q);
  // Catalogue courses: published, ten visible lessons each, after the demo's in catalogue order.
  await run(sql`insert into courses (id, portal_id, title, description, published, index, date_created)
      select 'gc-' || lpad(c::text, 5, '0'), ${portal}, jsonb_build_object('en', 'Growth course ' || c, 'ar', 'دورة ' || c),
             jsonb_build_object('en', 'A course of the growth bench.'), true, 100 + c, now() - c * interval '1 minute'
      from generate_series(1, ${level.courses}) c`);
  await run(sql`insert into elements (id, course_id, type, title, number, index, visible)
      select 'ge-' || c || '-' || e, 'gc-' || lpad(c::text, 5, '0'), 'lesson', jsonb_build_object('en', 'Lesson ' || e), e, e, true
      from generate_series(1, ${level.courses}) c, generate_series(1, 10) e`);
  // The weighed course: `elements` lessons.
  await run(sql`insert into courses (id, portal_id, title, description, published, index)
      values (${GROWTH_COURSE}, ${portal}, '{"en": "Growth course of many lessons", "ar": "دورة بدروس كثيرة"}', '{"en": "Many lessons."}', true, 99)`);
  await run(sql`insert into elements (id, course_id, type, title, number, index, visible)
      select 'gbe-' || e, ${GROWTH_COURSE}, 'lesson', jsonb_build_object('en', 'Lesson number ' || e, 'ar', 'الدرس ' || e), e, e, true
      from generate_series(1, ${level.elements}) e`);

  // The learner's progress: the first lesson of each course done, the second started in every other one.
  const record = sql`(select id from progress_records where user_id = ${who.learnerId} and portal_id = ${portal} limit 1)`;
  await run(sql`insert into course_progress (user_id, course_id, record_id, created_at, updated_at)
      select ${who.learnerId}, 'gc-' || lpad(c::text, 5, '0'), ${record}, now() - c * interval '1 hour', now() - c * interval '1 minute'
      from generate_series(1, ${level.progressCourses}) c`);
  await run(sql`insert into element_progress (user_id, course_id, element_id, state, started, finished, percent)
      select ${who.learnerId}, 'gc-' || lpad(c::text, 5, '0'), 'ge-' || c || '-1', 'done', now() - interval '2 hours', now() - interval '1 hour', 100
      from generate_series(1, ${level.progressCourses}) c`);
  await run(sql`insert into element_progress (user_id, course_id, element_id, state, started, percent)
      select ${who.learnerId}, 'gc-' || lpad(c::text, 5, '0'), 'ge-' || c || '-2', 'open', now() - interval '1 hour', 40
      from generate_series(1, ${level.progressCourses}) c where c % 2 = 0`);

  // The learner's chat with the mentor: `messages` messages, alternating, the newest 10 unread by the learner.
  const chatId = "cht_growthbenchlearnerchatabcd";
  await run(sql`insert into chats (id, portal_id, student_id, mentor_id, mode, status, last_message_at, last_activity_at)
      values (${chatId}, ${portal}, ${who.learnerId}, ${who.mentorId}, 'single', 'open', now(), now())`);
  await run(sql`insert into chat_messages (id, chat_id, author_id, author_kind, text, created_at, read_at)
      select 'lpmmsg:growth-' || m, ${chatId}, case when m % 2 = 0 then ${who.learnerId} else ${who.mentorId} end,
             case when m % 2 = 0 then 'student' else 'mentor' end, 'Message number ' || m || ' of the long chat.',
             now() - (${level.messages} - m) * interval '1 second', case when m > ${level.messages} - 10 then null else now() end
      from generate_series(1, ${level.messages}) m order by m`);

  // The mentor's open chats: one learner each, a question unread by the mentor and a reply unread by the learner.
  await run(sql`insert into users (id, status, roles, email, first_name, last_name)
      select 'gu-' || u, 'active', '["disciple"]', 'gu-' || u || '@growth.example', 'Growth', 'Learner ' || u from generate_series(1, ${level.mentorChats}) u`);
  await run(sql`insert into chats (id, portal_id, student_id, mentor_id, mode, status, last_message_at, last_activity_at, waiting_since)
      select 'cht_g' || translate(lpad(u::text, 25, '0'), '0123456789', 'abcdefghij'), ${portal}, 'gu-' || u, ${who.mentorId}, 'single', 'open',
             now() - u * interval '1 second', now() - u * interval '1 second', now() - interval '2 hours'
      from generate_series(1, ${level.mentorChats}) u`);
  await run(sql`insert into chat_messages (id, chat_id, author_id, author_kind, text, created_at)
      select 'lpmmsg:gq-' || u || '-' || k, 'cht_g' || translate(lpad(u::text, 25, '0'), '0123456789', 'abcdefghij'), case when k = 0 then 'gu-' || u else ${who.mentorId} end,
             case when k = 0 then 'student' else 'mentor' end, case when k = 0 then 'A question ' || u else 'An answer ' || u end,
             now() - interval '3 hours' + k * interval '1 hour'
      from generate_series(1, ${level.mentorChats}) u, generate_series(0, 1) k order by u, k`);

  // The discussion: `posts` posts, one in ten of them a mentor's reply to the post before it, one in
  // fifty deleted (a placeholder when it has a reply, gone when it has none).
  await run(sql`insert into discussion_posts (id, portal_id, discussion_id, element_id, course_id, parent_id, author_id, author_kind, text, created_at, last_activity_at, deleted_at)
      select 'dpost:g-' || p, ${portal}, ${who.discussion.id}, ${who.discussion.elementId}, ${who.discussion.courseId},
             case when p % 10 = 0 then 'dpost:g-' || (p - 1) end,
             case when p % 10 = 0 then ${who.mentorId} else 'gu-' || (1 + p % ${level.mentorChats}) end,
             case when p % 10 = 0 then 'mentor' else 'learner' end,
             case when p % 50 = 1 then '' else 'Post number ' || p || ' of the discussion.' end,
             now() - (${level.posts} - p) * interval '1 second', now() - (${level.posts} - p) * interval '1 second',
             case when p % 50 = 1 then now() end
      from generate_series(1, ${level.posts}) p order by p`);
  // The portal's history, so that what a view reads is the small part of each table it is on a real
  // portal: four times as many learners in year-old, read chats with another mentor, and a year-old
  // answered discussion under the first lesson of every catalogue course.
  const past = level.mentorChats * 4;
  await run(sql`insert into users (id, status, roles, email, first_name, last_name, created_at)
      select 'gh-' || u, 'active', '["disciple"]', 'gh-' || u || '@growth.example', 'Past', 'Learner ' || u, now() - interval '1 year'
      from generate_series(1, ${past}) u`);
  await run(sql`insert into chats (id, portal_id, student_id, mentor_id, mode, status, created_at, last_message_at, last_activity_at)
      select 'cht_h' || translate(lpad(u::text, 25, '0'), '0123456789', 'abcdefghij'), ${portal}, 'gh-' || u, ${who.otherMentorId}, 'single', 'resolved',
             now() - interval '1 year', now() - interval '1 year' + u * interval '1 second', now() - interval '1 year' + u * interval '1 second'
      from generate_series(1, ${past}) u`);
  await run(sql`insert into chat_messages (id, chat_id, author_id, author_kind, text, created_at, read_at, answered_wait_from)
      select 'lpmmsg:gh-' || u || '-' || k, 'cht_h' || translate(lpad(u::text, 25, '0'), '0123456789', 'abcdefghij'),
             case when k = 0 then 'gh-' || u else ${who.otherMentorId} end, case when k = 0 then 'student' else 'mentor' end,
             'A message of the past ' || u, now() - interval '1 year' + k * interval '1 hour', now() - interval '1 year' + interval '2 hours',
             case when k = 1 then now() - interval '1 year' end
      from generate_series(1, ${past}) u, generate_series(0, 1) k order by u, k`);
  await run(sql`update elements set discussion_id = 'gd-' || course_id, discussion_active = true where id like 'ge-%-1'`);
  await run(sql`insert into discussion_posts (id, portal_id, discussion_id, element_id, course_id, author_id, author_kind, text, created_at, last_activity_at, answered_at)
      select 'dpost:gh-' || c || '-' || p, ${portal}, 'gd-gc-' || lpad(c::text, 5, '0'), 'ge-' || c || '-1', 'gc-' || lpad(c::text, 5, '0'),
             'gh-' || (1 + (c * 7 + p) % ${past}), 'learner', 'A post of the past', now() - interval '1 year', now() - interval '1 year', now() - interval '1 year'
      from generate_series(1, ${level.courses}) c, generate_series(1, ${Math.max(1, Math.round((level.posts * 2) / level.courses))}) p`);
  await run(sql`update discussion_posts p set answered_at = now()
      where p.discussion_id = ${who.discussion.id} and p.parent_id is null
        and exists (select 1 from discussion_posts r where r.parent_id = p.id and r.author_kind = 'mentor')`);
  await run(sql`analyze`);
  return { chatId, seconds: (performance.now() - t0) / 1000 };
}
