/**
 * Quiz and interaction results (issue 13; seed 000 §3, §5, §7): grading on the server with the correct
 * ids kept off the page, seed §5 cleaning, bad input writing nothing, guests, idempotent retries and
 * parallel duplicates, the aggregate (each learner once, latest answer), identify, the realtime topic.
 */
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeEachDatabase } from "../../../../tests/setup/databases";
import { takeTest } from "../../../../tests/support/assessments";
import { Browser, expectError, json } from "../../../../tests/support/http";
import { outboxVerifyToken } from "../../../../tests/support/mail";
import { openRealtime, type RealtimeSocket } from "../../../../tests/support/realtime";
import { register, sessionBrowser, type Registered } from "../../../../tests/support/sign-in";
import type { TBlock } from "../../../domain/page";
import { GUEST_SESSION_COOKIE, type TQuizAggregate, type TQuizResultReply } from "../../../domain/results";
import { testResults } from "../../db/schema/assessments";
import { interactionResults, quizResults } from "../../db/schema/results";
import { users } from "../../db/schema/users";
import { upsertElementTest } from "../../db/seed/assessment-factories";
import { upsertCourse, upsertElement, upsertModelPage } from "../../db/seed/course-factories";
import { upsertEnvironment, upsertPage, upsertPortal } from "../../db/seed/factories";

const ALIAS = "quiz-lab";
const DIALOG = `page:${ALIAS}`;
const variants = ["a", "b", "c", "d"].map((id) => ({ id, text: `Variant ${id.toUpperCase()}` }));
const quiz = (id: string, props: Record<string, unknown> = {}): TBlock =>
  ({ id, type: "tests", props: { question: `Question ${id}?`, variants, correct: ["b"], explanation: `Because of ${id}`, ...props } }) as TBlock;

const key = () => randomUUID().replace(/-/g, "");
const guestSession = () => `gs-${randomUUID()}`;

