import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "../../../../tests/setup/databases";
import { mentor } from "../../../../tests/support/chat";
import { uniqueEmail } from "../../../../tests/support/factories";
import { migrationBackfill } from "../../../../tests/support/migrations";
import { Browser, expectError, json } from "../../../../tests/support/http";
import { learner } from "../../../../tests/support/sign-in";
import type { TDashboard } from "../../../domain/dashboard";
import { testAttempts } from "../../db/schema/assessments";
import { auditLog } from "../../db/schema/audit";
import { chatMessages, chats } from "../../db/schema/chat";
import { courseProgress, courses, elementProgress, elements } from "../../db/schema/courses";
import { discussionPosts } from "../../db/schema/discussions";
import { orders } from "../../db/schema/orders";
import { portalDisciples, progressRecords, users } from "../../db/schema/users";
import { upsertPortal } from "../../db/seed/factories";

const origin = { origin: "http://localhost" };
const at = (s: string) => new Date(s);
const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);
const RANGE = "from=2031-03-01&to=2031-03-07";

describeEachDatabase("back office: the dashboard", (t) => {
  const portal = () => t.config.PORTAL_ID;
  const tag = randomBytes(3).toString("hex");
  const C = `dash-course-${tag}`;
  const T = `dash-tests-${tag}`;
  const el = (n: number) => `${C}-e${n}`;
  const TEST = `${T}-quiz`;
  const ids: Record<string, string> = {};

  async function person(key: string, registered?: Date) {
    const id = `usr-dash-${key}-${tag}`;
    ids[key] = id;
    await t.db.insert(users).values({ id, status: "active", roles: ["disciple"], email: uniqueEmail(key), firstName: key, lastName: "Learner" });
    if (registered) await t.db.insert(portalDisciples).values({ portalId: portal(), userId: id, registeredAt: registered });
    return id;
  }
  async function enrol(userId: string, courseId: string, createdAt: Date, updatedAt = createdAt) {
    const recordId = `${portal()}:${userId}`;
    await t.db.insert(progressRecords).values({ id: recordId, portalId: portal(), userId }).onConflictDoNothing();
    await t.db.insert(courseProgress).values({ userId, courseId, recordId, createdAt, updatedAt });
  }
  /** The completion the progress module records when a finish leaves every visible element done. */
  async function completed(userId: string, courseId: string, when: Date) {
    await t.db
      .update(courseProgress)
      .set({ completedAt: when })
      .where(and(eq(courseProgress.userId, userId), eq(courseProgress.courseId, courseId)));
  }
  async function progress(userId: string, elementId: string, courseId: string, state: "opened" | "done", when: Date) {
    await t.db.insert(elementProgress).values({ userId, courseId, elementId, state, started: when, finished: state === "done" ? when : null, updatedAt: when });
  }
  async function attempt(userId: string, number: number, passed: boolean | null, submittedAt: Date) {
    await t.db.insert(testAttempts).values({
      id: `tat_${randomBytes(8).toString("hex")}`,
      userId,
      elementId: TEST,
      courseId: T,
      number,
      status: passed === null ? "awaiting-mentor" : "graded",
      questionIds: ["q1"],
      passed,
      score: passed === null ? null : passed ? 90 : 10,
      startedAt: submittedAt,
      submittedAt,
    });
  }
  async function chatOf(studentId: string, waitingSince: Date | null, messages: Array<["student" | "mentor", Date]>) {
    const id = `cht_${randomBytes(13).toString("hex").slice(0, 26)}`;
    await t.db.insert(chats).values({ id, portalId: portal(), studentId, mentorId: null, mode: "mentor-chooses", waitingSince });
    for (const [kind, createdAt] of messages) {
      await t.db.insert(chatMessages).values({
        id: `lpmmsg:${randomBytes(8).toString("hex")}`,
        chatId: id,
        authorId: kind === "student" ? studentId : "usr-some-mentor",
        authorKind: kind,
        text: "hi",
        createdAt,
      });
    }
    return id;
  }
  async function post(authorId: string, createdAt: Date, extra: Partial<typeof discussionPosts.$inferInsert> = {}) {
    await t.db.insert(discussionPosts).values({
      id: `dpost:${randomBytes(8).toString("hex")}`,
      portalId: portal(),
      discussionId: `disc-${tag}`,
      elementId: el(1),
      courseId: C,
      authorId,
      authorKind: "learner",
      text: "A question",
      createdAt,
      ...extra,
    });
  }

  beforeAll(async () => {
    await t.db.insert(courses).values([
      { id: C, portalId: portal(), title: { en: "Dash course", tr: "Pano kursu" }, index: 900 },
      { id: T, portalId: portal(), title: { en: "Dash tests" }, index: 901 },
    ]);
    await t.db
      .insert(elements)
      .values([
        ...[1, 2, 3].map((n) => ({ id: el(n), courseId: C, type: "lesson" as const, title: { en: `Lesson ${n}` }, number: n, index: n })),
        { id: el(4), courseId: C, type: "lesson" as const, title: { en: "Hidden" }, number: 4, index: 4, visible: false },
        { id: TEST, courseId: T, type: "test" as const, title: { en: "Quiz" }, number: 1, index: 1 },
      ]);
    // New learners: 2 on March 2, 1 on March 5, 1 after the range.
    await person("a", at("2031-03-02T08:00:00Z"));
    await person("b", at("2031-03-02T23:59:59Z"));
    await person("c", at("2031-03-05T00:00:00Z"));
    await person("d", at("2031-03-08T00:00:00Z"));
    // Enrolments: a, b, c in the range, d before it. a and d finish every visible element in the range.
    for (const k of ["a", "b", "c"]) await enrol(ids[k]!, C, at("2031-03-02T09:00:00Z"), at("2031-03-04T09:00:00Z"));
    await enrol(ids.d!, C, at("2031-02-20T09:00:00Z"), at("2031-03-04T09:00:00Z"));
    for (const n of [1, 2, 3]) await progress(ids.a!, el(n), C, "done", at(`2031-03-03T1${n}:00:00Z`));
    for (const n of [1, 2, 3]) await progress(ids.d!, el(n), C, "done", at(`2031-03-04T1${n}:00:00Z`));
    await completed(ids.a!, C, at("2031-03-03T13:00:00Z"));
    await completed(ids.d!, C, at("2031-03-04T13:00:00Z"));
    for (const n of [1, 2]) await progress(ids.b!, el(n), C, "done", at(`2031-03-03T1${n}:00:00Z`));
    await progress(ids.b!, el(3), C, "opened", at("2031-03-03T13:00:00Z"));
    await progress(ids.c!, el(1), C, "opened", at("2031-03-03T10:00:00Z"));
    // Tests: in the range 3 graded (2 passed) and one awaiting a mentor; one graded after it.
    await attempt(ids.a!, 1, true, at("2031-03-03T10:00:00Z"));
    await attempt(ids.b!, 1, false, at("2031-03-03T10:00:00Z"));
    await attempt(ids.b!, 2, true, at("2031-03-04T10:00:00Z"));
    await attempt(ids.c!, 1, null, at("2031-03-04T10:00:00Z"));
    await attempt(ids.d!, 1, false, at("2031-03-09T10:00:00Z"));
    // Money: paid in the range USD 10.00 + 25.00 and RUB 7.00; a created order and a payment after the range do not count.
    const order = (userId: string, currency: "USD" | "RUB", amountMinor: number, status: "paid" | "created", paidAt: Date | null) => ({
      id: `ord_${randomBytes(13).toString("hex").slice(0, 26)}`,
      environmentId: t.config.ENVIRONMENT_ID,
      userId,
      courseId: C,
      gateway: "sandbox" as const,
      status,
      currency,
      listAmountMinor: amountMinor,
      amountMinor,
      lang: "en",
      returnPath: "/en/order-result/x/",
      paidAt,
    });
    await t.db
      .insert(orders)
      .values([
        order(ids.a!, "USD", 1000, "paid", at("2031-03-02T10:00:00Z")),
        order(ids.b!, "USD", 2500, "paid", at("2031-03-06T10:00:00Z")),
        order(ids.c!, "RUB", 700, "paid", at("2031-03-03T10:00:00Z")),
        order(ids.d!, "USD", 9900, "created", null),
        { ...order(ids.a!, "USD", 5000, "paid", at("2031-03-08T10:00:00Z")), courseId: T },
      ]);
    // Chat answers in the range: 30 minutes, 27 hours (from the first of two waiting messages), 3 hours.
    await chatOf(ids.a!, null, [
      ["student", at("2031-03-02T10:00:00Z")],
      ["mentor", at("2031-03-02T10:30:00Z")],
      ["student", at("2031-03-03T09:00:00Z")],
      ["student", at("2031-03-03T09:10:00Z")],
      ["mentor", at("2031-03-04T12:00:00Z")],
      ["mentor", at("2031-03-04T12:05:00Z")],
    ]);
    await chatOf(ids.b!, null, [
      ["student", at("2031-03-05T00:00:00Z")],
      ["mentor", at("2031-03-05T03:00:00Z")],
    ]);
    // Written here, not sent: the replies get the waits they answered as migration 0027 gave existing messages.
    await t.db.execute(sql.raw(migrationBackfill("0027_chat_answered_wait_from")));
    // Discussions in the range: two learners' questions wait; an answered one, a reply and a mentor's post do not.
    await post(ids.a!, at("2031-03-02T10:00:00Z"));
    await post(ids.b!, at("2031-03-03T10:00:00Z"));
    await post(ids.c!, at("2031-03-03T10:00:00Z"), { answeredAt: at("2031-03-03T11:00:00Z") });
    await post(ids.c!, at("2031-03-03T12:00:00Z"), { parentId: "dpost:whatever" });
    await post(ids.c!, at("2031-03-03T12:00:00Z"), { authorKind: "mentor" });
  });

  const admin = () => learner(t.app, t.db, { roles: ["admin"] });
  const get = async (browser: Browser, query: string) => json<TDashboard>(await browser.get(`/api/admin/dashboard?${query}`));

  it("counts each number of the range exactly", async () => {
    const d = await get((await admin()).browser, `${RANGE}&courseId=${C}&lang=en`);
    expect(d.from).toBe("2031-03-01");
    expect(d.newLearners).toEqual([
      { day: "2031-03-01", count: 0 },
      { day: "2031-03-02", count: 2 },
      { day: "2031-03-03", count: 0 },
      { day: "2031-03-04", count: 0 },
      { day: "2031-03-05", count: 1 },
      { day: "2031-03-06", count: 0 },
      { day: "2031-03-07", count: 0 },
    ]);
    expect(d.courses.find((c) => c.courseId === C)).toEqual({ courseId: C, title: "Dash course", enrolled: 3, completed: 2 });
    expect(d.funnel).toEqual({
      courseId: C,
      title: "Dash course",
      steps: [
        { elementId: el(1), title: "Lesson 1", started: 3, finished: 2 },
        { elementId: el(2), title: "Lesson 2", started: 2, finished: 2 },
        { elementId: el(3), title: "Lesson 3", started: 2, finished: 1 },
      ],
    });
    expect(d.tests).toEqual([{ elementId: TEST, title: "Quiz", graded: 3, passed: 2 }]);
    expect(d.revenue).toEqual([
      { currency: "RUB", amountMinor: 700, orders: 1 },
      { currency: "USD", amountMinor: 3500, orders: 2 },
    ]);
    expect(d.chat.answered).toBe(3);
    expect(d.chat.withinPromise).toBe(2);
    expect(d.chat.medianMinutes).toBe(180);
    expect(d.chat.buckets).toEqual([
      { key: "under1h", value: 1 },
      { key: "under4h", value: 1 },
      { key: "under24h", value: 0 },
      { key: "over24h", value: 1 },
    ]);
    expect(d.discussions).toEqual([{ courseId: C, title: "Dash course", waiting: 2, overPromise: 0 }]);
    // Titles follow the reader's language.
    expect((await get((await admin()).browser, `${RANGE}&courseId=${C}&lang=tr`)).funnel.title).toBe("Pano kursu");
  });

  it("lists each stuck rule: one learner in, one out", async () => {
    const idle = await person("idle");
    const active = await person("active");
    const finished = await person("finished");
    for (const [who, days] of [
      [idle, 10],
      [active, 2],
      [finished, 10],
    ] as const) {
      await enrol(who, C, hoursAgo(24 * 20), hoursAgo(24 * days));
      await progress(who, el(1), C, "done", hoursAgo(24 * days));
    }
    for (const n of [2, 3]) await progress(finished, el(n), C, "done", hoursAgo(240));
    const failer = await person("failer");
    const recovered = await person("recovered");
    const once = await person("once");
    await attempt(failer, 1, false, hoursAgo(50));
    await attempt(failer, 2, false, hoursAgo(40));
    await attempt(recovered, 1, false, hoursAgo(50));
    await attempt(recovered, 2, false, hoursAgo(40));
    await attempt(recovered, 3, true, hoursAgo(30));
    await attempt(once, 1, false, hoursAgo(50));
    const waiting = await person("waiting");
    const fresh = await person("fresh");
    await chatOf(waiting, hoursAgo(25), [["student", hoursAgo(25)]]);
    await chatOf(fresh, hoursAgo(2), [["student", hoursAgo(2)]]);
    const asker = await person("asker");
    const newAsker = await person("newasker");
    await post(asker, hoursAgo(30));
    await post(newAsker, hoursAgo(1));

    const d = await get((await admin()).browser, "lang=en");
    const reasons = (userId: string) => d.stuck.filter((s) => s.userId === userId).map((s) => s.reason);
    expect(reasons(idle)).toEqual(["no-progress"]);
    expect(reasons(active)).toEqual([]);
    expect(reasons(finished)).toEqual([]);
    expect(reasons(failer)).toEqual(["failed-twice"]);
    expect(reasons(recovered)).toEqual([]);
    expect(reasons(once)).toEqual([]);
    expect(reasons(waiting)).toEqual(["chat-unanswered"]);
    expect(reasons(fresh)).toEqual([]);
    expect(reasons(asker)).toEqual(["discussion-unanswered"]);
    expect(reasons(newAsker)).toEqual([]);
    const row = d.stuck.find((s) => s.userId === idle)!;
    expect(row).toMatchObject({ name: "idle Learner", about: "Dash course" });
    expect(Date.parse(row.since)).toBeLessThan(Date.now() - 9 * 86_400_000);
    expect(d.stuck.find((s) => s.userId === failer)!.about).toBe("Quiz");
    expect(d.stuck.find((s) => s.userId === waiting)!.chatId).toMatch(/^cht_/);
    expect(d.chat.waitingOverPromise).toBe(d.stuck.filter((s) => s.reason === "chat-unanswered").length);
    // N is the caller's: with 15 days the idle learner is not stuck yet.
    const d15 = await get((await admin()).browser, "stuckDays=15");
    expect(d15.stuck.filter((s) => s.userId === idle)).toEqual([]);
  });

  it("refuses bad ranges with the field", async () => {
    const { browser } = await admin();
    for (const [query, field] of [
      ["from=2031-03-08&to=2031-03-01", "from"],
      ["from=2031-02-30&to=2031-03-01", "from"],
      ["from=yesterday&to=2031-03-01", "from"],
      ["from=2030-01-01&to=2031-03-01", "to"],
      ["from=2031-01-01&to=2031-01-02%00", "to"],
      ["stuckDays=0", "stuckDays"],
      ["stuckDays=abc", "stuckDays"],
    ] as const) {
      const res = await browser.get(`/api/admin/dashboard?${query}`);
      expectError(res, 400, "VALIDATION");
      expect(res.body, query).toContain(field);
    }
    expectError(await browser.get("/api/admin/dashboard?from=2031-01-01"), 400, "VALIDATION");
    expectError(await browser.get("/api/admin/dashboard?courseId=no-such-course"), 404, "NOT-FOUND");
    // A year and a day (366 days) is the longest range.
    expect((await get(browser, "from=2031-01-01&to=2032-01-01")).newLearners).toHaveLength(366);
  });

  it("is for admins and mp-admin only", async () => {
    json(await (await learner(t.app, t.db, { roles: ["mp-admin"] })).browser.get("/api/admin/dashboard"));
    const someone = await person("target");
    const calls: Array<[string, string, unknown?]> = [
      ["GET", "/api/admin/dashboard"],
      ["POST", `/api/admin/dashboard/learners/${someone}/chat`],
      ["POST", `/api/admin/dashboard/learners/${someone}/mentor`, { mentorProfileId: "mnt_none" }],
    ];
    for (const roles of [["disciple"], ["disciple", "mentor"], ["disciple", "mp-leader"]]) {
      const { browser } = await learner(t.app, t.db, { roles });
      for (const [method, url, payload] of calls)
        expectError(await browser.request({ method: method as "GET", url, payload: payload as object, headers: origin }), 403, "ADMINS-ONLY");
    }
    for (const [method, url, payload] of calls)
      expectError(await new Browser(t.app).request({ method: method as "GET", url, payload: payload as object, headers: origin }), 401, "UNAUTHORIZED");
    // Nothing was made for the learner by the refused calls.
    expect(await t.db.select().from(chats).where(eq(chats.studentId, someone))).toEqual([]);
  });

  it("writes to a learner (their chat, made when missing) and hands them to a mentor, each with its audit row", async () => {
    const boss = await admin();
    const learnerId = await person("helpme");
    const opened = json<{ chatId: string; path: string }>(await boss.browser.post(`/api/admin/dashboard/learners/${learnerId}/chat?lang=en`, {}, origin));
    expect(opened.path).toBe(`/en/mentor/?chat=${opened.chatId}`);
    const [row] = await t.db.select().from(chats).where(eq(chats.studentId, learnerId));
    expect(row?.id).toBe(opened.chatId);
    // The admin reads it in the mentors' inbox.
    json(await boss.browser.get(`/api/mentor/chats/${opened.chatId}`));
    // Again: the same chat, no second audit row.
    expect(json<{ chatId: string }>(await boss.browser.post(`/api/admin/dashboard/learners/${learnerId}/chat`, {}, origin)).chatId).toBe(opened.chatId);
    const audits = () =>
      t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityType, "chat"), eq(auditLog.entityId, opened.chatId)));
    expect((await audits()).map((a) => [a.action, a.actorId])).toEqual([["chat.open", boss.userId]]);

    const aylin = await mentor(t.app, t.database, portal(), { name: "Aylin" });
    const handed = json<{ chatId: string }>(
      await boss.browser.post(`/api/admin/dashboard/learners/${learnerId}/mentor`, { mentorProfileId: aylin.profileId }, origin),
    );
    expect(handed.chatId).toBe(opened.chatId);
    const [after] = await t.db.select().from(chats).where(eq(chats.id, opened.chatId));
    expect(after?.mentorId).toBe(aylin.userId);
    expect((await audits()).map((a) => a.action).sort()).toEqual(["chat.assign", "chat.open"]);

    // A learner with no chat is handed over in one step.
    const other = await person("handme");
    json(await boss.browser.post(`/api/admin/dashboard/learners/${other}/mentor`, { mentorProfileId: aylin.profileId }, origin));
    expect((await t.db.select().from(chats).where(eq(chats.studentId, other)))[0]?.mentorId).toBe(aylin.userId);

    // Unknown learner, another portal's mentor, bad bodies.
    expectError(await boss.browser.post("/api/admin/dashboard/learners/usr-nobody/chat", {}, origin), 404, "NOT-FOUND");
    await upsertPortal(t.db, { id: `lp-dash-${tag}` });
    const elsewhere = await mentor(t.app, t.database, `lp-dash-${tag}`);
    expectError(
      await boss.browser.post(`/api/admin/dashboard/learners/${other}/mentor`, { mentorProfileId: elsewhere.profileId }, origin),
      404,
      "MENTOR-NOT-FOUND",
    );
    for (const body of [{}, { mentorProfileId: 5 }, { mentorProfileId: "a\u0000b" }, { mentorProfileId: "x".repeat(500) }]) {
      const res = await boss.browser.post(`/api/admin/dashboard/learners/${other}/mentor`, body, origin);
      expectError(res, 400, "VALIDATION");
      expect(res.body).toContain("mentorProfileId");
    }
  });
});
