/**
 * A thread page reads its own discussion's posts only (issue 30): the placeholder rule ("a deleted
 * post stays while it has live replies") was planned as a hashed subplan over a sequential scan of
 * every post on the server, so a page cost grew with all discussions (0.05 ms -> 4.9 ms at 10,000
 * posts). With ~10,000 posts over 200 discussions, analysed, the page's plan scans no table whole.
 */
import { sql, type SQLWrapper } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "../../../../tests/setup/databases";
import { createDiscussionsRepo } from "./repo";

const DISCUSSIONS = 200;
const TOP = 25; // top-level posts per discussion
const REPLIES = 1; // replies per top-level post: 200 * 25 * 2 = 10,000 posts

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  Plans?: PlanNode[];
}
const nodes = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(nodes)];

describeEachDatabase("discussions: a thread page's plan at size", (t) => {
  beforeAll(async () => {
    const portal = t.config.PORTAL_ID;
    const [el] = (
      await t.db.execute(sql`select e.id, e.course_id from elements e join courses c on c.id = e.course_id where c.portal_id = ${portal} order by e.id limit 1`)
    ).rows as Array<{ id: string; course_id: string }>;
    await t.db.execute(sql`insert into users (id, status, roles, email) values ('tp-author', 'active', '["disciple"]', 'tp-author@plan.example')`);
    // Top-level posts, every fifth one deleted; each with a reply, every third reply deleted.
    await t.db
      .execute(sql`insert into discussion_posts (id, portal_id, discussion_id, element_id, course_id, author_id, author_kind, text, deleted_at, last_activity_at)
        select 'dpost:tp-' || d || '-' || p, ${portal}, 'disc-tp-' || d, ${el!.id}, ${el!.course_id}, 'tp-author', 'learner', 'post ' || p,
          case when p % 5 = 0 then now() end, now() - (p || ' minutes')::interval
        from generate_series(1, ${DISCUSSIONS}) d cross join generate_series(1, ${TOP}) p`);
    await t.db
      .execute(sql`insert into discussion_posts (id, portal_id, discussion_id, element_id, course_id, parent_id, author_id, author_kind, text, deleted_at)
        select 'dpost:tp-' || d || '-' || p || '-r' || r, ${portal}, 'disc-tp-' || d, ${el!.id}, ${el!.course_id}, 'dpost:tp-' || d || '-' || p, 'tp-author', 'mentor', 'reply',
          case when (p + r) % 3 = 0 then now() end
        from generate_series(1, ${DISCUSSIONS}) d cross join generate_series(1, ${TOP}) p cross join generate_series(1, ${REPLIES}) r`);
    await t.db.execute(sql`analyze discussion_posts`);
  });

  it("reads the page through indexes: no sequential scan of discussion_posts, and the placeholder rule still holds", async () => {
    const repo = createDiscussionsRepo(t.db);
    const viewer = { viewerId: "tp-reader", seesAllHidden: false };
    const page = repo.threadPage("disc-tp-7", viewer, undefined, 20);
    const [{ "QUERY PLAN": plan }] = (await t.db.execute(sql`explain (format json) ${page as unknown as SQLWrapper}`)).rows as Array<{
      "QUERY PLAN": Array<{ Plan: PlanNode }> | string;
    }>;
    const root = (typeof plan === "string" ? JSON.parse(plan) : plan)[0].Plan as PlanNode;
    const scans = nodes(root).filter((n) => n["Relation Name"] === "discussion_posts");
    expect(scans.length).toBeGreaterThan(0);
    expect(scans.map((n) => n["Node Type"])).not.toContain("Seq Scan");

    // Deleted posts: shown (as placeholders) only while a reply of theirs is live.
    const rows = await page;
    const ids = new Set(rows.map((r) => r.id));
    for (let p = 1; p <= 21; p++) {
      const deleted = p % 5 === 0;
      const answered = (p + 1) % 3 !== 0;
      expect(ids.has(`dpost:tp-7-${p}`), `post ${p}`).toBe(!deleted || answered);
    }
  });
});
