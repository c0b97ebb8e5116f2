import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { describeEachDatabase } from "../../../../tests/setup/databases";
import { answerFor, definitionOf, takeTest, url } from "../../../../tests/support/assessments";
import { Browser, expectError, json } from "../../../../tests/support/http";
import { mentor } from "../../../../tests/support/chat";
import { learner, register, sessionBrowser } from "../../../../tests/support/sign-in";
import { notifications } from "../../db/schema/chat";
import { ZAnswerReply, ZReviewList, ZSubmitReply, ZTestState, type TTestState } from "../../../domain/assessment/public";
import { testAnswers, testAttempts, testResults } from "../../db/schema/assessments";
import { users } from "../../db/schema/users";
import { upsertElementTest } from "../../db/seed/assessment-factories";
import { upsertCourse, upsertElement } from "../../db/seed/course-factories";

const CHECK = "rf-check-main-idea";
const FINAL = "rf-final-check";

/** Walks a new learner to the first test of the reading course. */
async function atCheck(b: Browser) {
  for (const id of ["rf-slow-reading", "rf-main-idea"]) json(await b.post(`/api/progress/elements/${id}/finish`));
}

/** Every text of a definition that only an answered question may show: correct ids' feedback, accepted answers, explanations. */
function secretsOf(def: Awaited<ReturnType<typeof definitionOf>>) {
  // Long enough not to occur by chance (a "12" sits in any timestamp).
  return def.questions.flatMap((q) => [...q.accepted, ...Object.values(q.explanation), ...Object.values(q.feedback.correct)]).filter((s) => s.length >= 5);
}

function expectNoAnswers(body: string, secrets: string[]) {
  for (const s of secrets) expect(body, `leaks "${s}"`).not.toContain(s);
  expect(body).not.toMatch(/"(correct|accepted|correctVariants)"\s*:/);
}

