/**
 * Awards and completion gifts (docs/decisions/0038): granted once however many finishes race, asked
 * for once however many requests race, refused with typed errors to everybody who may not have them.
 */
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeEachDatabase } from "../../../../tests/setup/databases";
import { Browser, expectError, json, sleep } from "../../../../tests/support/http";
import { startSmtp, type SmtpSink } from "../../../../tests/support/mail";
import { answerFor, definitionOf, takeTest, url } from "../../../../tests/support/assessments";
import { mentor } from "../../../../tests/support/chat";
import { register, sessionBrowser, type Registered } from "../../../../tests/support/sign-in";
import { ZSubmitReply, type TTestState } from "../../../domain/assessment/public";
import { ZFinishReply } from "../../../domain/progress";
import { ZMyRewards, ZReceivedGift, type TCourseGift } from "../../../domain/rewards";
import { upsertElementTest } from "../../db/seed/assessment-factories";
import { upsertCourse, upsertElement } from "../../db/seed/course-factories";
import { DEMO_AWARD, DEMO_FULL_MARKS_AWARD } from "../../db/seed/demo-rewards";
import { courseGifts, giftReceipts, userAwards } from "../../db/schema/rewards";
import { users } from "../../db/schema/users";
import { changeContent } from "../../platform/content-version";

