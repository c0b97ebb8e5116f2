/**
 * The unread check (GET /api/chats/unread) stays bounded whatever a mentor holds (issue 30): one
 * aggregate gives the total and how many chats have unread messages over all of them, and only the
 * newest CHAT_LIMITS.unreadChatsMax chats come with their counts; never a list of every chat.
 */
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "../../../../tests/setup/databases";
import { mentor, msgId, onlyAvailable, openChat, send, setAssignment, type Mentor } from "../../../../tests/support/chat";
import { json } from "../../../../tests/support/http";
import { register } from "../../../../tests/support/sign-in";
import { CHAT_LIMITS } from "../../../domain/chat-rules";
import type { TUnreadSummary } from "../../../domain/chat";

/** Chats made straight in the database for `mentorId`, each with `unread` unread learner messages and one read one. */
async function bulkChats(
  db: { execute(q: ReturnType<typeof sql>): Promise<unknown> },
  portalId: string,
  mentorId: string,
  prefix: string,
  count: number,
  unread: number,
) {
  await db.execute(sql`insert into users (id, status, roles, email, first_name, last_name)
      select ${prefix} || u, 'active', '["disciple"]', ${prefix} || u || '@unread.example', 'Learner', u::text from generate_series(1, ${count}) u`);
  await db.execute(sql`insert into chats (id, portal_id, student_id, mentor_id, mode, status)
      select 'cht-' || ${prefix} || u, ${portalId}, ${prefix} || u, ${mentorId}, 'single', 'open' from generate_series(1, ${count}) u`);
  // Message m of chat u is stored in the order u, m: the chat with the highest u has the newest unread message.
  await db.execute(sql`insert into chat_messages (id, chat_id, author_id, author_kind, text, read_at)
      select 'lpmmsg:' || ${prefix} || u || '-' || m, 'cht-' || ${prefix} || u, ${prefix} || u, 'student', 'hello', case when m = 0 then now() end
      from generate_series(1, ${count}) u cross join generate_series(0, ${unread}) m order by u, m`);
}

