/**
 * Every query of the hot views is index-backed at a large portal's size (issue 30): the bench's L3
 * (1,000 courses, a learner in 500 of them, a chat of 20,000 messages, a mentor with 10,000 chats, a
 * discussion of 10,000 posts) is loaded, each view's API is asked as its person asks it (the pages'
 * loaders call the same service operations), every statement it sent is captured and planned again
 * with EXPLAIN, and a sequential scan of a large table fails.
 */
import { sql } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import type { QueryStatement } from "../../src/server/db/client";
import { describeEachDatabase } from "../setup/databases";
import { GROWTH_LEVELS, seedGrowth } from "../support/growth-seed";
import { admin } from "../support/discussions";
import { login, register, type Registered } from "../support/sign-in";
import { DEMO_MENTORS, DEMO_MENTOR_PASSWORD } from "../../src/server/db/seed/demo-mentors";

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** Tables with at least this many rows after the seed are large: a sequential scan of one fails. */
const LARGE_TABLE_ROWS = 1_000;

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  Plans?: PlanNode[];
}

function seqScans(node: PlanNode, out: string[] = []): string[] {
  if (node["Node Type"] === "Seq Scan" && node["Relation Name"]) out.push(node["Relation Name"]);
  for (const child of node.Plans ?? []) seqScans(child, out);
  return out;
}

/**
 * Reads that cover what they show by design, named with why; a scan of any other large table fails.
 * - The dashboard's course table shows every course of the portal with its figures of the range.
 * - Typical reply times are the median over every mentor's reply of the last 30 days (each joined to
 *   its chat for the portal): the bench's L3 has 20,000 of them, so hashing the chats is the plan.
 */
const READ_BY_DESIGN: Array<{ query: RegExp; table: string }> = [
  { query: /^with pc as \(select c\.id, c\.title, c\.index from courses c where c\.portal_id = \$1\)/, table: "courses" },
  { query: /^select r\.author_id as mentor, percentile_cont\(0\.5\)/, table: "chats" },
];
const byDesign = (query: string, table: string) => READ_BY_DESIGN.some((r) => r.table === table && r.query.test(query.trim()));

/** Statements worth planning: reads and the writes that find rows (an INSERT of values finds none). */
const planned = (s: QueryStatement) => /^\s*(with|select|update|delete)\b/i.test(s.text) && !/pg_notify|pg_try_advisory/i.test(s.text);

describeEachDatabase("hot queries at L3", (t) => {
  const L3 = GROWTH_LEVELS.find((l) => l.name === "L3")!;
  let learner: Registered;
  let mentor: Awaited<ReturnType<typeof login>>;
  let boss: Registered;
  let chatId: string;
  let discussionId: string;
  let large: Set<string>;

  beforeAll(async () => {
    learner = await register(t.app);
    // The learner's progress record is made by a first finished element, as the bench's learner's is.
    await learner.browser.post("/api/progress/elements/rf-slow-reading/finish");
    const [aylin, omar] = DEMO_MENTORS.filter((m) => m.role === "mentor");
    mentor = await login(t.app, aylin.email, DEMO_MENTOR_PASSWORD);
    boss = await admin(t.app, t.database);
    const rows = (r: unknown) => (r as { rows: Array<Record<string, string>> }).rows;
    const [element] = rows(
      await t.db.execute(
        sql`select e.id, e.discussion_id, e.course_id, c.portal_id from elements e join courses c on c.id = e.course_id where e.id = 'rf-slow-reading'`,
      ),
    );
    discussionId = element.discussion_id;
    ({ chatId } = await seedGrowth(t.db, L3, {
      portalId: element.portal_id,
      learnerId: learner.userId,
      mentorId: aylin.userId,
      otherMentorId: omar.userId,
      discussion: { id: element.discussion_id, elementId: element.id, courseId: element.course_id },
    }));
    large = new Set(
      rows(
        await t.db.execute(
          sql`select relname from pg_class where relkind = 'r' and relnamespace = 'public'::regnamespace and reltuples >= ${LARGE_TABLE_ROWS}`,
        ),
      ).map((r) => r.relname),
    );
  }, 120_000);

  /** The statements one request sent, each with the large tables its plan reads by a sequential scan. */
  async function scansOf(who: { browser: Registered["browser"] }, url: string): Promise<Array<{ query: string; tables: string[] }>> {
    const statements: QueryStatement[] = [];
    const stop = t.database.onQuery((_s, _f, statement) => statements.push(statement));
    try {
      const res = await who.browser.get(url);
      expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(200);
    } finally {
      stop();
    }
    const client = t.db.$client as { query(text: string, params: unknown[]): Promise<{ rows: Array<Record<string, unknown>> }> };
    const out = [];
    for (const s of statements.filter(planned)) {
      const { rows } = await client.query(`explain (format json) ${s.text}`, s.params);
      const raw = rows[0]["QUERY PLAN"];
      const plan = (typeof raw === "string" ? JSON.parse(raw) : raw) as Array<{ Plan: PlanNode }>;
      const query = s.text.replace(/\s+/g, " ").trim();
      out.push({ query: query.slice(0, 200), tables: seqScans(plan[0].Plan).filter((r) => large.has(r) && !byDesign(query, r)) });
    }
    return out;
  }

  it("loads a large portal: the tables the views read are large", () => {
    for (const table of ["courses", "elements", "chats", "chat_messages", "discussion_posts", "users"]) expect(large, table).toContain(table);
  });

  const views: Array<[string, () => { browser: Registered["browser"] }, () => string]> = [
    ["catalogue API", () => learner, () => "/api/courses?lang=en"],
    ["progress API", () => learner, () => "/api/progress?lang=en"],
    ["unread summary (mentor)", () => mentor, () => "/api/chats/unread"],
    ["unread summary (learner)", () => learner, () => "/api/chats/unread"],
    ["mentors' inbox", () => mentor, () => "/api/mentor/chats?filter=mine&lang=en"],
    ["chat page", () => learner, () => `/api/chats/${chatId}/messages?lang=en`],
    ["discussion thread", () => learner, () => `/api/discussions/${discussionId}?lang=en`],
    ["mentors' discussion queue", () => mentor, () => "/api/mentor/discussions/waiting?lang=en"],
    // Its figures are of a range: one of a quiet past week, as most of a portal's history is.
    ["dashboard", () => boss, () => `/api/admin/dashboard?lang=en&from=${day(-200)}&to=${day(-194)}`],
  ];
  for (const [name, who, url] of views) {
    it(`${name}: no sequential scan of a large table`, async () => {
      const scans = await scansOf(who(), url());
      expect(scans.length, "the view sent queries").toBeGreaterThan(0);
      expect(scans.filter((s) => s.tables.length > 0)).toEqual([]);
    });
  }
});
