/**
 * A learner's list of courses is paged by a keyset cursor (issue 30): walking it returns each course
 * once in order, the tabs filter in SQL, and a page costs the same queries however many courses the
 * learner has (it loaded every course, and each one's records, one after another).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { describeEachDatabase } from "../../../../tests/setup/databases";
import { Browser, expectError, json } from "../../../../tests/support/http";
import { listOrder, seedLearnerCourses, type SeededCourse } from "../../../../tests/support/progress-seed";
import { learner, type Registered } from "../../../../tests/support/sign-in";
import { ZUserProgress, type TUserProgress } from "../../../domain/progress";
import { LIMITS } from "../../../domain/constants";
import { changeContent } from "../../platform/content-version";

const MANY = 120;
const FEW = 20;

describeEachDatabase("progress API: a learner's courses page by page", (t) => {
  let big: Registered;
  let small: Registered;
  let admin: Registered;
  let seeded: SeededCourse[];
  beforeAll(async () => {
    [big, small, admin] = [await learner(t.app, t.db), await learner(t.app, t.db), await learner(t.app, t.db, { roles: ["admin"] })];
    const portalId = t.config.PORTAL_ID;
    seeded = await seedLearnerCourses(t.db, { portalId, userId: big.userId, prefix: "pz", count: MANY, unpublishedEvery: 40 });
    await seedLearnerCourses(t.db, { portalId, userId: small.userId, prefix: "pz", count: FEW, unpublishedEvery: 40 });
  });

  const page = async (b: Browser, query: string) => {
    const res = await b.get(`/api/progress?lang=en&${query}`);
    const body = json<TUserProgress>(res);
    expect(ZUserProgress.safeParse(body).success).toBe(true);
    return body;
  };
  /** Every page of a tab, following nextCursor. */
  const walk = async (b: Browser, query: string) => {
    const pages: TUserProgress[] = [];
    let after: string | null = "";
    while (after !== null && pages.length < 50) {
      const p = await page(b, `${query}${after ? `&after=${encodeURIComponent(after)}` : ""}`);
      pages.push(p);
      after = p.nextCursor;
    }
    return pages;
  };
  const published = () => listOrder(seeded.filter((c) => c.published));

  it("walks every published course once, newest activity first, microsecond ties included", async () => {
    const pages = await walk(big.browser, "tab=all&limit=20");
    const ids = pages.flatMap((p) => p.courses.map((c) => c.courseId));
    expect(ids).toEqual(published().map((c) => c.courseId));
    expect(new Set(ids).size).toBe(ids.length);
    expect(pages).toHaveLength(Math.ceil(ids.length / 20));
    expect(pages.slice(0, -1).every((p) => p.courses.length === 20 && p.nextCursor !== null)).toBe(true);
    expect(pages.at(-1)!.nextCursor).toBeNull();
    expect(pages[0]).toMatchObject({ userId: big.userId, recordId: `${t.config.PORTAL_ID}:${big.userId}`, tab: "all" });
  });

  it("keeps counts and markers right: hidden elements count for nothing", async () => {
    const [first] = await walk(big.browser, "tab=all&limit=100");
    const byId = new Map(first.courses.map((c) => [c.courseId, c]));
    for (const s of published().slice(0, 100)) {
      const c = byId.get(s.courseId)!;
      expect(c.title).toBe(`Paged course ${s.u}`);
      if (s.kind === "finished") expect(c).toMatchObject({ doneCount: 3, total: 3, openedElement: { id: `${s.courseId}-e1`, name: "finished", number: 1 } });
      if (s.kind === "continue") expect(c).toMatchObject({ doneCount: 1, total: 3, openedElement: { id: `${s.courseId}-e2`, name: "continue", number: 2 } });
      if (s.kind === "start") expect(c).toMatchObject({ doneCount: 0, total: 3, openedElement: { id: `${s.courseId}-e1`, name: "start" } });
    }
  });

  it("filters by tab in the query: finished, active, and the default all", async () => {
    const finished = (await walk(big.browser, "tab=finished&limit=7")).flatMap((p) => p.courses);
    expect(finished.map((c) => c.courseId)).toEqual(
      published()
        .filter((c) => c.kind === "finished")
        .map((c) => c.courseId),
    );
    const active = (await walk(big.browser, "tab=active&limit=33")).flatMap((p) => p.courses);
    expect(active.map((c) => c.courseId)).toEqual(
      published()
        .filter((c) => c.kind !== "finished")
        .map((c) => c.courseId),
    );
    const first = await page(big.browser, "");
    expect(first.tab).toBe("all");
    expect(first.courses).toHaveLength(LIMITS.progressPage);
  });

  it("shows an admin reading the learner the courses unpublished since too", async () => {
    const ids = (await walk(admin.browser, `userId=${big.userId}&limit=100`)).flatMap((p) => p.courses.map((c) => c.courseId));
    expect(ids).toEqual(listOrder(seeded).map((c) => c.courseId));
  });

  /** The queries made while answering one page, and the page. */
  async function pageCost(b: Browser, query: string) {
    let queries = 0;
    const stop = t.database.onQuery(() => queries++);
    try {
      return { page: await page(b, query), queries };
    } finally {
      stop();
    }
  }

  it("costs as many queries for a page of 120 courses' learner as of 20 courses', on any page and at any limit", async () => {
    // Warms what a first request reads once (settings, session, the courses' elements in the content cache).
    await walk(big.browser, "limit=100");
    await walk(small.browser, "limit=100");
    const few = await pageCost(small.browser, "limit=20");
    const many = await pageCost(big.browser, "limit=20");
    const later = await pageCost(big.browser, `limit=20&after=${encodeURIComponent(many.page.nextCursor!)}`);
    const wide = await pageCost(big.browser, "limit=100");
    expect(few.page.courses.length).toBeGreaterThan(15);
    expect(many.page.courses).toHaveLength(20);
    expect(wide.page.courses).toHaveLength(100);
    expect(many.queries).toBe(few.queries);
    expect(later.queries).toBe(few.queries);
    expect(wide.queries).toBe(few.queries);
    // The page with its counts, and its element states: 2 (plus the session's reads, when not cached).
    expect(few.queries).toBeLessThanOrEqual(3);
  });

  it("reads the elements of a page's courses in one query when the content cache has none of them", async () => {
    // A content change empties the cache: the next page reads its courses' elements (and the settings) again.
    await changeContent(t.db, async () => {});
    const narrow = await pageCost(big.browser, "limit=20");
    await changeContent(t.db, async () => {});
    const wide = await pageCost(big.browser, "limit=100");
    expect(wide.page.courses).toHaveLength(100);
    expect(wide.queries).toBe(narrow.queries);
  });

  describe("attacks", () => {
    it.each([
      ["malformed", "not-a-cursor"],
      ["a course id alone", "pz-c001"],
      ["a negative time", "-1.pz-c001"],
      ["a time past any timestamp", "99999999999999999.pz-c001"],
      ["a quote", "1.pz'c001"],
      ["oversized", `1.${"a".repeat(900)}`],
      ["SQL", "1.x') or 1=1 --"],
    ])("a %s cursor is 400 PROGRESS-CURSOR-INVALID", async (_name, cursor) => {
      const e = expectError(await big.browser.get(`/api/progress?lang=en&after=${encodeURIComponent(cursor)}`), 400, "PROGRESS-CURSOR-INVALID");
      expect(e.key).toBe("errors:codes.PROGRESS_CURSOR_INVALID");
    });

    it.each([
      ["a NUL byte", "after=1.pz%00"],
      ["a cursor past the query bound", `after=${"1".repeat(5000)}`],
      ["limit 0", "limit=0"],
      ["a limit past the maximum", `limit=${LIMITS.progressPageMax + 1}`],
      ["a limit that is no number", "limit=ten"],
      ["an unknown tab", "tab=elsewhere"],
    ])("%s is 400, never 500", async (_name, query) => {
      const res = await big.browser.get(`/api/progress?lang=en&${query}`);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.code).toMatch(/^(VALIDATION|PROGRESS-CURSOR-INVALID)$/);
    });

    it("a well-formed cursor of any position only pages: past the end an empty page", async () => {
      expect(await page(big.browser, "after=0.zzz")).toMatchObject({ courses: [], nextCursor: null });
      const forged = await page(big.browser, `after=${encodeURIComponent(`9999999999999999.zzz`)}&limit=5`);
      expect(forged.courses.map((c) => c.courseId)).toEqual(
        published()
          .slice(0, 5)
          .map((c) => c.courseId),
      );
    });

    it("another learner's list stays refused, and a guest's", async () => {
      expectError(await small.browser.get(`/api/progress?lang=en&userId=${big.userId}`), 403, "AUTH-DENY");
      expectError(await small.browser.get(`/api/progress?lang=en&userId=${big.userId}&after=0.zzz`), 403, "AUTH-DENY");
      expectError(await new Browser(t.app).get("/api/progress?lang=en&tab=all"), 401, "UNAUTHORIZED");
    });
  });
});
