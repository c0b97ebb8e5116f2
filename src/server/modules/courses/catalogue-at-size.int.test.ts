/**
 * The catalogue at size (issue 30): the API and the web catalogue are walked by cursor, and every
 * published, non-hidden course of the viewer's groups is reached exactly once, in catalogue order;
 * a page costs as many queries at 250 courses as at 30. Courses are seeded set-based, with ties in
 * index and in date_created down to the microsecond (a cursor read back through a JS Date would
 * lose them).
 */
import { and, asc, desc, eq, like, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeEachDatabase } from "../../../../tests/setup/databases";
import { Browser, expectError, json } from "../../../../tests/support/http";
import { learner, type Registered } from "../../../../tests/support/sign-in";
import { CATALOGUE_PAGE_SIZE, type TCourseListPage } from "../../../domain/course";
import { LIMITS } from "../../../domain/constants";
import { courses } from "../../db/schema/courses";
import { buildApp } from "../../main";
import { changeContent } from "../../platform/content-version";

const SMALL = 30;
const LARGE = 250;
const TEAM = "team-cat";

describeEachDatabase("catalogue at size: paged by cursor", (t) => {
  const guest = () => new Browser(t.app);
  const portal = () => t.config.PORTAL_ID;

  /** Courses cat-{from..to}: ties in index (u % 5) and in date_created (u % 7 microseconds); some drafts, hidden and team-only. */
  const seed = (from: number, to: number) =>
    changeContent(t.db, async (tx) => {
      await tx.execute(sql`insert into courses (id, portal_id, title, published, hidden, groups, index, date_created)
        select 'cat-' || lpad(u::text, 4, '0'), ${portal()}, jsonb_build_object('en', 'Catalogue course ' || u),
          u % 11 <> 0, u % 13 = 0, case when u % 17 = 0 then ${JSON.stringify([TEAM])}::jsonb else '[]'::jsonb end,
          u % 5, timestamptz '2026-01-01 00:00:00.000001+00' + (u % 7) * interval '1 microsecond'
        from generate_series(${from}::int, ${to}::int) u`);
    });

  /** Every course the catalogue must show, in its order (the whole list, read without a cursor). */
  async function expected(team: string | null): Promise<string[]> {
    const rows = await t.db
      .select({ id: courses.id })
      .from(courses)
      .where(
        and(
          eq(courses.portalId, portal()),
          eq(courses.published, true),
          eq(courses.hidden, false),
          sql`(${courses.groups} = '[]'::jsonb or ${courses.groups} @> jsonb_build_array(${team ?? ""}::text))`,
        ),
      )
      .orderBy(asc(courses.index), desc(courses.dateCreated), asc(courses.id));
    return rows.map((r) => r.id);
  }

  /** Walks GET /api/courses by nextCursor; the ids in reply order and each page's query count. */
  async function walkApi(browser: Browser, limit: number = LIMITS.courses) {
    const ids: string[] = [];
    const queries: number[] = [];
    let cursor: string | null = null;
    do {
      let n = 0;
      const stop = t.database.onQuery(() => n++);
      let page: TCourseListPage;
      try {
        page = json<TCourseListPage>(await browser.get(`/api/courses?lang=en&rel=all&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`));
      } finally {
        stop();
      }
      queries.push(n);
      ids.push(...page.courses.map((c) => c.id));
      expect(page.prevCursor === null).toBe(cursor === null);
      cursor = page.nextCursor;
      expect(queries.length).toBeLessThan(50);
    } while (cursor);
    return { ids, queries };
  }

  let member: Registered;
  let ssr: FastifyInstance;
  beforeAll(async () => {
    await seed(1, SMALL);
    member = await learner(t.app, t.db, { teamId: TEAM });
    ssr = await buildApp({ config: t.makeConfig({ PAGE_CACHE_MS: "0" }), database: t.database, ssr: true, logger: false });
  });
  afterAll(async () => {
    await ssr?.close();
  });

  it("costs as many queries a page at 250 courses as at 30, and reaches every course once, in order, for guests and members", async () => {
    await walkApi(guest()); // warms what a first request reads once (settings, language packs)
    await walkApi(member.browser);
    // A fresh content version: both measures read the catalogue from the database, not the cache.
    await changeContent(t.db, async () => undefined);
    const small = { guest: await walkApi(guest(), 10), member: await walkApi(member.browser, 10) };
    expect(small.guest.ids).toEqual(await expected(null));
    expect(small.member.ids).toEqual(await expected(TEAM));
    await seed(SMALL + 1, LARGE);
    const large = { guest: await walkApi(guest(), 10), member: await walkApi(member.browser, 10) };
    for (const [who, team] of [
      ["guest", null],
      ["member", TEAM],
    ] as const) {
      expect(large[who].ids).toEqual(await expected(team));
      expect(new Set(large[who].ids).size).toBe(large[who].ids.length);
      // First page, then pages after a cursor: each kind costs the same whatever the catalogue holds.
      expect(large[who].queries.length).toBeGreaterThan(small[who].queries.length);
      expect(large[who].queries[0]).toBe(small[who].queries[0]);
      expect(new Set(large[who].queries.slice(1))).toEqual(new Set(small[who].queries.slice(1)));
    }
    const all = await expected(TEAM);
    expect(large.member.ids.length).toBeGreaterThan(large.guest.ids.length);
    expect(all.filter((id) => id.startsWith("cat-")).length).toBeGreaterThan(200);
  });

  it("keeps drafts, hidden and other groups' courses out for guests, whatever the page", async () => {
    const { ids } = await walkApi(guest());
    const all = await t.db
      .select({ id: courses.id, published: courses.published, hidden: courses.hidden, groups: courses.groups })
      .from(courses)
      .where(like(courses.id, "cat-%"));
    const out = all.filter((r) => !r.published || r.hidden || r.groups.length > 0).map((r) => r.id);
    expect(out.length).toBeGreaterThan(30);
    for (const id of out) expect(ids).not.toContain(id);
    // The seed's limit per call is kept: 100 by default, the first page is what old callers got.
    const first = json<TCourseListPage>(await guest().get("/api/courses?lang=en"));
    expect(first.courses.map((c) => c.id)).toEqual(ids.slice(0, LIMITS.courses));
    expect(first.prevCursor).toBeNull();
  });

  it("goes back by prevCursor to the very pages it came through", async () => {
    const pages: TCourseListPage[] = [json<TCourseListPage>(await guest().get("/api/courses?lang=en&limit=40"))];
    while (pages.at(-1)!.nextCursor) {
      pages.push(json<TCourseListPage>(await guest().get(`/api/courses?lang=en&limit=40&cursor=${pages.at(-1)!.nextCursor}`)));
    }
    expect(pages.length).toBeGreaterThan(4);
    for (let i = pages.length - 1; i > 0; i--) {
      const back = json<TCourseListPage>(await guest().get(`/api/courses?lang=en&limit=40&before=${pages[i]!.prevCursor}`));
      expect(back.courses.map((c) => c.id)).toEqual(pages[i - 1]!.courses.map((c) => c.id));
      expect(back.nextCursor).toBe(pages[i - 1]!.nextCursor);
      expect(back.prevCursor).toBe(pages[i - 1]!.prevCursor);
    }
  });

  it("refuses malformed, forged, NUL, oversized and other viewers' cursors with 400, never a 500", async () => {
    const draft = "cat-0011"; // u % 11 = 0
    const hidden = "cat-0013"; // u % 13 = 0
    const teamOnly = "cat-0017"; // u % 17 = 0
    for (const q of [
      "cursor=abc",
      "cursor=1.",
      "cursor=1.a%2Fb",
      `cursor=1.${"a".repeat(121)}`,
      `cursor=${"x".repeat(5000)}`,
      "cursor=1.a&before=1.b",
      "cursor=1.a&cursor=1.b",
    ]) {
      expectError(await guest().get(`/api/courses?lang=en&${q}`), 400, "VALIDATION");
    }
    expectError(await guest().get("/api/courses?lang=en&cursor=1.a%00b"), 400, "VALIDATION");
    for (const id of ["no-such-course", draft, hidden, teamOnly]) {
      const e = expectError(await guest().get(`/api/courses?lang=en&cursor=1.${id}`), 400, "CURSOR-INVALID");
      expect(e.key).toBe("errors:codes.CURSOR_INVALID");
      expectError(await guest().get(`/api/courses?lang=en&before=1.${id}`), 400, "CURSOR-INVALID");
    }
    // The team's member may page from the team's course; an admin may page from a draft of the whole list.
    json(await member.browser.get(`/api/courses?lang=en&cursor=1.${teamOnly}`));
    const admin = await learner(t.app, t.db, { roles: ["disciple", "admin"] });
    json(await admin.browser.get(`/api/courses?lang=en&published=false&onlyMyGroups=false&exceptHidden=false&cursor=1.${draft}`));
    expectError(await admin.browser.get(`/api/courses?lang=en&cursor=1.${draft}`), 400, "CURSOR-INVALID");
  });

  describe("web catalogue", () => {
    const cardsOf = (html: string) => {
      const list = /data-testid="catalogue"[\s\S]*?<\/ul>/.exec(html)?.[0] ?? "";
      return [...list.matchAll(/<h2[^>]*>\s*<a[^>]*href="\/en\/courses\/([A-Za-z0-9_-]+)"/g)].map((m) => m[1]!);
    };
    const linkOf = (html: string, rel: "next" | "prev") => {
      const a = new RegExp(`<a[^>]*data-testid="catalogue-pages-${rel}"[^>]*>`).exec(html)?.[0];
      return a ? /href="([^"]+)"/.exec(a)![1]!.replaceAll("&amp;", "&") : null;
    };

    it("walks every course by its next links, CATALOGUE_PAGE_SIZE cards a page, with rel=next/prev and canonical addresses", async () => {
      const browser = new Browser(ssr);
      const seen: string[] = [];
      let url: string | null = "/en/courses/";
      let pages = 0;
      while (url) {
        const res = await browser.get(url);
        expect(res.statusCode, url).toBe(200);
        const cards = cardsOf(res.body);
        expect(cards.length).toBeGreaterThan(0);
        expect(cards.length).toBeLessThanOrEqual(CATALOGUE_PAGE_SIZE);
        seen.push(...cards);
        const next = linkOf(res.body, "next");
        if (pages === 0) {
          expect(res.body).toMatch(/<link rel="canonical" href="http:\/\/localhost:3000\/en\/courses\/"\/>/);
          expect(linkOf(res.body, "prev")).toBeNull();
          expect(res.body).not.toContain('rel="prev"');
        } else {
          expect(res.body).toContain(`<link rel="canonical" href="http://localhost:3000${url.replaceAll("&", "&amp;")}"/>`);
          expect(linkOf(res.body, "prev")).toMatch(/^\/en\/courses\/\?before=1\./);
          expect(res.body).toMatch(/<link rel="prev" href="http:\/\/localhost:3000\/en\/courses\/\?before=1\.[A-Za-z0-9_-]+"\/>/);
        }
        if (next) expect(res.body).toContain(`<link rel="next" href="http://localhost:3000${next}"/>`);
        url = next;
        pages++;
        expect(pages).toBeLessThan(60);
      }
      expect(seen).toEqual(await expected(null));
      expect(pages).toBe(Math.ceil(seen.length / CATALOGUE_PAGE_SIZE));
    });

    it("shows the pager in every language and answers a broken page link with the 404 page", async () => {
      const browser = new Browser(ssr);
      for (const [lang, next] of [
        ["en", "Next page"],
        ["tr", "Sonraki sayfa"],
        ["ar", "الصفحة التالية"],
        ["ru", "Следующая страница"],
      ] as const) {
        const res = await browser.get(`/${lang}/courses/`);
        expect(res.statusCode).toBe(200);
        expect(res.body).toContain(next);
      }
      for (const q of ["after=garbage", "after=1.no-such-course", "before=1.cat-0013", `after=1.${"a".repeat(300)}`, "after=1.a&before=1.b"]) {
        expect((await browser.get(`/en/courses/?${q}`)).statusCode, q).toBe(404);
      }
      // The microcourse list pages the same way.
      const after = await browser.get("/en/microcourse/?after=1.breathing-break");
      expect(after.statusCode).toBe(200);
      const listed = /data-testid="microcourse-list"[\s\S]*?<\/ul>/.exec(after.body)?.[0] ?? "";
      expect(listed).toContain('href="/en/microcourse/study-planner"');
      expect(listed).not.toContain('href="/en/microcourse/breathing-break"');
      expect(after.body).toContain('<link rel="canonical" href="http://localhost:3000/en/microcourse/?after=1.breathing-break"/>');
      expect(after.body).toMatch(/<a[^>]*data-testid="microcourse-pages-prev"/);
      expect((await browser.get("/en/microcourse/?after=1.no-such-one")).statusCode).toBe(404);
      // A NUL byte is refused before any page is rendered, as on every address.
      expect((await browser.get("/en/courses/?after=1.a%00b")).statusCode).toBe(400);
    });
  });
});