describeEachDatabase("assessments API", (t) => {
  /** A course of its own with one open test (arbitrary walkthrough), for retake rules. */
  async function ownTest(def: Parameters<typeof upsertElementTest>[2]) {
    const c = await upsertCourse(t.db, { portalId: t.config.PORTAL_ID, title: { en: "T" }, arbitraryWalkthrough: true, published: true });
    const e = await upsertElement(t.db, { courseId: c.id, type: "test", title: { en: "Quiz" }, index: 0 });
    await upsertElementTest(t.db, e.id, def);
    return e.id;
  }
  const twoQuestions = (extra: Record<string, unknown> = {}) => ({
    passMark: 100,
    questions: [
      {
        id: "a",
        kind: "single" as const,
        text: { en: "A?" },
        variants: [
          { id: "y", text: { en: "yes" } },
          { id: "n", text: { en: "no" } },
        ],
        correct: ["y"],
      },
      {
        id: "b",
        kind: "single" as const,
        text: { en: "B?" },
        variants: [
          { id: "y", text: { en: "yes" } },
          { id: "n", text: { en: "no" } },
        ],
        correct: ["n"],
      },
    ],
    ...extra,
  });

  describe("correct answers stay on the server until answered", () => {
    it("the state, the start, the element and its page carry no correct answer; an answer shows only its own", async () => {
      const l = await learner(t.app, t.db);
      await atCheck(l.browser);
      const def = await definitionOf(t.db, CHECK);
      const secrets = secretsOf(def);
      const before = await l.browser.get(url.state(CHECK));
      expect(ZTestState.parse(before.json())).toMatchObject({ mode: "start", session: null, list: [] });
      const started = await l.browser.post(url.start(CHECK));
      const state = ZTestState.parse(json<TTestState>(started));
      expect(state).toMatchObject({ mode: "question", activeStep: 0, nextStep: 1, isComplete: false, verificationType: "automatic", passMark: 75 });
      expect(state.list.map((q) => q.kind)).toEqual(["single", "multiple", "text", "image"]);
      expect(state.list[3].variants[0].image).toEqual({ url: "/demo/blocks/gallery-reading-room.svg", alt: "A reading room with shelves and a lamp" });
      for (const body of [
        before.body,
        started.body,
        (await l.browser.get(`/api/elements/${CHECK}?lang=en`)).body,
        (await l.browser.get(`/api/pages/by-model/element/${CHECK}?lang=en`)).body,
        (await l.browser.get(url.state(CHECK, "ar"))).body,
      ]) {
        expectNoAnswers(body, secrets);
      }
      // Answering the first question shows its feedback and correct variants, and nothing of the others.
      const q0 = def.questions[0];
      const r = ZAnswerReply.parse(json(await l.browser.post(url.answer(state.session!), answerFor(q0, false))));
      expect(r.feedback).toMatchObject({ questionId: q0.id, correct: false, feedback: "Not quite.", correctVariants: q0.correct });
      expect(r.feedback.explanation).toBe(q0.explanation.en);
      expect(r.state.answers.map((a) => a.questionId)).toEqual([q0.id]);
      expect(r.state).toMatchObject({ activeStep: 1, nextStep: 2 });
      const rest = def.questions.slice(1);
      const after = (await l.browser.get(url.state(CHECK))).body;
      for (const q of rest) for (const s of [...q.accepted, ...Object.values(q.explanation)]) expect(after).not.toContain(s);
    });
  });

  describe("refusals are typed and write nothing", () => {
    it("a locked test, a guest, a session user, a lesson, an unbought course", async () => {
      const l = await learner(t.app, t.db);
      expectError(await l.browser.post(url.start(CHECK)), 403, "ELEMENT-LOCKED");
      expectError(await new Browser(t.app).post(url.start(CHECK)), 403, "REGISTRATION-REQUIRED");
      expectError(await new Browser(t.app).get(url.state(CHECK)), 403, "REGISTRATION-REQUIRED");
      const s = await sessionBrowser(t.app);
      expectError(await s.browser.post(url.start(CHECK)), 403, "REGISTRATION-REQUIRED");
      expectError(await l.browser.post(url.start("rf-slow-reading")), 404, "TEST-NOT-FOUND");
      expectError(await l.browser.post(url.start("cs-checklist")), 403, "COURSE-NOT-BOUGHT");
      expectError(await l.browser.post(url.start("no-such-element")), 404, "ELEMENT-NOT-RECEIVED");
      const rows = await t.db.select().from(testAttempts).where(eq(testAttempts.userId, l.userId));
      expect(rows).toEqual([]);
    });

    it("another learner's attempt is not found, for answers and submissions alike", async () => {
      const a = await learner(t.app, t.db);
      const b = await learner(t.app, t.db);
      await atCheck(a.browser);
      await atCheck(b.browser);
      const st = json<TTestState>(await a.browser.post(url.start(CHECK)));
      const def = await definitionOf(t.db, CHECK);
      expectError(await b.browser.post(url.answer(st.session!), answerFor(def.questions[0], true)), 404, "TEST-ATTEMPT-NOT-FOUND");
      expectError(await b.browser.post(url.submit(st.session!)), 404, "TEST-ATTEMPT-NOT-FOUND");
      expectError(await new Browser(t.app).post(url.submit(st.session!)), 403, "REGISTRATION-REQUIRED");
      expect(await t.db.select().from(testAnswers).where(eq(testAnswers.attemptId, st.session!))).toEqual([]);
    });

    it("malformed answers: NUL bytes, oversized, wrong kinds, unknown ids, a second answer", async () => {
      const l = await learner(t.app, t.db);
      await atCheck(l.browser);
      const st = json<TTestState>(await l.browser.post(url.start(CHECK)));
      const a = url.answer(st.session!);
      expectError(await l.browser.post(a, { questionId: "words", text: "twel\u0000ve" }), 400, "VALIDATION");
      expectError(await l.browser.post(a, { questionId: "words", text: "x".repeat(2001) }), 400, "VALIDATION");
      expectError(await l.browser.post(a, { questionId: "words", text: "x".repeat(20_000) }), 413, "PAYLOAD-TOO-LARGE");
      expectError(await l.browser.post(a, { questionId: "words", variants: ["edges"] }), 400, "TEST-ANSWER-INVALID");
      expectError(await l.browser.post(a, { questionId: "where", text: "edges" }), 400, "TEST-ANSWER-INVALID");
      expectError(await l.browser.post(a, { questionId: "where", variants: ["edges", "middle"] }), 400, "TEST-ANSWER-INVALID");
      expectError(await l.browser.post(a, { questionId: "where", variants: ["nope"] }), 400, "TEST-ANSWER-INVALID");
      expectError(await l.browser.post(a, { questionId: "nope", variants: ["edges"] }), 400, "TEST-ANSWER-INVALID");
      expectError(await l.browser.post(a, { questionId: "where", variants: "edges" }), 400, "VALIDATION");
      expectError(await l.browser.post(a, { questionId: "where", variants: ["edges"], extra: 1 }), 400, "VALIDATION");
      expectError(await l.browser.post(a, "not json", { "content-type": "application/json" }), 400, "VALIDATION");
      expectError(await l.browser.post(url.answer("tat_bad\u0000id"), { questionId: "where", variants: ["edges"] }), 400, "VALIDATION");
      expect(await t.db.select().from(testAnswers).where(eq(testAnswers.attemptId, st.session!))).toEqual([]);
      json(await l.browser.post(a, { questionId: "where", variants: ["edges"] }));
      expectError(await l.browser.post(a, { questionId: "where", variants: ["middle"] }), 409, "TEST-ALREADY-ANSWERED");
      expectError(await l.browser.post(url.submit(st.session!)), 409, "TEST-INCOMPLETE");
      const stored = await t.db.select().from(testAnswers).where(eq(testAnswers.attemptId, st.session!));
      expect(stored).toHaveLength(1);
      expect(stored[0]).toMatchObject({ questionId: "where", variants: ["edges"], correct: true });
    });
  });

  describe("submitting", () => {
    it("grades on the server and makes the seed's test result; 50 parallel submissions count once", async () => {
      const l = await learner(t.app, t.db);
      await atCheck(l.browser);
      const def = await definitionOf(t.db, CHECK);
      const st = json<TTestState>(await l.browser.post(url.start(CHECK)));
      for (const [i, q] of def.questions.entries()) json(await l.browser.post(url.answer(st.session!), answerFor(q, i !== 1)));
      const replies = await Promise.all(Array.from({ length: 50 }, () => l.browser.post(url.submit(st.session!))));
      const ids = new Set(replies.map((r) => ZSubmitReply.parse(json(r)).result.id));
      expect(ids.size).toBe(1);
      const rows = await t.db.select().from(testResults).where(eq(testResults.attemptId, st.session!));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        dialogId: CHECK,
        msgId: st.session,
        text: "Check: the main idea",
        categoryId: "reading",
        elementId: CHECK,
        email: l.email,
        multiple: true,
        passed: true,
        score: 75,
        variants: ["where", "helps", "words", "place"],
      });
      expect(rows[0].sessionId).toMatch(/^ses-/);
      expect(rows[0].answers[1]).toEqual({ questionId: "helps", variants: ["count"], text: null });
      const last = ZSubmitReply.parse(replies[0].json());
      expect(last.state).toMatchObject({ mode: "result", isComplete: true, passed: true, result: { score: 75, passed: true, status: "graded" } });
      expectError(await l.browser.post(url.answer(st.session!), answerFor(def.questions[0], true)), 409, "TEST-ATTEMPT-CLOSED");
    });

    it("finishing the test element is refused until a passed attempt exists (finish and sync alike)", async () => {
      const l = await learner(t.app, t.db);
      await atCheck(l.browser);
      expectError(await l.browser.post(`/api/progress/elements/${CHECK}/finish`), 403, "TEST-NOT-PASSED");
      expectError(await l.browser.put(`/api/progress/elements/${CHECK}`, { state: "done" }), 403, "TEST-NOT-PASSED");
      const failed = await takeTest(t.db, l.browser, CHECK, 1);
      expect(failed.state).toMatchObject({ passed: false, result: { passed: false, score: 25 }, retake: { allowed: true } });
      expectError(await l.browser.post(`/api/progress/elements/${CHECK}/finish`), 403, "TEST-NOT-PASSED");
      const passed = await takeTest(t.db, l.browser, CHECK, Infinity, { retake: true });
      expect(passed.state).toMatchObject({ passed: true, attemptNumber: 2, best: { attemptNumber: 2, score: 100, passed: true } });
      expect(json<{ opened: { id: string } }>(await l.browser.post(`/api/progress/elements/${CHECK}/finish`)).opened.id).toBe("rf-reading-circle");
    });
  });

  describe("retakes", () => {
    it("resumes an open attempt, refuses after a pass, keeps the attempt limit and the cool-down", async () => {
      const limited = await ownTest(twoQuestions({ retake: { attemptLimit: 2, cooldownSeconds: 0 } }));
      const l = await learner(t.app, t.db);
      const first = json<TTestState>(await l.browser.post(url.start(limited)));
      expect(json<TTestState>(await l.browser.post(url.retake(limited))).session).toBe(first.session);
      expect(json<TTestState>(await l.browser.post(url.start(limited))).session).toBe(first.session);
      await takeTest(t.db, l.browser, limited, 0);
      const second = await takeTest(t.db, l.browser, limited, 1, { retake: true });
      expect(second.state).toMatchObject({ attemptNumber: 2, retake: { allowed: false, reason: "attempts", attemptsLeft: 0 } });
      expectError(await l.browser.post(url.retake(limited)), 409, "TEST-ATTEMPTS-EXHAUSTED");
      // The best attempt counts: 50 in the second beats 0 in the first.
      expect(second.state.best).toEqual({ score: 50, passed: false, attemptNumber: 2 });

      const cooled = await ownTest(twoQuestions({ retake: { attemptLimit: null, cooldownSeconds: 3600 } }));
      await takeTest(t.db, l.browser, cooled, 0);
      const e = expectError(await l.browser.post(url.retake(cooled)), 429, "TEST-COOLDOWN");
      expect(Date.parse((e.details as { availableAt: string }).availableAt)).toBeGreaterThan(Date.now() + 3500_000);
      expect(
        (
          await t.db
            .select()
            .from(testAttempts)
            .where(and(eq(testAttempts.userId, l.userId), eq(testAttempts.elementId, cooled)))
        ).length,
      ).toBe(1);

      const open = await ownTest(twoQuestions());
      await takeTest(t.db, l.browser, open, 2);
      expectError(await l.browser.post(url.retake(open)), 409, "TEST-ALREADY-PASSED");
    });

    it("parallel starts and retakes make one attempt each", async () => {
      const el = await ownTest(twoQuestions());
      const l = await learner(t.app, t.db);
      const starts = await Promise.all(Array.from({ length: 10 }, () => l.browser.post(url.start(el))));
      expect(new Set(starts.map((r) => json<TTestState>(r).session)).size).toBe(1);
      await takeTest(t.db, l.browser, el, 0);
      const retakes = await Promise.all(Array.from({ length: 10 }, () => l.browser.post(url.retake(el))));
      for (const r of retakes) expect([200, 409]).toContain(r.statusCode);
      const rows = await t.db
        .select()
        .from(testAttempts)
        .where(and(eq(testAttempts.userId, l.userId), eq(testAttempts.elementId, el)));
      expect(rows.map((r) => r.number).sort()).toEqual([1, 2]);
    });

    it("a question bank draws N of M, unseen questions first", async () => {
      const l = await learner(t.app, t.db);
      for (const id of ["rf-slow-reading", "rf-main-idea"]) json(await l.browser.post(`/api/progress/elements/${id}/finish`));
      await takeTest(t.db, l.browser, CHECK);
      for (const id of [CHECK, "rf-reading-circle", "rf-between-lines"]) json(await l.browser.post(`/api/progress/elements/${id}/finish`));
      const first = await takeTest(t.db, l.browser, FINAL, 0);
      expect(first.state.list).toHaveLength(3);
      const second = json<TTestState>(await l.browser.post(url.retake(FINAL)));
      const seen = new Set(first.state.list.map((q) => q.id));
      const unseen = (await definitionOf(t.db, FINAL)).questions.map((q) => q.id).filter((id) => !seen.has(id));
      expect(unseen).toHaveLength(2);
      for (const id of unseen) expect(second.list.map((q) => q.id)).toContain(id);
    });
  });

  describe("test-results identify", () => {
    it("gives the caller's results of a session the profile's e-mail, only when it is the profile's", async () => {
      const el = await ownTest(twoQuestions());
      const anon = new Browser(t.app);
      const made = await anon.post("/api/auth/anonymous/register", { username: `anon${Date.now()}`, password: "correct horse battery" });
      expect(made.statusCode, made.body).toBe(200);
      const res = await takeTest(t.db, anon, el, 2);
      const [row] = await t.db.select().from(testResults).where(eq(testResults.id, res.result.id));
      expect(row.email).toBeNull();
      expectError(
        await anon.post("/api/assessments/test-results/identify", { email: "a@example.com", sessionId: row.sessionId }),
        403,
        "IDENTIFY-EMAIL-MISMATCH",
      );
      expectError(await new Browser(t.app).post("/api/assessments/test-results/identify", { email: "a@example.com", sessionId: "x" }), 401, "UNAUTHORIZED");
      expectError(await anon.post("/api/assessments/test-results/identify", { email: "a\u0000@example.com", sessionId: "x" }), 400, "VALIDATION");

      const l = await learner(t.app, t.db);
      const mine = await takeTest(t.db, l.browser, el, 2);
      await t.db.update(testResults).set({ email: null }).where(eq(testResults.id, mine.result.id));
      const [r] = await t.db.select().from(testResults).where(eq(testResults.id, mine.result.id));
      expectError(
        await l.browser.post("/api/assessments/test-results/identify", { email: "other@example.com", sessionId: r.sessionId }),
        403,
        "IDENTIFY-EMAIL-MISMATCH",
      );
      expect(json(await l.browser.post("/api/assessments/test-results/identify", { email: l.email.toUpperCase(), sessionId: r.sessionId }))).toEqual({
        attached: 1,
      });
      expect((await t.db.select().from(testResults).where(eq(testResults.id, mine.result.id)))[0].email).toBe(l.email);
      // Another learner's results are never touched.
      expect((await t.db.select().from(testResults).where(eq(testResults.id, res.result.id)))[0].email).toBeNull();
    });

    it("registration from a guest session attaches that session's results to the account's e-mail", async () => {
      const el = await ownTest(twoQuestions());
      const s = await sessionBrowser(t.app);
      // A session user cannot open tests (seed 000 §6); a result it holds (e.g. made before that rule) is attached at sign-up.
      const [u] = await t.db.select().from(users).where(eq(users.id, s.userId));
      expect(u.status).toBe("session");
      await t.db
        .insert(testAttempts)
        .values({ id: "tat_aaaaaaaaaaaaaaaaaaaaaaaaaa", userId: s.userId, elementId: el, courseId: "x", number: 1, questionIds: ["a"] });
      await t.db.insert(testResults).values({
        id: "trs_guest",
        attemptId: "tat_aaaaaaaaaaaaaaaaaaaaaaaaaa",
        userId: s.userId,
        elementId: el,
        dialogId: el,
        msgId: "tat_aaaaaaaaaaaaaaaaaaaaaaaaaa",
        text: "Quiz",
        variants: ["a"],
        categoryId: "none",
        sessionId: s.userId,
        answers: [],
        multiple: false,
        passed: true,
        score: 100,
      });
      const r = await register(t.app, {}, s.browser);
      expect(r.userId).toBe(s.userId);
      expect((await t.db.select().from(testResults).where(eq(testResults.id, "trs_guest")))[0].email).toBe(r.email);
    });
  });

  describe("mentor-verified tests", () => {
    const PLAN = "lh-plan";
    const plan = "After breakfast, at the kitchen table, I read one page.";

    async function awaiting() {
      const l = await learner(t.app, t.db);
      const st = json<TTestState>(await l.browser.post(url.start(PLAN)));
      json(await l.browser.post(url.answer(st.session!), { questionId: "size", variants: ["tiny"] }));
      const r = ZAnswerReply.parse(json(await l.browser.post(url.answer(st.session!), { questionId: "plan", text: plan })));
      expect(r.feedback).toMatchObject({ correct: null, correctVariants: [], feedback: "" });
      const sub = ZSubmitReply.parse(json(await l.browser.post(url.submit(st.session!))));
      expect(sub.state).toMatchObject({ mode: "awaiting-mentor", isComplete: true, passed: false, result: { passed: null, status: "awaiting-mentor" } });
      expect(sub.result.passed).toBeNull();
      return { l, attemptId: st.session! };
    }

    it("free text waits for a mentor; the learner can neither finish nor retake meanwhile", async () => {
      const { l } = await awaiting();
      expectError(await l.browser.post(`/api/progress/elements/${PLAN}/finish`), 403, "TEST-NOT-PASSED");
      expectError(await l.browser.post(url.retake(PLAN)), 409, "TEST-AWAITING-MENTOR");
      expectError(await l.browser.get("/api/assessments/reviews?lang=en"), 403, "MENTORS-ONLY");
      expectError(await new Browser(t.app).get("/api/assessments/reviews?lang=en"), 403, "REGISTRATION-REQUIRED");
    });

    it("a mentor sees the answer, marks it with a comment; the attempt is graded once and the learner notified", async () => {
      const { l, attemptId } = await awaiting();
      const m = await mentor(t.app, t.database, t.config.PORTAL_ID);
      const queue = ZReviewList.parse(json(await m.browser.get("/api/assessments/reviews?lang=en")));
      const item = queue.items.find((i) => i.attemptId === attemptId)!;
      expect(item).toMatchObject({ questionId: "plan", elementId: PLAN, answer: plan, testTitle: "Your habit plan", learner: { name: "Ann Lee" } });
      const review = `/api/assessments/reviews/${attemptId}/plan`;
      expectError(await m.browser.post(review, { passed: true, comment: "ok\u0000" }), 400, "VALIDATION");
      expectError(await m.browser.post(review, { passed: true, comment: "   " }), 400, "VALIDATION");
      expectError(await m.browser.post(review, { passed: "yes", comment: "Good" }), 400, "VALIDATION");
      expectError(await m.browser.post(review, { passed: true, comment: "x".repeat(1501) }), 400, "VALIDATION");
      expectError(await m.browser.post(`/api/assessments/reviews/${attemptId}/size`, { passed: true, comment: "Good" }), 404, "REVIEW-NOT-FOUND");
      expectError(
        await m.browser.post(`/api/assessments/reviews/tat_aaaaaaaaaaaaaaaaaaaaaaaaaa/plan`, { passed: true, comment: "Good" }),
        404,
        "REVIEW-NOT-FOUND",
      );
      expectError(await l.browser.post(review, { passed: true, comment: "I approve myself" }), 403, "MENTORS-ONLY");
      const replies = await Promise.all(Array.from({ length: 5 }, () => m.browser.post(review, { passed: true, comment: "Specific and small: good." })));
      expect(replies.filter((r) => r.statusCode === 200)).toHaveLength(1);
      for (const r of replies.filter((x) => x.statusCode !== 200)) expectError(r, 409, "REVIEW-DONE");
      expect(replies.find((r) => r.statusCode === 200)!.json()).toEqual({ attemptId, questionId: "plan", status: "graded", score: 100, passed: true });
      const st = json<TTestState>(await l.browser.get(url.state(PLAN)));
      expect(st).toMatchObject({ mode: "result", passed: true, result: { score: 100, passed: true, status: "graded" } });
      expect(st.answers.find((a) => a.questionId === "plan")).toMatchObject({ correct: true, mentorComment: "Specific and small: good." });
      const [result] = await t.db.select().from(testResults).where(eq(testResults.attemptId, attemptId));
      expect(result).toMatchObject({ passed: true, score: 100 });
      const notes = await t.db.select().from(notifications).where(eq(notifications.userId, l.userId));
      expect(notes).toHaveLength(1);
      expect(notes[0]).toMatchObject({ type: "test-graded", title: "Your test is graded", link: "/en/courses/lasting-habits/test/lh-plan" });
      expect(notes[0].text).toContain("passed with 100%");
      expect(ZReviewList.parse(json(await m.browser.get("/api/assessments/reviews?lang=en"))).items.some((i) => i.attemptId === attemptId)).toBe(false);
      json(await l.browser.post(`/api/progress/elements/${PLAN}/finish`));
    });

    it("a free text marked not passed fails the attempt; the learner may retake", async () => {
      const { l, attemptId } = await awaiting();
      const m = await mentor(t.app, t.database, t.config.PORTAL_ID);
      const r = json(await m.browser.post(`/api/assessments/reviews/${attemptId}/plan`, { passed: false, comment: "Say when and where." }));
      expect(r).toMatchObject({ status: "graded", score: 50, passed: false });
      const st = json<TTestState>(await l.browser.get(url.state(PLAN)));
      expect(st).toMatchObject({ passed: false, retake: { allowed: true, attemptsLeft: 2 } });
      expect(json<TTestState>(await l.browser.post(url.retake(PLAN))).attemptNumber).toBe(2);
    });
  });

  describe("authors: statistics and imports", () => {
    const admin = async () => (await learner(t.app, t.db, { roles: ["disciple", "admin"] })).browser;

    it("counts how many chose each variant and the time to answer, for authors only", async () => {
      const el = await ownTest(twoQuestions());
      const a = await learner(t.app, t.db);
      const b = await learner(t.app, t.db);
      await takeTest(t.db, a.browser, el, 2);
      await takeTest(t.db, b.browser, el, 0);
      const stats = json<{
        attempts: number;
        questions: Array<{ id: string; answered: number; correct: number; averageMs: number; variants: Array<{ id: string; chosen: number }> }>;
      }>(await (await admin()).get(`/api/assessments/elements/${el}/statistics?lang=en`));
      expect(stats.attempts).toBe(2);
      expect(stats.questions[0]).toMatchObject({
        id: "a",
        answered: 2,
        correct: 1,
        variants: [
          { id: "y", chosen: 1 },
          { id: "n", chosen: 1 },
        ],
      });
      expect(stats.questions[0].averageMs).toBeGreaterThanOrEqual(0);
      const leader = await learner(t.app, t.db, { roles: ["disciple", "mp-leader"] });
      json(await leader.browser.get(`/api/assessments/elements/${el}/statistics?lang=en`));
      expectError(await a.browser.get(`/api/assessments/elements/${el}/statistics?lang=en`), 403, "AUTHORS-ONLY");
      expectError(await new Browser(t.app).get(`/api/assessments/elements/${el}/statistics?lang=en`), 403, "REGISTRATION-REQUIRED");
      expectError(await (await admin()).get(`/api/assessments/elements/rf-slow-reading/statistics?lang=en`), 404, "TEST-NOT-FOUND");
    });

    it("imports CSV and GIFT; a bad line refuses the whole import with every line named", async () => {
      const c = await upsertCourse(t.db, { portalId: t.config.PORTAL_ID, title: { en: "I" }, arbitraryWalkthrough: true });
      const e = await upsertElement(t.db, { courseId: c.id, type: "test", title: { en: "Imported" }, index: 0 });
      const b = await admin();
      const path = `/api/assessments/elements/${e.id}/import`;
      const csv = "kind,question,variants,correct\nsingle,Pick one,a|b,2\ntext,Say twelve,,12|twelve";
      expect(json(await b.post(path, { format: "csv", text: csv, lang: "en", settings: { passMark: 50 } }))).toEqual({
        elementId: e.id,
        imported: 2,
        questions: 2,
      });
      const gift = "Which? {=right ~wrong}\n\nTrue? {T}";
      expect(json(await b.post(path, { format: "gift", text: gift, lang: "en" }))).toEqual({ elementId: e.id, imported: 2, questions: 4 });
      const def = await definitionOf(t.db, e.id);
      expect(def.passMark).toBe(50);
      expect(def.questions.map((q) => q.id)).toEqual(["q1", "q2", "q3", "q4"]);
      // A learner can take the imported test.
      const l = await learner(t.app, t.db);
      expect((await takeTest(t.db, l.browser, e.id)).state.passed).toBe(true);

      const bad = expectError(await b.post(path, { format: "gift", text: "Fine {=a ~b}\n\nBroken {a}\n\nEmpty {}", lang: "en" }), 400, "IMPORT-INVALID");
      expect(bad.details).toEqual({
        errors: [
          { line: 3, message: "each answer starts with = (right) or ~ (wrong)" },
          { line: 5, message: "the answer block is empty (essay questions cannot be graded)" },
        ],
      });
      expectError(
        await b.post(path, { format: "csv", text: "kind,question,variants,correct\nsingle,x,a|b,1", lang: "en", settings: { draw: 50 } }),
        400,
        "IMPORT-INVALID",
      );
      expect((await definitionOf(t.db, e.id)).questions).toHaveLength(4);
      expect(json(await b.post(path, { format: "csv", text: csv, lang: "en", mode: "replace" }))).toMatchObject({ questions: 2 });

      expectError(await b.post(path, { format: "csv", text: "kind\u0000", lang: "en" }), 400, "VALIDATION");
      expectError(await b.post(path, { format: "xml", text: "x", lang: "en" }), 400, "VALIDATION");
      expectError(await b.post(path, { format: "csv", text: "x".repeat(200_001), lang: "en" }), 400, "VALIDATION");
      expectError(await b.post(path, { format: "csv", text: "x", lang: "xx" }), 400, "UNSUPPORTED-LANG");
      expectError(await l.browser.post(path, { format: "csv", text: csv, lang: "en" }), 403, "AUTHORS-ONLY");
      expectError(await b.post(`/api/assessments/elements/rf-slow-reading/import`, { format: "csv", text: csv, lang: "en" }), 404, "TEST-NOT-FOUND");
    });
  });
});
