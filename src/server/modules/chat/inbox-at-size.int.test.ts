/**
 * The mentors' inbox builds a page from batched reads (issue 30): the queries one page costs do not
 * grow with the rows it shows, whoever mentors them (it read each row's mentor profile in turn).
 */
import { sql } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "../../../../tests/setup/databases";
import { mentor, type Mentor } from "../../../../tests/support/chat";
import { json } from "../../../../tests/support/http";

const CHATS = 30;

describeEachDatabase("mentor chat: an inbox page's cost", (t) => {
  let leader: Mentor;
  beforeAll(async () => {
    const portal = t.config.PORTAL_ID;
    leader = await mentor(t.app, t.database, portal, { role: "mp-leader", name: "Lead Inbox" });
    // 30 chats, each with a mentor of its own, a learner and one message; ids in the inbox's own shape.
    const id = (prefix: string) => sql.raw(`'${prefix}' || translate(lpad(u::text, 26, '0'), '0123456789', 'abcdefghij')`);
    await t.db.execute(sql`insert into users (id, status, roles, email, first_name, last_name)
        select 'ib-' || k || u, 'active', '["disciple"]', 'ib-' || k || u || '@inbox.example', 'Inbox', k || u
        from generate_series(1, ${CHATS}) u cross join (values ('m'), ('s')) as v(k)`);
    await t.db.execute(sql`insert into mentor_profiles (id, user_id, portal_id, names)
        select ${id("mnt_ib")}, 'ib-m' || u, ${portal}, jsonb_build_object('en', 'Mentor ' || u) from generate_series(1, ${CHATS}) u`);
    await t.db.execute(sql`insert into chats (id, portal_id, student_id, mentor_id, mode, status, last_activity_at)
        select ${id("cht_")}, ${portal}, 'ib-s' || u, 'ib-m' || u, 'single', 'open', now() + u * interval '1 second' from generate_series(1, ${CHATS}) u`);
    await t.db.execute(sql`insert into chat_messages (id, chat_id, author_id, author_kind, text)
        select 'lpmmsg:ib-' || u, ${id("cht_")}, 'ib-s' || u, 'student', 'hello ' || u from generate_series(1, ${CHATS}) u`);
  });

  /** The queries made while answering one inbox page of `limit` rows, and the rows. */
  async function pageCost(limit: number) {
    let queries = 0;
    const stop = t.database.onQuery(() => queries++);
    try {
      const page = json<{ items: Array<{ mentorName: string | null; lastMessage: { text: string } | null }> }>(
        await leader.browser.get(`/api/mentor/chats?filter=all&limit=${limit}&lang=en`),
      );
      return { queries, items: page.items };
    } finally {
      stop();
    }
  }

  it("costs as many queries for 25 rows of 25 mentors as for 5 rows, each row named by its mentor's profile", async () => {
    await pageCost(5); // warms what a first request reads once (settings, language packs)
    const small = await pageCost(5);
    const large = await pageCost(25);
    expect(small.items).toHaveLength(5);
    expect(large.items).toHaveLength(25);
    expect(large.items[0]).toMatchObject({ mentorName: `Mentor ${CHATS}`, lastMessage: { text: `hello ${CHATS}` } });
    expect(large.items.at(-1)).toMatchObject({ mentorName: `Mentor ${CHATS - 24}` });
    expect(large.queries).toBe(small.queries);
  });
});
