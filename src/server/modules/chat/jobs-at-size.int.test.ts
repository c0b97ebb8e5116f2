/**
 * The chat's jobs at real size (issue 30): a round over thousands of rows goes in short batches, each
 * its own transaction, and lets the database go between them. On PGlite, whose one session a
 * transaction holds, a round of one transaction kept every request waiting ~10 s. Here: 1,200 chats
 * the bot holds, 1,000 waiting past the re-offer time, 1,500 unread replies of 300 learners and one
 * chat of 20,000 messages with 1,200 unread replies (over three batches: still one letter).
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { DISTRIBUTION_BOT_ID } from "../../../domain/chat";
import { describeEachDatabase } from "../../../../tests/setup/databases";
import { chatJobs, onlyAvailable, setAssignment } from "../../../../tests/support/chat";

const BOT = 1_200; // learners 1..1200: chats the bot holds
const WAITING = 1_000; // learners 1201..2200: chats of mentor 1 waiting for two hours
const READERS = 300; // learners 2201..2500: five unread replies each from mentor 2
const BIG = 2_501; // one chat of 20,000 messages, the last 1,200 unread replies
const BIG_MESSAGES = 20_000;
const BIG_UNREAD = 1_200;

type Row = Record<string, unknown>;
/** A whole number written into the SQL (generate_series takes no untyped parameters). */
const int = (v: number) => sql.raw(String(Math.trunc(v)));