describeEachDatabase("awards and completion gifts", (t) => {
  let smtp: SmtpSink;
  let app: FastifyInstance;
  beforeAll(async () => {
    smtp = await startSmtp();
    app = await t.buildApp({ SMTP_URL: smtp.url });
  });
  afterAll(async () => smtp?.close());

  /** A free sequential course of two lessons, with a gift when one is given. */
  async function course(gift?: TCourseGift) {
    const c = await upsertCourse(t.db, { portalId: t.config.PORTAL_ID, title: { en: "Two steps", ar: "خطوتان" } });
    const first = await upsertElement(t.db, { courseId: c.id, type: "lesson", title: { en: "One" }, index: 0, visible: true });
    const last = await upsertElement(t.db, { courseId: c.id, type: "lesson", title: { en: "Two" }, index: 1, visible: true });
    if (gift)
      await changeContent(t.db, async (tx) => {
        await tx.insert(courseGifts).values({ courseId: c.id, gift });
      });
    return { id: c.id, first: first.id, last: last.id };
  }
  const finish = (b: Browser, elementId: string) => b.post(`/api/progress/elements/${elementId}/finish`);
  async function finishCourse(l: { browser: Browser }, c: { first: string; last: string }) {
    expect((await finish(l.browser, c.first)).statusCode).toBe(200);
    return ZFinishReply.parse(json(await finish(l.browser, c.last)));
  }
  const giftLetters = (to: string) => smtp.messages.filter((m) => m.rcptTo.includes(to) && m.text.includes("/demo/gifts/"));
  const held = (userId: string) => t.db.select().from(userAwards).where(eq(userAwards.userId, userId));
  const FILE_GIFT: TCourseGift = { kind: "file", title: { en: "Checklist", ar: "قائمة" }, url: "/demo/gifts/reading-checklist.pdf" };

  describe("awards", () => {
    it("grants the award when the last element is finished, names it in the finish reply, and lists it in the learner's language", async () => {
      const c = await course();
      const l = await register(app);
      const before = ZFinishReply.parse(json(await finish(l.browser, c.first)));
      expect(before).toMatchObject({ courseFinished: false, awards: [] });
      const done = ZFinishReply.parse(json(await finish(l.browser, c.last)));
      expect(done).toMatchObject({ courseFinished: true, awards: [{ awardId: DEMO_AWARD.id, courseId: c.id }] });
      const mine = ZMyRewards.parse(json(await l.browser.get("/api/rewards/mine?lang=ar")));
      expect(mine.awards).toEqual([
        expect.objectContaining({
          awardId: "first-finish",
          title: DEMO_AWARD.title.ar,
          description: DEMO_AWARD.description.ar,
          badge: "trophy",
          courseId: c.id,
        }),
      ]);
      // Finishing the finished course again grants nothing new.
      expect(ZFinishReply.parse(json(await finish(l.browser, c.last))).awards).toEqual([]);
      expect(await held(l.userId)).toHaveLength(1);
    });

    it("grants an award once when ten finishes of the last element race", async () => {
      const c = await course();
      const l = await register(app);
      expect((await finish(l.browser, c.first)).statusCode).toBe(200);
      const replies = await Promise.all(Array.from({ length: 10 }, () => finish(l.browser, c.last)));
      for (const r of replies) expect(r.statusCode, r.body).toBe(200);
      const granted = replies.flatMap((r) => ZFinishReply.parse(r.json()).awards);
      expect(granted).toEqual([{ awardId: DEMO_AWARD.id, courseId: c.id }]);
      expect(await held(l.userId)).toHaveLength(1);
    });

    it("an anonymous session holds the awards it earns; another learner sees none of them", async () => {
      const c = await course();
      const s = await sessionBrowser(app);
      expect((await finishCourse(s, c)).awards).toHaveLength(1);
      expect(ZMyRewards.parse(json(await s.browser.get("/api/rewards/mine?lang=en"))).awards).toHaveLength(1);
      const other = await register(app);
      expect(json(await other.browser.get("/api/rewards/mine?lang=en"))).toEqual({ awards: [], gifts: [], offered: [] });
    });

    it("refuses a guest (403 REGISTRATION-REQUIRED), a bad token (401) and a bad language (400)", async () => {
      expectError(await new Browser(app).get("/api/rewards/mine?lang=en"), 403, "REGISTRATION-REQUIRED");
      expectError(await app.inject({ method: "GET", url: "/api/rewards/mine?lang=en", headers: { authorization: "Bearer nope" } }), 401, "TOKEN-BAD");
      const l = await register(app);
      expectError(await l.browser.get("/api/rewards/mine?lang=e%00n"), 400, "VALIDATION");
      expectError(await l.browser.get("/api/rewards/mine"), 400, "VALIDATION");
    });
  });

  describe("a test passed with full marks", () => {
    const FULL = DEMO_FULL_MARKS_AWARD.id;
    const choice = (id: string, correct: string) => ({
      id,
      kind: "single" as const,
      text: { en: `${id}?` },
      variants: [
        { id: "y", text: { en: "yes" } },
        { id: "n", text: { en: "no" } },
      ],
      correct: [correct],
    });
    /** A course of its own (any element open) with `count` tests of two questions, pass mark 50. */
    async function testCourse(count = 1) {
      const c = await upsertCourse(t.db, { portalId: t.config.PORTAL_ID, title: { en: "Tests" }, arbitraryWalkthrough: true, published: true });
      const tests: string[] = [];
      for (let i = 0; i < count; i++) {
        const e = await upsertElement(t.db, { courseId: c.id, type: "test", title: { en: `Test ${i}` }, index: i, visible: true });
        await upsertElementTest(t.db, e.id, { passMark: 50, questions: [choice("a", "y"), choice("b", "n")] });
        tests.push(e.id);
      }
      return { id: c.id, tests };
    }
    /** Starts the test and answers every question (right or not) without submitting. */
    async function answered(l: { browser: Browser }, elementId: string, right = true) {
      const def = await definitionOf(t.db, elementId);
      const st = json<TTestState>(await l.browser.post(url.start(elementId)));
      for (const q of def.questions) json(await l.browser.post(url.answer(st.session!), answerFor(q, right)));
      return st.session!;
    }
    const submit = (l: { browser: Browser }, attemptId: string) => l.browser.post(url.submit(attemptId));

    it("grants the award once, names it in the submit reply, and lists it in the learner's language", async () => {
      const c = await testCourse(2);
      const l = await register(app);
      const first = ZSubmitReply.parse(json(await submit(l, await answered(l, c.tests[0]))));
      expect(first.result).toMatchObject({ passed: true, score: 100 });
      expect(first.awards).toEqual([{ awardId: FULL, courseId: c.id }]);
      // Asked again, the same result and no award named; full marks in another test grant nothing new.
      expect(ZSubmitReply.parse(json(await submit(l, first.state.session!))).awards).toEqual([]);
      expect((await takeTest(t.db, l.browser, c.tests[1])).awards).toEqual([]);
      const mine = ZMyRewards.parse(json(await l.browser.get("/api/rewards/mine?lang=ar")));
      expect(mine.awards).toEqual([
        expect.objectContaining({
          awardId: FULL,
          title: DEMO_FULL_MARKS_AWARD.title.ar,
          description: DEMO_FULL_MARKS_AWARD.description.ar,
          badge: "trophy",
          courseId: c.id,
        }),
      ]);
      expect(await held(l.userId)).toHaveLength(1);
    });

    it("ten parallel full-mark submissions (of one attempt, and of several tests) make one award row, named in one reply", async () => {
      const c = await testCourse(3);
      const l = await register(app);
      const attempt = await answered(l, c.tests[0]);
      const others = await Promise.all(c.tests.slice(1).map((e) => answered(l, e)));
      const replies = await Promise.all([...Array.from({ length: 8 }, () => submit(l, attempt)), ...others.map((a) => submit(l, a))]);
      for (const r of replies) expect(r.statusCode, r.body).toBe(200);
      const named = replies.flatMap((r) => ZSubmitReply.parse(r.json()).awards);
      expect(named).toEqual([{ awardId: FULL, courseId: c.id }]);
      expect(await held(l.userId)).toEqual([expect.objectContaining({ awardId: FULL, courseId: c.id })]);
    });

    it("a pass below full marks, and a failed test, grant nothing", async () => {
      const c = await testCourse();
      const l = await register(app);
      const half = await takeTest(t.db, l.browser, c.tests[0], 1);
      expect(half.result).toMatchObject({ passed: true, score: 50 });
      expect(half.awards).toEqual([]);
      const other = await register(app);
      const failed = ZSubmitReply.parse(json(await submit(other, await answered(other, c.tests[0], false))));
      expect(failed).toMatchObject({ result: { passed: false, score: 0 }, awards: [] });
      expect(await held(l.userId)).toEqual([]);
      expect(await held(other.userId)).toEqual([]);
    });

    it("a mentor's review that completes an attempt with full marks grants the learner's award; one that does not grants nothing", async () => {
      const PLAN = "lh-plan";
      async function awaiting() {
        const l = await register(app);
        const st = json<TTestState>(await l.browser.post(url.start(PLAN)));
        json(await l.browser.post(url.answer(st.session!), { questionId: "size", variants: ["tiny"] }));
        json(await l.browser.post(url.answer(st.session!), { questionId: "plan", text: "After breakfast I read one page." }));
        const sub = ZSubmitReply.parse(json(await submit(l, st.session!)));
        expect(sub).toMatchObject({ result: { passed: null }, awards: [] });
        return { l, attemptId: st.session! };
      }
      const m = await mentor(app, t.database, t.config.PORTAL_ID);
      const good = await awaiting();
      expect(await held(good.l.userId)).toEqual([]);
      const review = (attemptId: string, passed: boolean) => m.browser.post(`/api/assessments/reviews/${attemptId}/plan`, { passed, comment: "Seen." });
      expect(json(await review(good.attemptId, true))).toMatchObject({ status: "graded", score: 100, passed: true });
      expect(await held(good.l.userId)).toEqual([expect.objectContaining({ awardId: FULL, courseId: "lasting-habits" })]);
      // The mentor earns nothing by reviewing.
      expect(await held(m.userId)).toEqual([]);
      const mine = ZMyRewards.parse(json(await good.l.browser.get("/api/rewards/mine?lang=en")));
      expect(mine.awards.map((a) => a.awardId)).toEqual([FULL]);

      const poor = await awaiting();
      expect(json(await review(poor.attemptId, false))).toMatchObject({ status: "graded", score: 50, passed: false });
      expect(await held(poor.l.userId)).toEqual([]);
    });

    it("a guest cannot submit, nor another learner submit someone's full-mark attempt; neither is granted anything", async () => {
      const c = await testCourse();
      const owner = await register(app);
      const attempt = await answered(owner, c.tests[0]);
      expectError(await submit({ browser: new Browser(app) }, attempt), 403, "REGISTRATION-REQUIRED");
      const other = await register(app);
      expectError(await submit(other, attempt), 404, "TEST-ATTEMPT-NOT-FOUND");
      const s = await sessionBrowser(app);
      expectError(await submit(s, attempt), 404, "TEST-ATTEMPT-NOT-FOUND");
      expectError(await submit(other, "tat_bad\u0000id"), 400, "VALIDATION");
      expect(await held(other.userId)).toEqual([]);
      expect(await held(s.userId)).toEqual([]);
      // The owner's attempt was not submitted by anyone else: nothing is held until the owner submits.
      expect(await held(owner.userId)).toEqual([]);
      expect(ZSubmitReply.parse(json(await submit(owner, attempt))).awards).toEqual([{ awardId: FULL, courseId: c.id }]);
    });
  });

  describe("gift request", () => {
    const ask = (l: { browser: Browser }, courseId: string, lang = "en") => l.browser.post(`/api/courses/${encodeURIComponent(courseId)}/gift?lang=${lang}`);
    const receipts = (userId: string) => t.db.select().from(giftReceipts).where(eq(giftReceipts.userId, userId));

    it("gives a finished learner the course's file gift once, in the profile and by one letter", async () => {
      const c = await course(FILE_GIFT);
      const l = await register(app, { firstName: "Leyla" });
      expect(json<{ offered: unknown[] }>(await l.browser.get("/api/rewards/mine?lang=ar")).offered).toEqual([]);
      await finishCourse(l, c);
      expect(json<{ offered: unknown[] }>(await l.browser.get("/api/rewards/mine?lang=ar")).offered).toEqual([
        { courseId: c.id, courseTitle: "خطوتان", kind: "file", title: "قائمة" },
      ]);
      const gift = ZReceivedGift.parse(json(await ask(l, c.id, "ar")));
      expect(gift).toMatchObject({ courseId: c.id, courseTitle: "خطوتان", kind: "file", title: "قائمة", link: FILE_GIFT.url });
      const letter = await smtp.waitFor(l.email, 5_000, FILE_GIFT.url);
      expect(letter.subject).toContain("خطوتان");
      expect(letter.text).toMatch(/https?:\/\/[^\s]+\/demo\/gifts\/reading-checklist\.pdf/);
      // Asked again: the same gift, no second letter.
      expect(json(await ask(l, c.id, "ar"))).toEqual(gift);
      expect(json(await l.browser.get("/api/rewards/mine?lang=ar"))).toMatchObject({ gifts: [gift], offered: [] });
      await sleep(300);
      expect(giftLetters(l.email)).toHaveLength(1);
    });

    it("twenty racing requests store one receipt and send one letter", async () => {
      const c = await course(FILE_GIFT);
      const l = await register(app);
      await finishCourse(l, c);
      const replies = await Promise.all(Array.from({ length: 20 }, () => ask(l, c.id)));
      for (const r of replies) expect(r.statusCode, r.body).toBe(200);
      expect(new Set(replies.map((r) => r.body)).size).toBe(1);
      expect(await receipts(l.userId)).toHaveLength(1);
      await smtp.waitFor(l.email, 5_000, "/demo/gifts/");
      await sleep(300);
      expect(giftLetters(l.email)).toHaveLength(1);
    });

    it("a course gift opens the other course for the learner in the receipt's transaction", async () => {
      const c = await course({ kind: "course", title: { en: "A second course" }, courseId: "confident-speaking" });
      const l = await register(app);
      await finishCourse(l, c);
      const gift = ZReceivedGift.parse(json(await ask(l, c.id)));
      expect(gift).toMatchObject({ kind: "course", link: "/en/courses/confident-speaking" });
      const [row] = await t.db.select({ ordered: users.orderedCourses }).from(users).where(eq(users.id, l.userId));
      expect(row?.ordered).toContain("confident-speaking");
    });

    it("refuses before the course is finished (409 COURSE-NOT-FINISHED) and stores nothing", async () => {
      const c = await course(FILE_GIFT);
      const l = await register(app);
      expect((await finish(l.browser, c.first)).statusCode).toBe(200);
      expectError(await ask(l, c.id), 409, "COURSE-NOT-FINISHED");
      expect(await receipts(l.userId)).toEqual([]);
    });

    it("refuses a course without a gift (404 GIFT-NOT-OFFERED) and an unknown course (404)", async () => {
      const c = await course();
      const l = await register(app);
      await finishCourse(l, c);
      expectError(await ask(l, c.id), 404, "GIFT-NOT-OFFERED");
      expect((await ask(l, "no-such-course")).statusCode).toBe(404);
    });

    it("refuses a guest, an anonymous session, another learner's finish, and malformed ids", async () => {
      const c = await course(FILE_GIFT);
      expectError(await ask({ browser: new Browser(app) }, c.id), 403, "REGISTRATION-REQUIRED");
      const s = await sessionBrowser(app);
      await finishCourse(s, c);
      expectError(await ask(s, c.id), 403, "REGISTRATION-REQUIRED");
      // Another learner's finished course does not count for this one.
      const finisher: Registered = await register(app);
      await finishCourse(finisher, c);
      const other = await register(app);
      expectError(await ask(other, c.id), 409, "COURSE-NOT-FINISHED");
      expectError(await ask(other, "bad%00id"), 400, "VALIDATION");
      // Longer than any id the router takes: no such route.
      expectError(await ask(other, "x".repeat(500)), 404, "NOT-FOUND");
      expectError(await ask(other, c.id, "xx-"), 400, "VALIDATION");
      const rows = await t.db
        .select()
        .from(giftReceipts)
        .where(and(eq(giftReceipts.courseId, c.id), eq(giftReceipts.userId, other.userId)));
      expect(rows).toEqual([]);
    });
  });
});