describeEachDatabase("quiz and interaction results", (t) => {
  let app: FastifyInstance;
  let ann: Registered;
  /** A quiz block of its own per test: aggregates do not mix. */
  let quizCounter = 0;
  const freshQuiz = () => `q${++quizCounter}`;

  beforeAll(async () => {
    app = t.app;
    const blocks: TBlock[] = [
      ...Array.from({ length: 20 }, (_, i) => quiz(`q${i + 1}`)),
      quiz("many", { multiple: true, correct: ["a", "c"] }),
      quiz("poll", { correct: undefined, explanation: undefined }),
    ];
    for (const lang of ["en", "ar"]) {
      await upsertPage(t.db, {
        id: `page-${ALIAS}-${lang}`,
        environmentId: t.config.ENVIRONMENT_ID,
        alias: ALIAS,
        lang,
        title: "Quiz lab",
        published: true,
        components: blocks,
      });
    }
    await upsertPage(t.db, {
      id: `page-${ALIAS}-draft`,
      environmentId: t.config.ENVIRONMENT_ID,
      alias: "quiz-draft",
      lang: "en",
      title: "Draft",
      published: false,
      components: [quiz("d1")],
    });
    ann = await register(app);
  });

  const body = (over: Record<string, unknown> = {}) => ({
    key: key(),
    dialogId: DIALOG,
    msgId: "q1",
    text: "Question q1?",
    variants,
    answers: [{ id: "b", text: "Variant B" }],
    ...over,
  });
  const answer = (b: Browser, over: Record<string, unknown> = {}) => b.post("/api/quiz-results", body(over));
  const aggregate = async (b: Browser, msgId: string) => json<TQuizAggregate>(await b.get(`/api/quiz-results/aggregate?dialogId=${DIALOG}&msgId=${msgId}`));
  const rowsOf = (msgId: string) =>
    t.db
      .select()
      .from(quizResults)
      .where(and(eq(quizResults.dialogId, DIALOG), eq(quizResults.msgId, msgId)));

  describe("grading on the server", () => {
    it("the page's blocks carry no correct ids nor explanation, and name where results go", async () => {
      const page = json<{ components: Array<{ type: string; props: Record<string, unknown> }> }>(
        await app.inject({ url: `/api/pages/by-alias/${ALIAS}?lang=en` }),
      );
      const quizzes = page.components.filter((b) => b.type === "tests");
      expect(quizzes.length).toBeGreaterThan(0);
      for (const q of quizzes) {
        expect(q.props).not.toHaveProperty("correct");
        expect(q.props).not.toHaveProperty("explanation");
        expect(q.props.dialogId).toBe(DIALOG);
      }
      // The demo showcase too: its quizzes are graded on the server.
      const showcase = await app.inject({ url: "/api/pages/by-alias/blocks-showcase?lang=en" });
      expect(showcase.statusCode).toBe(200);
      expect(showcase.body).toContain('"dialogId":"page:blocks-showcase"');
      expect(showcase.body).not.toContain('"correct"');
    });

    it("a wrong answer fails and is told the correct ids and the explanation; a right one passes", async () => {
      const msgId = freshQuiz();
      const wrong = json<TQuizResultReply>(await answer(ann.browser, { msgId, answers: [{ id: "a" }] }));
      expect(wrong).toMatchObject({ passed: false, correct: ["b"], explanation: `Because of ${msgId}`, multiple: false });
      const right = json<TQuizResultReply>(await answer(ann.browser, { msgId, answers: [{ id: "b" }] }));
      expect(right.passed).toBe(true);
      const many = json<TQuizResultReply>(await answer(ann.browser, { msgId: "many", answers: [{ id: "c" }, { id: "a" }] }));
      expect(many).toMatchObject({ passed: true, multiple: true, correct: ["a", "c"] });
      const poll = json<TQuizResultReply>(await answer(ann.browser, { msgId: "poll", answers: [{ id: "d" }] }));
      expect(poll).toMatchObject({ passed: null, correct: [], explanation: null });
    });
  });

  describe("seed §5 cleaning", () => {
    it("image crop details and empty or non-string texts are removed; multiple comes from the answers", async () => {
      const msgId = "many";
      const k = key();
      json(
        await answer(ann.browser, {
          key: k,
          msgId,
          text: "  Which ones?  ",
          multiple: false,
          variants: [
            { id: "a", text: "Variant A", image: { src: "/demo/a.png", alt: "A", crop: { x: 1, y: 2 }, cropX: 3, zoom: 1.5 } },
            { id: "b", text: "   " },
            { id: "c", text: 42 },
            { id: "d", text: null },
            "  ",
            "Bare text",
          ],
          answers: [
            { id: "a", text: "", image: { src: "/demo/a.png", croppedAreaPixels: { width: 3 } } },
            { id: "c", text: true },
          ],
        }),
      );
      const [row] = await t.db.select().from(quizResults).where(eq(quizResults.key, k));
      expect(row!.text).toBe("Which ones?");
      expect(row!.variants).toEqual([
        { id: "a", text: "Variant A", image: { src: "/demo/a.png", alt: "A" } },
        { id: "b" },
        { id: "c" },
        { id: "d" },
        { text: "Bare text" },
      ]);
      expect(row!.answers).toEqual([{ id: "a", image: { src: "/demo/a.png" } }, { id: "c" }]);
      expect(row!.answerIds).toEqual(["a", "c"]);
      expect(row!.multiple).toBe(true);
      expect(row!.userId).toBe(ann.userId);
    });
  });

  describe("bad input writes nothing", () => {
    it("unknown, repeated, missing or too many answers; unknown quizzes, drafts and bad ids", async () => {
      const msgId = freshQuiz();
      expectError(await answer(ann.browser, { msgId, answers: [{ id: "z" }] }), 400, "QUIZ-ANSWER-INVALID");
      expectError(await answer(ann.browser, { msgId, answers: [{ id: "a" }, { id: "b" }] }), 400, "QUIZ-ANSWER-INVALID");
      expectError(await answer(ann.browser, { msgId: "many", answers: [{ id: "a" }, { id: "a" }] }), 400, "QUIZ-ANSWER-INVALID");
      expectError(await answer(ann.browser, { msgId, answers: [] }), 400, "QUIZ-ANSWER-INVALID");
      expectError(await answer(ann.browser, { msgId, answers: ["Variant B"] }), 400, "QUIZ-ANSWER-INVALID");
      expectError(await answer(ann.browser, { msgId: "nope" }), 404, "QUIZ-NOT-FOUND");
      expectError(await answer(ann.browser, { msgId: "showcase-intro", dialogId: "page:blocks-showcase" }), 404, "QUIZ-NOT-FOUND");
      expectError(await answer(ann.browser, { dialogId: "page:quiz-draft", msgId: "d1" }), 404, "QUIZ-NOT-FOUND");
      expectError(await answer(ann.browser, { dialogId: "page:no-such-page" }), 404, "QUIZ-NOT-FOUND");
      expect(await rowsOf(msgId)).toEqual([]);
    });

    it("malformed, NUL bytes, oversized and wrongly typed bodies", async () => {
      const msgId = freshQuiz();
      const post = (payload: string) => ann.browser.post("/api/quiz-results", payload, { "content-type": "application/json" });
      for (const over of [
        { key: "short" },
        { key: "a b c d e f g h" },
        { dialogId: "chat:x" },
        { dialogId: "page:" },
        { dialogId: `page:${"x".repeat(61)}` },
        { msgId: "a:b" },
        { text: "\u0000" },
        { text: "x".repeat(1001) },
        { answers: [{ id: "b\u0000" }] },
        { answers: [{ id: "b", text: "x".repeat(1001) }] },
        { answers: [{ id: "b", image: { src: "javascript:alert(1)" } }] },
        { answers: "b" },
        { answers: [{ id: "b", text: ["x"] }] },
        { answers: [{ id: "b", text: { x: 1 } }] },
        { variants: Array.from({ length: 51 }, (_, i) => `v${i}`) },
        { email: "not an e-mail" },
        { sessionId: "short" },
      ]) {
        expectError(await answer(ann.browser, { msgId, ...over }), 400, "VALIDATION");
      }
      expectError(await post('{"key": "aaaaaaaaaa", "dialogId": '), 400, "VALIDATION");
      expectError(await post(JSON.stringify(body({ msgId, text: "x".repeat(200_000) }))), 413, "PAYLOAD-TOO-LARGE");
      expectError(await ann.browser.get(`/api/quiz-results/aggregate?dialogId=${DIALOG}`), 400, "VALIDATION");
      expectError(await ann.browser.get(`/api/quiz-results/aggregate?dialogId=${DIALOG}&msgId=%00`), 400, "VALIDATION");
      expect(await rowsOf(msgId)).toEqual([]);
    });

    it("another portal's quiz is not found", async () => {
      await upsertPortal(t.db, { id: "lp-other-quiz", title: { en: "Other" }, i18n: { langs: ["en"], primaryLang: "en" } });
      await upsertEnvironment(t.db, { id: "env-other-quiz", portalId: "lp-other-quiz" });
      await upsertPage(t.db, {
        id: "page-other-quiz",
        environmentId: "env-other-quiz",
        alias: "other-quiz",
        lang: "en",
        title: "Other",
        published: true,
        components: [quiz("o1")],
      });
      expectError(await answer(ann.browser, { dialogId: "page:other-quiz", msgId: "o1" }), 404, "QUIZ-NOT-FOUND");
      expectError(await ann.browser.get("/api/quiz-results/aggregate?dialogId=page:other-quiz&msgId=o1"), 404, "QUIZ-NOT-FOUND");
      expect(await t.db.select().from(quizResults).where(eq(quizResults.dialogId, "page:other-quiz"))).toEqual([]);
    });

    it("a bad token is 401; a cross-site post is refused", async () => {
      const msgId = freshQuiz();
      expectError(
        await app.inject({ method: "POST", url: "/api/quiz-results", payload: body({ msgId }), headers: { authorization: "Bearer nope" } }),
        401,
        "TOKEN-BAD",
      );
      json(await answer(ann.browser, { msgId }));
      expectError(await ann.browser.post("/api/quiz-results", body({ msgId }), { origin: "https://evil.example" }), 403, "BAD-ORIGIN");
      expect(await rowsOf(msgId)).toHaveLength(1);
    });
  });

  describe("guests", () => {
    it("a guest names its browser session; without one nothing is written", async () => {
      const msgId = freshQuiz();
      const guest = new Browser(app);
      expectError(await answer(guest, { msgId }), 400, "GUEST-SESSION-REQUIRED");
      const sessionId = guestSession();
      const graded = json<TQuizResultReply>(await answer(guest, { msgId, sessionId, answers: [{ id: "c" }] }));
      expect(graded).toMatchObject({ passed: false, correct: ["b"] });
      const rows = await rowsOf(msgId);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ userId: null, sessionId });
      expect((await aggregate(guest, msgId)).total).toBe(1);
    });

    it("an anonymous session user's result is its own", async () => {
      const msgId = freshQuiz();
      const session = await sessionBrowser(app);
      json(await answer(session.browser, { msgId }));
      expect((await rowsOf(msgId))[0]!.userId).toBe(session.userId);
    });
  });

  describe("retries count once", () => {
    it("the same key again is the same result; with other answers, or by someone else, it is 409", async () => {
      const msgId = freshQuiz();
      const k = key();
      const first = json<TQuizResultReply>(await answer(ann.browser, { key: k, msgId }));
      const again = json<TQuizResultReply>(await answer(ann.browser, { key: k, msgId }));
      expect(again).toEqual(first);
      expectError(await answer(ann.browser, { key: k, msgId, answers: [{ id: "a" }] }), 409, "RESULT-KEY-CONFLICT");
      const bob = await register(app);
      expectError(await answer(bob.browser, { key: k, msgId }), 409, "RESULT-KEY-CONFLICT");
      expectError(await answer(new Browser(app), { key: k, msgId, sessionId: guestSession() }), 409, "RESULT-KEY-CONFLICT");
      expect(await rowsOf(msgId)).toHaveLength(1);
    });

    it("50 parallel identical sends count once", async () => {
      const msgId = freshQuiz();
      const payload = body({ msgId });
      const replies = await Promise.all(Array.from({ length: 50 }, () => ann.browser.post("/api/quiz-results", payload)));
      const ids = new Set(replies.map((r) => json<TQuizResultReply>(r).id));
      expect(ids.size).toBe(1);
      expect(await rowsOf(msgId)).toHaveLength(1);
      expect((await aggregate(ann.browser, msgId)).total).toBe(1);
    });
  });

  describe("the aggregate", () => {
    it("counts each learner and guest session once, with their latest answer", async () => {
      const msgId = freshQuiz();
      const empty = await aggregate(new Browser(app), msgId);
      expect(empty).toEqual({ dialogId: DIALOG, msgId, total: 0, variants: variants.map((v) => ({ id: v.id, count: 0, share: 0 })) });
      const bob = await register(app);
      const sessionId = guestSession();
      const guest = new Browser(app);
      json(await answer(ann.browser, { msgId, answers: [{ id: "a" }] }));
      json(await answer(ann.browser, { msgId, answers: [{ id: "b" }] }));
      json(await answer(bob.browser, { msgId, answers: [{ id: "b" }] }));
      json(await answer(guest, { msgId, sessionId, answers: [{ id: "a" }] }));
      json(await answer(guest, { msgId, sessionId, answers: [{ id: "c" }] }));
      json(await answer(new Browser(app), { msgId, sessionId: guestSession(), answers: [{ id: "c" }] }));
      const agg = await aggregate(guest, msgId);
      expect(agg.total).toBe(4);
      expect(agg.variants).toEqual([
        { id: "a", count: 0, share: 0 },
        { id: "b", count: 2, share: 0.5 },
        { id: "c", count: 2, share: 0.5 },
        { id: "d", count: 0, share: 0 },
      ]);
    });

    it("a multiple-choice learner counts once in the total and once per chosen variant", async () => {
      const b = await register(app);
      const before = await aggregate(b.browser, "many");
      json(await answer(b.browser, { msgId: "many", answers: [{ id: "a" }, { id: "d" }] }));
      const after = await aggregate(b.browser, "many");
      expect(after.total).toBe(before.total + 1);
      const count = (agg: TQuizAggregate, id: string) => agg.variants.find((v) => v.id === id)!.count;
      expect(count(after, "a")).toBe(count(before, "a") + 1);
      expect(count(after, "d")).toBe(count(before, "d") + 1);
    });
  });

  describe("identify", () => {
    it("a sign-in with the guest session cookie takes the session's results to the account", async () => {
      const msgId = freshQuiz();
      const sessionId = guestSession();
      const browser = new Browser(app);
      json(await answer(browser, { msgId, sessionId, answers: [{ id: "a" }] }));
      browser.jar[GUEST_SESSION_COOKIE] = sessionId;
      const learner = await register(app, {}, browser);
      const rows = await rowsOf(msgId);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.userId).toBe(learner.userId);
      // Counted once: the learner's later answer replaces the guest one.
      json(await answer(browser, { msgId, answers: [{ id: "b" }] }));
      expect((await aggregate(browser, msgId)).total).toBe(1);
    });

    it("identify by API: only for the account with that e-mail; guests and anonymous sessions are refused", async () => {
      const msgId = freshQuiz();
      const sessionId = guestSession();
      json(await answer(new Browser(app), { msgId, sessionId }));
      const identify = (b: Browser, payload: unknown) => b.post("/api/quiz-results/identify", payload);
      expectError(await identify(new Browser(app), { email: ann.email, sessionId }), 401, "UNAUTHORIZED");
      expectError(await identify((await sessionBrowser(app)).browser, { email: ann.email, sessionId }), 403, "IDENTIFY-EMAIL-MISMATCH");
      const bob = await register(app);
      expectError(await identify(bob.browser, { email: ann.email, sessionId }), 403, "IDENTIFY-EMAIL-MISMATCH");
      expectError(await identify(ann.browser, { email: ann.email, sessionId: "x\u0000" }), 400, "VALIDATION");
      expect((await rowsOf(msgId))[0]!.userId).toBeNull();
      expect(json<{ attached: number }>(await identify(ann.browser, { email: ann.email.toUpperCase(), sessionId }))).toEqual({ attached: 1 });
      expect((await rowsOf(msgId))[0]!.userId).toBe(ann.userId);
      // Once only: an attached result is not taken again by another account.
      expect(json<{ attached: number }>(await identify(ann.browser, { email: ann.email, sessionId }))).toEqual({ attached: 0 });
    });
  });

  describe("identify when an account adds an e-mail (no new sign-in)", () => {
    /** A test of its own (open to any learner), taken with full marks by the caller. */
    async function testTaken(b: Browser) {
      const c = await upsertCourse(t.db, { portalId: t.config.PORTAL_ID, title: { en: "T" }, arbitraryWalkthrough: true, published: true });
      const e = await upsertElement(t.db, { courseId: c.id, type: "test", title: { en: "Check" }, index: 0, visible: true });
      await upsertElementTest(t.db, e.id, {
        passMark: 100,
        questions: [
          {
            id: "a",
            kind: "single",
            text: { en: "A?" },
            variants: [
              { id: "a", text: { en: "A" } },
              { id: "b", text: { en: "B" } },
            ],
            correct: ["b"],
          },
        ],
      });
      return (await takeTest(t.db, b, e.id)).result.id;
    }
    const testRow = async (id: string) => (await t.db.select().from(testResults).where(eq(testResults.id, id)))[0]!;
    /**
     * A guest answers a quiz (its session in the cookie), then makes an anonymous account in the same
     * browser (a sign-in, but the account has no e-mail: nothing attaches) and takes a test.
     */
    async function anonymousWithGuestResults() {
      const browser = new Browser(app);
      const sessionId = guestSession();
      browser.jar[GUEST_SESSION_COOKIE] = sessionId;
      const msgId = freshQuiz();
      json(await answer(browser, { msgId, sessionId, answers: [{ id: "b" }] }));
      const made = await browser.post("/api/auth/anonymous/register", { username: `anon${key().slice(0, 12)}`, password: "correct horse battery" });
      expect(made.statusCode, made.body).toBe(200);
      const userId = json<{ id: string }>(await browser.me()).id;
      expect((await rowsOf(msgId))[0]!.userId).toBeNull();
      const resultId = await testTaken(browser);
      expect((await testRow(resultId)).email).toBeNull();
      return { browser, sessionId, msgId, userId, resultId };
    }
    const email = () => `added-${key().slice(0, 10)}@example.com`;
    const askFor = async (b: Browser, address: string) => {
      const res = await b.patch("/api/users/me/profile", { core: { email: address }, lang: "en" });
      expect(res.statusCode, res.body).toBe(200);
      return outboxVerifyToken(t.db, address);
    };
    const verify = (b: Browser, token: string) => b.post("/api/auth/email/verify", { token });

    it("verifying the address in the same browser attaches the guest quiz result and gives the test result the address", async () => {
      const a = await anonymousWithGuestResults();
      const address = email();
      const token = await askFor(a.browser, address);
      // Asked for, not yet verified: the profile has no e-mail, nothing moves.
      expect((await rowsOf(a.msgId))[0]!.userId).toBeNull();
      expect((await testRow(a.resultId)).email).toBeNull();
      expect(json(await verify(a.browser, token))).toEqual({ state: "verified", email: address });
      expect((await rowsOf(a.msgId))[0]!.userId).toBe(a.userId);
      expect((await testRow(a.resultId)).email).toBe(address);
      // Counted once in the aggregate: the guest's answer is now the account's.
      expect((await aggregate(a.browser, a.msgId)).total).toBe(1);
    });

    it("the link opened in another browser (signed out, no cookie) attaches the session of the browser that asked", async () => {
      const a = await anonymousWithGuestResults();
      const address = email();
      const token = await askFor(a.browser, address);
      expect(json(await verify(new Browser(app), token))).toEqual({ state: "verified", email: address });
      expect((await rowsOf(a.msgId))[0]!.userId).toBe(a.userId);
      expect((await testRow(a.resultId)).email).toBe(address);
      const [row] = await t.db.select().from(users).where(eq(users.id, a.userId));
      expect(row).toMatchObject({ email: address, pendingEmail: null });
    });

    it("attaches nothing for a bad link, nor another guest's results, nor another account's", async () => {
      const a = await anonymousWithGuestResults();
      const other = await anonymousWithGuestResults();
      // A third browser's guest result, never seen by this account.
      const stranger = guestSession();
      const strangerMsg = freshQuiz();
      json(await answer(new Browser(app), { msgId: strangerMsg, sessionId: stranger }));
      const address = email();
      const token = await askFor(a.browser, address);
      expectError(await verify(a.browser, `${token}x`), 400, "EMAIL-VERIFY-INVALID");
      expectError(await verify(a.browser, "bad\u0000token"), 400, "VALIDATION");
      expect((await rowsOf(a.msgId))[0]!.userId).toBeNull();
      expect((await testRow(a.resultId)).email).toBeNull();
      // Opened while signed in to another account: refused, nothing of either moves.
      expectError(await verify(other.browser, token), 400, "EMAIL-VERIFY-INVALID");
      expect((await rowsOf(other.msgId))[0]!.userId).toBeNull();
      expect((await rowsOf(a.msgId))[0]!.userId).toBeNull();
      json(await verify(a.browser, token));
      expect((await rowsOf(a.msgId))[0]!.userId).toBe(a.userId);
      expect((await rowsOf(other.msgId))[0]!.userId).toBeNull();
      expect((await testRow(other.resultId)).email).toBeNull();
      expect((await rowsOf(strangerMsg))[0]!.userId).toBeNull();
    });
  });

  describe("interaction results", () => {
    const COURSE = "reading-foundations";
    const OPEN = "rf-slow-reading";
    const LOCKED = "rf-main-idea";
    const interaction = (over: Record<string, unknown> = {}) => ({
      key: key(),
      type: "quiz",
      componentId: "rf-slow-quiz",
      componentName: "tests",
      variants: ["Fast", "Slow", { id: "x", text: "", image: { src: "/demo/x.png", crop: { x: 1 } } }],
      answers: ["Slow"],
      passed: true,
      courseId: COURSE,
      elementId: OPEN,
      ...over,
    });
    const send = (b: Browser, over: Record<string, unknown> = {}) => b.post("/api/interaction-results", interaction(over));
    const rowsFor = (componentId: string) => t.db.select().from(interactionResults).where(eq(interactionResults.componentId, componentId));

    it("is stored cleaned, once per key, for an element the learner may open", async () => {
      const componentId = `c-${key()}`;
      const k = key();
      const first = json<{ id: string; multiple: boolean }>(await send(ann.browser, { key: k, componentId, multiple: true }));
      expect(first.multiple).toBe(false);
      expect(json<{ id: string }>(await send(ann.browser, { key: k, componentId })).id).toBe(first.id);
      const replies = await Promise.all(
        Array.from({ length: 50 }, () => ann.browser.post("/api/interaction-results", interaction({ key: `${k}x`, componentId }))),
      );
      expect(new Set(replies.map((r) => json<{ id: string }>(r).id)).size).toBe(1);
      const rows = await rowsFor(componentId);
      expect(rows).toHaveLength(2);
      expect(rows[0]!.variants).toEqual([{ text: "Fast" }, { text: "Slow" }, { id: "x", image: { src: "/demo/x.png" } }]);
      expect(rows[0]!.userId).toBe(ann.userId);
      json(await send(ann.browser, { componentId, answers: ["Fast", "Slow"] }));
      expect((await rowsFor(componentId)).some((r) => r.multiple)).toBe(true);
    });

    it("a guest with its session on a free lesson; refused on a locked element, another course's, another portal's", async () => {
      const componentId = `c-${key()}`;
      const guest = new Browser(app);
      expectError(await send(guest, { componentId }), 400, "GUEST-SESSION-REQUIRED");
      json(await send(guest, { componentId, sessionId: guestSession() }));
      expectError(await send(ann.browser, { componentId, elementId: LOCKED }), 403, "ELEMENT-LOCKED");
      expectError(await send(ann.browser, { componentId, courseId: "confident-speaking" }), 404, "ELEMENT-NOT-RECEIVED");
      expectError(await send(ann.browser, { componentId, elementId: "no-such-element" }), 404, "ELEMENT-NOT-RECEIVED");
      await upsertPortal(t.db, { id: "lp-other-results", title: { en: "Other" }, i18n: { langs: ["en"], primaryLang: "en" } });
      const foreign = await upsertCourse(t.db, {
        portalId: "lp-other-results",
        title: { en: "Foreign" },
        arbitraryWalkthrough: true,
        requiresRegistration: false,
      });
      const el = await upsertElement(t.db, { courseId: foreign.id, type: "lesson", title: { en: "Foreign lesson" }, index: 0 });
      await upsertModelPage(t.db, {
        environmentId: t.config.ENVIRONMENT_ID,
        model: "element",
        modelId: el.id,
        alias: "foreign",
        lang: "en",
        title: "Foreign",
        components: [quiz("f1")],
      });
      expectError(await send(ann.browser, { componentId, courseId: foreign.id, elementId: el.id }), 404, "ELEMENT-NOT-RECEIVED");
      expectError(await answer(ann.browser, { dialogId: `element:${el.id}`, msgId: "f1" }), 404, "QUIZ-NOT-FOUND");
      expect(await rowsFor(componentId)).toHaveLength(1);
    });

    it("bad input: no answer (senders skip then), bad types, NUL, oversized", async () => {
      const componentId = `c-${key()}`;
      for (const over of [
        { answers: [] },
        { answers: ["   ", { text: 5 }] },
        { passed: "yes" },
        { type: "Quiz!" },
        { componentName: "" },
        { courseId: "a\u0000b" },
        { elementId: undefined },
        { key: "k" },
      ]) {
        expectError(await send(ann.browser, { componentId, ...over }), 400, "VALIDATION");
      }
      expectError(
        await ann.browser.post("/api/interaction-results", JSON.stringify(interaction({ componentId, text: "y".repeat(300_000) })), {
          "content-type": "application/json",
        }),
        413,
        "PAYLOAD-TOO-LARGE",
      );
      expect(await rowsFor(componentId)).toEqual([]);
    });
  });

  describe("live aggregates", () => {
    let base: string;
    let live: FastifyInstance;
    const sockets: RealtimeSocket[] = [];
    beforeAll(async () => {
      live = await t.buildApp();
      base = await live.listen({ port: 0, host: "127.0.0.1" });
    });
    afterAll(async () => {
      for (const s of sockets) await s.close();
    });

    it("a guest follows a quiz's topic and hears each new result; unknown quizzes and drafts are refused", async () => {
      const msgId = freshQuiz();
      const socket = await openRealtime(base);
      sockets.push(socket);
      const topic = `quiz:${DIALOG}:${msgId}`;
      socket.send({ type: "subscribe", topic });
      expect(await socket.next()).toEqual({ type: "subscribed", topic });
      const made = json<TQuizResultReply>(await answer(ann.browser, { msgId }));
      expect(await socket.next()).toEqual({ type: "event", topic, kind: "result", id: made.id });
      for (const refused of [`quiz:${DIALOG}:nope`, "quiz:page:quiz-draft:d1", "quiz:page:other-quiz:o1", "quiz:nonsense"]) {
        socket.send({ type: "subscribe", topic: refused });
        expect(await socket.next()).toEqual({ type: "refused", topic: refused, code: "REALTIME-TOPIC-DENIED" });
      }
    });
  });
});