describeEachDatabase("mentor chat: the jobs at size", (t) => {
  let jobs: Awaited<ReturnType<typeof chatJobs>>;
  const rows = async <T = Row>(q: ReturnType<typeof sql>) => (await t.db.execute(q)).rows as T[];
  const num = (v: unknown) => Number(v);

  beforeAll(async () => {
    const portal = t.config.PORTAL_ID;
    jobs = await chatJobs(t.config, t.database);
    await setAssignment(t.db, portal, "learner-chooses", { reoffer: 30, digest: 60 });
    await t.db.execute(sql`insert into users (id, status, roles, email, first_name, last_name)
        select 'js-m' || u, 'active', '["disciple","mentor"]', 'js-m' || u || '@jobs.example', 'Mentor', 'M' || u from generate_series(1, 3) u`);
    await t.db.execute(sql`insert into mentor_profiles (id, user_id, portal_id, names, created_at)
        select 'mnt_js' || u, 'js-m' || u, ${portal}, jsonb_build_object('en', 'Mentor Jobs ' || u, 'tr', 'Mentor Jobs ' || u), now() - (10 - u) * interval '1 day'
        from generate_series(1, 3) u`);
    await onlyAvailable(t.db, portal, ["mnt_js1", "mnt_js2", "mnt_js3"]);
    await t.db.execute(sql`insert into users (id, status, roles, email, first_name, last_name)
        select 'js-s' || u, 'active', '["disciple"]', 'js-s' || u || '@jobs.example', 'Learner', u::text from generate_series(1, ${int(BIG)}) u`);
    await t.db.execute(sql`insert into chats (id, portal_id, student_id, mentor_id, mode, status, lang, created_at, waiting_since)
        select 'cht-js' || u, ${portal}, 'js-s' || u,
          case when u <= ${int(BOT)} then ${DISTRIBUTION_BOT_ID} when u <= ${int(BOT + WAITING)} then 'js-m1' else 'js-m2' end,
          'multiple', 'open', 'en', now() - interval '3 hours' + u * interval '1 millisecond',
          case when u > ${int(BOT)} and u <= ${int(BOT + WAITING)} then now() - interval '2 hours' + u * interval '1 millisecond' end
        from generate_series(1, ${int(BIG)}) u`);
    await t.db.execute(sql`insert into chat_messages (id, chat_id, author_id, author_kind, text, created_at)
        select 'lpmmsg:js-' || u || '-' || k, 'cht-js' || u, 'js-m2', 'mentor', 'reply ' || u || '-' || k, now() - interval '1 hour'
        from generate_series(${int(BOT + WAITING + 1)}, ${int(BOT + WAITING + READERS)}) u cross join generate_series(1, 5) k`);
    await t.db.execute(sql`insert into notifications (id, user_id, type, title, text, source_message_id)
        select 'ntf-js' || u || '-' || k, 'js-s' || u, 'chat-reply', 'Mentor', 'reply', 'lpmmsg:js-' || u || '-' || k
        from generate_series(${int(BOT + WAITING + 1)}, ${int(BOT + WAITING + READERS)}) u cross join generate_series(1, 5) k`);
    await t.db.execute(sql`insert into chat_messages (id, chat_id, author_id, author_kind, text, created_at, read_at)
        select 'lpmmsg:js-big-' || k, 'cht-js' || ${int(BIG)}, case when k % 2 = 0 or k > ${int(BIG_MESSAGES - BIG_UNREAD)} then 'js-m2' else 'js-s' || ${int(BIG)} end,
          case when k % 2 = 0 or k > ${int(BIG_MESSAGES - BIG_UNREAD)} then 'mentor' else 'student' end, 'big reply ' || k,
          now() - interval '2 hours' + k * interval '1 millisecond', case when k <= ${int(BIG_MESSAGES - BIG_UNREAD)} then now() end
        from generate_series(1, ${int(BIG_MESSAGES)}) k`);
    if (t.kind === "postgres") await t.db.execute(sql`analyze`);
  });
  afterAll(() => jobs.close());

  /** How far the round got, read by a request of its own. */
  const progress = async () => {
    const [p] = await rows<{ held: unknown; emailed: unknown }>(sql`select
        (select count(*) from chats where id like 'cht-js%' and mentor_id = ${DISTRIBUTION_BOT_ID}) as held,
        (select count(*) from chat_messages where id like 'lpmmsg:js-%' and emailed_at is not null) as emailed`);
    return { assigned: BOT - num(p!.held), emailed: num(p!.emailed) };
  };

  it("handles every row once, writes one letter per learner and per mentor, and lets other requests in between its batches", async () => {
    const now = new Date();
    // The realtime events (five per assigned chat) are counted, not sent: each would be one more statement
    // for the requests below to queue behind, and they are not what is measured here.
    let publishes = 0;
    jobs.bus.publish = async () => void publishes++;
    let finished = false;
    const round = jobs.run(now).finally(() => (finished = true));
    // Requests while the round runs, one after another: on PGlite each waits for the batch under way.
    const seen: Array<{ assigned: number; emailed: number }> = [];
    while (!finished) {
      seen.push(await progress());
      // Let the round's next statement in: PGlite's session goes to whoever asks first, and a loop
      // asking at once again would keep it.
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    const outcome = await round;

    expect(publishes).toBeGreaterThanOrEqual(BOT + WAITING);
    const ours = (ids: string[]) => ids.filter((id) => id.startsWith("cht-js"));
    expect(new Set(outcome.assigned).size).toBe(outcome.assigned.length);
    expect(ours(outcome.assigned).sort()).toEqual(Array.from({ length: BOT }, (_, i) => `cht-js${i + 1}`).sort());
    expect(new Set(outcome.reoffered).size).toBe(outcome.reoffered.length);
    expect(ours(outcome.reoffered)).toHaveLength(WAITING);

    // Every chat once: one system message of its kind, one notification for its new mentor, the learner's mentor recorded.
    const [c] = await rows(sql`select
        (select count(*) from chats where id like 'cht-js%' and mentor_id = ${DISTRIBUTION_BOT_ID}) as held,
        (select count(*) from chats where id like 'cht-js%' and mentor_id = 'js-m1') as still_m1,
        (select count(distinct chat_id) from chat_messages where chat_id like 'cht-js%' and system_key = 'assigned') as assigned_chats,
        (select count(*) from chat_messages where chat_id like 'cht-js%' and system_key = 'assigned') as assigned_msgs,
        (select count(*) from chat_messages where chat_id like 'cht-js%' and system_key = 'reoffered') as reoffered_msgs,
        (select count(distinct chat_id) from chat_messages where chat_id like 'cht-js%' and system_key = 'reoffered') as reoffered_chats,
        (select count(*) from notifications n where n.type = 'chat-assigned' and n.link like '%chat=cht-js%') as assigned_notes,
        (select count(*) from chats c join users u on u.id = c.student_id where c.id like 'cht-js%' and c.student_id <> 'js-s' || ${int(BIG)}
           and u.id not in (select 'js-s' || g from generate_series(${int(BOT + WAITING + 1)}, ${int(BOT + WAITING + READERS)}) g)
           and u.mentor_id is distinct from c.mentor_id) as unrecorded,
        (select count(*) from chat_messages where id like 'lpmmsg:js-%' and author_kind = 'mentor' and read_at is null and emailed_at is null) as unmailed,
        (select count(*) from notifications where id like 'ntf-js%' and emailed_at is null) as notes_unmailed,
        (select count(*) from chats where id like 'cht-js%' and waiting_since is not null and mentor_digest_at is null) as undigested`);
    expect(Object.fromEntries(Object.entries(c!).map(([k, v]) => [k, num(v)]))).toEqual({
      held: 0,
      still_m1: 0,
      assigned_chats: BOT,
      assigned_msgs: BOT,
      reoffered_msgs: WAITING,
      reoffered_chats: WAITING,
      assigned_notes: BOT + WAITING,
      unrecorded: 0,
      unmailed: 0,
      notes_unmailed: 0,
      undigested: 0,
    });
    // The least loaded first: mentors 2 and 3 share the chats evenly; mentor 1 gave all theirs away.
    const load = await rows<{ mentor_id: string; n: unknown }>(
      sql`select mentor_id, count(*) as n from chats where status = 'open' and mentor_id in ('js-m2', 'js-m3') group by mentor_id`,
    );
    expect(load).toHaveLength(2);
    expect(Math.abs(num(load[0]!.n) - num(load[1]!.n))).toBeLessThanOrEqual(1);

    // Letters: one per learner with replies (the big chat's 1,200 over three batches: one letter), one per mentor with waiting chats.
    const letters = await rows<{ to: string; subject: string; text: string }>(sql`select "to", subject, text from mail_outbox where "to" like 'js-%'`);
    const to = (who: string) => letters.filter((l) => l.to === `${who}@jobs.example`);
    for (let u = BOT + WAITING + 1; u <= BOT + WAITING + READERS; u++) expect(to(`js-s${u}`), `learner ${u}`).toHaveLength(1);
    const [big, ...twice] = to(`js-s${BIG}`);
    expect(twice).toEqual([]);
    expect(big!.subject).toContain(`(${BIG_UNREAD})`);
    expect(big!.text.match(/big reply \d+/g)).toHaveLength(BIG_UNREAD);
    expect(big!.text).toContain(`Mentor Jobs 2: big reply ${BIG_MESSAGES}`);
    expect(to("js-m1")).toEqual([]);
    const digests = [...to("js-m2"), ...to("js-m3")];
    expect(digests).toHaveLength(2);
    expect(digests.flatMap((l) => l.text.match(/Learner \d+ \(/g) ?? [])).toHaveLength(WAITING);
    expect(letters).toHaveLength(READERS + 1 + 2);

    // The round let requests in between its batches: some saw the bot's chats, and the replies, partly done.
    if (t.kind === "pglite") {
      expect(seen.some((s) => s.assigned > 0 && s.assigned < BOT)).toBe(true);
      expect(seen.some((s) => s.emailed > 0 && s.emailed < READERS * 5 + BIG_UNREAD)).toBe(true);
    }

    // Nothing twice: the next round finds nothing left of these.
    const again = await jobs.run(now);
    expect(ours([...again.assigned, ...again.reoffered])).toEqual([]);
    expect(again).toMatchObject({ learnerLetters: 0, mentorLetters: 0 });
    expect(await rows(sql`select 1 from mail_outbox where "to" like 'js-%'`)).toHaveLength(READERS + 1 + 2);
  });

  it("costs as many statements for a batch of 40 chats and replies as for one of 4", async () => {
    const portal = t.config.PORTAL_ID;
    let publishes = 0;
    // Publishes are pg_notify statements on PostgreSQL (one per event, not the batches' own): counted, not sent.
    jobs.bus.publish = async () => void publishes++;
    const roundOf = async (n: number, tag: string) => {
      await t.db.execute(sql`insert into users (id, status, roles, email, first_name, last_name)
          select 'jq-' || ${tag} || u, 'active', '["disciple"]', 'jq-' || ${tag} || u || '@jobs.example', 'Counted', u::text from generate_series(1, ${int(2 * n + 1)}) u`);
      // n chats the bot holds, n waiting (mentor 2's), and one learner with n unread replies.
      await t.db.execute(sql`insert into chats (id, portal_id, student_id, mentor_id, mode, status, lang, waiting_since)
          select 'cht-jq' || ${tag} || u, ${portal}, 'jq-' || ${tag} || u, case when u <= ${int(n)} then ${DISTRIBUTION_BOT_ID} else 'js-m2' end, 'multiple', 'open', 'en',
            case when u > ${int(n)} and u <= ${int(2 * n)} then now() - interval '2 hours' end
          from generate_series(1, ${int(2 * n + 1)}) u`);
      await t.db.execute(sql`insert into chat_messages (id, chat_id, author_id, author_kind, text, created_at)
          select 'lpmmsg:jq-' || ${tag} || k, 'cht-jq' || ${tag} || ${int(2 * n + 1)}, 'js-m2', 'mentor', 'counted ' || k, now() - interval '1 hour' from generate_series(1, ${int(n)}) k`);
      let queries = 0;
      const stop = t.database.onQuery(() => queries++);
      try {
        const outcome = await jobs.run(new Date());
        return { queries, outcome };
      } finally {
        stop();
      }
    };
    const small = await roundOf(4, "a");
    const large = await roundOf(40, "b");
    expect(small.outcome).toMatchObject({ learnerLetters: 1, mentorLetters: 1 });
    expect(large.outcome).toMatchObject({ learnerLetters: 1, mentorLetters: 1 });
    expect(small.outcome.assigned).toHaveLength(4);
    expect(large.outcome.assigned).toHaveLength(40);
    expect(large.outcome.reoffered).toHaveLength(40);
    expect(publishes).toBeGreaterThan(0);
    expect(large.queries).toBe(small.queries);
  });
});