describeEachDatabase("mentor chat: the unread check at size", (t) => {
  let app: FastifyInstance;
  let aylin: Mentor;
  let omar: Mentor;
  const portal = () => t.config.PORTAL_ID;
  beforeAll(async () => {
    app = t.app;
    aylin = await mentor(app, t.database, portal(), { name: "Aylin Unread" });
    omar = await mentor(app, t.database, portal(), { name: "Omar Unread" });
    await onlyAvailable(t.db, portal(), [aylin.profileId]);
    await setAssignment(t.db, portal(), "learner-chooses");
  });

  it("a mentor with more chats than it lists gets the total over all, the number of chats with unread, and the newest few", async () => {
    const many = CHAT_LIMITS.unreadChatsMax + 15;
    await bulkChats(t.db, portal(), aylin.userId, "ua-", many, 2);
    // Another mentor's unread messages and a chat of Aylin's with nothing unread count for nothing.
    await bulkChats(t.db, portal(), omar.userId, "uo-", 5, 3);
    await bulkChats(t.db, portal(), aylin.userId, "ur-", 3, 0);

    const summary = json<TUnreadSummary>(await aylin.browser.get("/api/chats/unread"));
    expect(summary.unreadMessagesCount).toBe(many * 2);
    expect(summary.unreadChatsCount).toBe(many);
    expect(summary.chats).toHaveLength(CHAT_LIMITS.unreadChatsMax);
    // Newest unread first.
    expect(summary.chats[0]).toEqual({ chatId: `cht-ua-${many}`, unreadMessagesCount: 2 });
    expect(summary.chats.at(-1)).toEqual({ chatId: `cht-ua-${many - CHAT_LIMITS.unreadChatsMax + 1}`, unreadMessagesCount: 2 });
    expect(json<TUnreadSummary>(await omar.browser.get("/api/chats/unread"))).toMatchObject({ unreadMessagesCount: 15, unreadChatsCount: 5 });
  });

  it("counts a person's own chat as a learner by the other side's messages, and a mentor's own messages not at all", async () => {
    const learner = await register(app);
    const chat = await openChat(learner, portal());
    await send(learner, chat.id, "A question", msgId());
    const before = json<TUnreadSummary>(await aylin.browser.get("/api/chats/unread"));
    expect(before.chats[0]).toEqual({ chatId: chat.id, unreadMessagesCount: 1 });
    await send(aylin, chat.id, "An answer", msgId());
    await send(aylin, chat.id, "And more", msgId());
    // The mentor's own replies are not unread for the mentor; the learner's question still is.
    const after = json<TUnreadSummary>(await aylin.browser.get("/api/chats/unread"));
    expect(after.unreadMessagesCount).toBe(before.unreadMessagesCount);
    expect(json<TUnreadSummary>(await learner.browser.get("/api/chats/unread"))).toMatchObject({
      unreadMessagesCount: 2,
      unreadChatsCount: 1,
      chats: [{ chatId: chat.id, unreadMessagesCount: 2 }],
    });
  });

  /** Chats whose counters differ from the messages counted afresh (incomingKinds: the learner reads mentors' and system messages). */
  async function driftedCounters(): Promise<unknown[]> {
    const result = (await t.db.execute(sql`
      select c.id from chats c
      left join lateral (
        select count(*) filter (where m.author_kind in ('mentor', 'system'))::int as s, max(m.seq) filter (where m.author_kind in ('mentor', 'system')) as s_seq,
               count(*) filter (where m.author_kind = 'student')::int as f, max(m.seq) filter (where m.author_kind = 'student') as f_seq
        from chat_messages m where m.chat_id = c.id and m.read_at is null
      ) n on true
      where (c.student_unread, c.student_unread_seq, c.staff_unread, c.staff_unread_seq) is distinct from (n.s, n.s_seq, n.f, n.f_seq)`)) as unknown as {
      rows: unknown[];
    };
    // ... and people whose totals differ from their chats' counters summed.
    const totals = (await t.db.execute(sql`
      with want as (
        select portal_id, user_id, sum(m)::int as m, sum(c)::int as c from (
          select portal_id, mentor_id as user_id, staff_unread as m, 1 as c from chats where staff_unread > 0 and mentor_id is not null
          union all select portal_id, student_id, student_unread, 1 from chats where student_unread > 0
        ) d group by portal_id, user_id
      )
      select coalesce(w.user_id, t.user_id) as id from want w
      full join chat_unread_totals t on t.portal_id = w.portal_id and t.user_id = w.user_id
      where coalesce(w.m, 0) <> coalesce(t.messages, 0) or coalesce(w.c, 0) <> coalesce(t.chats, 0)`)) as unknown as { rows: unknown[] };
    return [...result.rows, ...totals.rows];
  }

  it("keeps the chats' counters exact through sends, reads, reassignment, other updates and deletions, whoever writes the rows", async () => {
    const learner = await register(app);
    const chat = await openChat(learner, portal());
    const first = await send(learner, chat.id, "One", msgId());
    await send(learner, chat.id, "Two", msgId());
    const reply = await send(aylin, chat.id, "An answer", msgId());
    expect(await driftedCounters()).toEqual([]);
    // The mentor reads the first question through the API; the learner reads the answer.
    json(await aylin.browser.post(`/api/chats/${chat.id}/read`, { ids: [first.id] }));
    expect(json<{ unreadMessagesCount: number }>(await learner.browser.post(`/api/chats/${chat.id}/read`, { ids: [reply.id] }))).toEqual({
      unreadMessagesCount: 0,
    });
    expect(await driftedCounters()).toEqual([]);
    // The chat moves to Omar: the mentors' side follows it.
    await t.db.execute(sql`update chats set mentor_id = ${omar.userId} where id = ${chat.id}`);
    const omars = json<TUnreadSummary>(await omar.browser.get("/api/chats/unread"));
    expect(omars.chats.find((c) => c.chatId === chat.id)).toEqual({ chatId: chat.id, unreadMessagesCount: 1 });
    expect(json<TUnreadSummary>(await aylin.browser.get("/api/chats/unread")).chats.some((c) => c.chatId === chat.id)).toBe(false);
    expect(await driftedCounters()).toEqual([]);
    // A digest marking messages, a message made unread again, one deleted: all counted again.
    await t.db.execute(sql`update chat_messages set emailed_at = now() where chat_id = ${chat.id}`);
    await t.db.execute(sql`update chat_messages set read_at = null where id = ${reply.id}`);
    expect(json<TUnreadSummary>(await learner.browser.get("/api/chats/unread"))).toMatchObject({
      unreadMessagesCount: 1,
      chats: [{ chatId: chat.id, unreadMessagesCount: 1 }],
    });
    await t.db.execute(sql`delete from chat_messages where id = ${reply.id}`);
    expect(json<TUnreadSummary>(await learner.browser.get("/api/chats/unread"))).toMatchObject({ unreadMessagesCount: 0, unreadChatsCount: 0, chats: [] });
    expect(await driftedCounters()).toEqual([]);
    // The chats themselves go (the learner's account is removed): their people's totals lose them.
    await send(learner, chat.id, "Still here?", msgId());
    await t.db.execute(sql`delete from users where id = ${learner.userId}`);
    expect(await driftedCounters()).toEqual([]);
  });
});
