/**
 * The mentor chat over the API (issue 12, docs/api/chat.md): a whole conversation, resends by id,
 * conflicts, paging and updates cursors, read marking and the one unread count, resolve and reopen.
 */
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { describeEachDatabase } from "../../../../tests/setup/databases";
import { mentor, msgId, onlyAvailable, openChat, page, send, setAssignment, type Mentor } from "../../../../tests/support/chat";
import { expectError, json } from "../../../../tests/support/http";
import { migrationBackfill } from "../../../../tests/support/migrations";
import { register, type Registered } from "../../../../tests/support/sign-in";
import type { TChat, TChatMessage } from "../../../domain/chat";
import { chatMessages, chats } from "../../db/schema/chat";
import { users } from "../../db/schema/users";

describeEachDatabase("mentor chat: the conversation", (t) => {
  let app: FastifyInstance;
  let aylin: Mentor;
  const portal = () => t.config.PORTAL_ID;
  beforeAll(async () => {
    app = t.app;
    aylin = await mentor(app, t.database, portal(), { name: "Aylin Test" });
    await onlyAvailable(t.db, portal(), [aylin.profileId]);
    await setAssignment(t.db, portal(), "learner-chooses");
  });
  const rowsOf = (chatId: string) => t.db.select().from(chatMessages).where(eq(chatMessages.chatId, chatId));

  it("a learner and their mentor talk: single mode, replies, notification, read ticks, unread counts, chatV2", async () => {
    const learner = await register(app);
    const setup = json<{ mode: string; mentors: Array<{ id: string }>; chat: TChat | null }>(await learner.browser.get("/api/chats/setup?lang=en"));
    expect(setup.mode).toBe("single");
    expect(setup.mentors.map((m) => m.id)).toEqual([aylin.profileId]);
    expect(setup.chat).toBeNull();

    const res = await learner.browser.post("/api/chats?lang=en", { learningPortalId: portal(), studentId: learner.userId });
    const chat = json<TChat>(res, 201);
    expect(chat).toMatchObject({
      mode: "single",
      mentorId: aylin.userId,
      status: "open",
      unreadMessagesCount: 0,
      mentor: { id: aylin.profileId, fullName: "Aylin Test" },
    });
    // Again: the same chat (200), and the account lists it (seed §3 chatV2).
    expect(json<TChat>(await learner.browser.post("/api/chats", { learningPortalId: portal(), studentId: learner.userId })).id).toBe(chat.id);
    const [row] = await t.db.select({ chatV2: users.chatV2 }).from(users).where(eq(users.id, learner.userId));
    expect(row!.chatV2).toEqual([{ chatId: chat.id, learningPortalId: portal() }]);

    const question = await send(learner, chat.id, "  How do I finish lesson 3?  ", msgId(), {
      context: { kind: "lesson", courseId: "reading-foundations", elementId: "rf-slow-reading", path: "/en/courses/reading-foundations/rf-slow-reading/" },
    });
    expect(question).toMatchObject({
      text: "How do I finish lesson 3?",
      isNew: false,
      readByOther: false,
      participant: { id: learner.userId, isStudent: true },
    });
    expect(question.context).toMatchObject({ courseTitle: "Foundations of Reading", elementNumber: expect.any(Number) });
    expect(question.context!.elementTitle).toEqual(expect.any(String));

    // The mentor sees it unread, in their inbox, waiting.
    expect(json<{ unreadMessagesCount: number }>(await aylin.browser.get("/api/chats/unread")).unreadMessagesCount).toBe(1);
    const inbox = json<{ items: Array<{ id: string; waitingSince: string | null; unreadMessagesCount: number }> }>(
      await aylin.browser.get("/api/mentor/chats?filter=waiting"),
    );
    expect(inbox.items.find((i) => i.id === chat.id)).toMatchObject({ unreadMessagesCount: 1, waitingSince: question.createdAt });
    const detail = json<{ student: { email: string; progressPath: string | null; utm: unknown[] }; waitingSince: string }>(
      await aylin.browser.get(`/api/mentor/chats/${chat.id}?lang=en`),
    );
    expect(detail.student).toMatchObject({ email: learner.email, utm: [] });
    expect(detail.student.progressPath).toBe(`/en/progress/${learner.userId}/rf-slow-reading/${t.config.ENVIRONMENT_ID}/`);
    const seen = await page(aylin, chat.id);
    expect(seen.edges.map((e) => [e.node.text, e.node.isNew])).toEqual([["How do I finish lesson 3?", true]]);
    expect(json(await aylin.browser.post(`/api/chats/${chat.id}/read`, { ids: [question.id] }))).toEqual({ unreadMessagesCount: 0 });

    const answer = await send(aylin, chat.id, "Read the second half again, then press Finish.");
    expect(answer.participant).toMatchObject({ id: aylin.userId, fullName: "Aylin Test", isStudent: false });

    // The learner: one unread reply, one notification about it; the question shows as read.
    const unread = json<{ unreadMessagesCount: number; unreadNotificationsCount: number }>(await learner.browser.get("/api/chats/unread"));
    expect(unread).toMatchObject({ unreadMessagesCount: 1, unreadNotificationsCount: 1 });
    const notes = json<{ items: Array<{ type: string; title: string; text: string; read: boolean }> }>(await learner.browser.get("/api/notifications"));
    expect(notes.items[0]).toMatchObject({ type: "chat-reply", title: "Aylin Test", text: "Read the second half again, then press Finish.", read: false });
    const mine = await page(learner, chat.id);
    expect(mine.edges.map((e) => [e.node.id, e.node.isNew, e.node.readByOther])).toEqual([
      [question.id, false, true],
      [answer.id, true, false],
    ]);
    // Reading the reply reads its notification: one unread count.
    expect(json(await learner.browser.post(`/api/chats/${chat.id}/read`, { ids: [answer.id, question.id] }))).toEqual({ unreadMessagesCount: 0 });
    expect(json(await learner.browser.get("/api/chats/unread"))).toMatchObject({ unreadMessagesCount: 0, unreadNotificationsCount: 0 });
    expect(json<{ unreadCount: number }>(await learner.browser.get("/api/notifications")).unreadCount).toBe(0);
    // The mentor's updates bring the read tick of the answer.
    const updates = json<{ updates: unknown[]; readIds: string[] }>(await aylin.browser.get(`/api/chats/${chat.id}/updates?after=${mine.edges[0]!.cursor}`));
    expect(updates.readIds).toContain(answer.id);
  });

  it("a reply records since when the learner waited (the dashboard's answer times); a reply to no one waiting records nothing", async () => {
    const learner = await register(app);
    const chat = await openChat(learner, portal());
    const first = await send(learner, chat.id, "Hello?");
    await send(learner, chat.id, "Anyone there?");
    const answer = await send(aylin, chat.id, "Here I am.");
    const followUp = await send(aylin, chat.id, "How can I help?");
    const stored = new Map((await rowsOf(chat.id)).map((r) => [r.id, r.answeredWaitFrom?.toISOString() ?? null]));
    expect(stored.get(answer.id)).toBe(first.createdAt);
    expect(stored.get(followUp.id)).toBeNull();
    expect(stored.get(first.id)).toBeNull();
  });

  it("reading the notification reads the reply, and the reply reads the notification", async () => {
    const learner = await register(app);
    const chat = await openChat(learner, portal());
    await send(learner, chat.id, "Hello");
    const reply = await send(aylin, chat.id, "Hi! How can I help?");
    const notes = json<{ items: Array<{ id: string }> }>(await learner.browser.get("/api/notifications"));
    expect(json(await learner.browser.post("/api/notifications/read", { ids: [notes.items[0]!.id] }))).toEqual({ unreadCount: 0 });
    expect(json(await learner.browser.get("/api/chats/unread"))).toMatchObject({ unreadMessagesCount: 0 });
    const [stored] = await t.db.select().from(chatMessages).where(eq(chatMessages.id, reply.id));
    expect(stored!.readAt).not.toBeNull();
    // Another learner's notification id: 404, nothing marked.
    const other = await register(app);
    const second = await send(aylin, chat.id, "Still there?");
    const pending = json<{ items: Array<{ id: string; read: boolean }> }>(await learner.browser.get("/api/notifications")).items.find((n) => !n.read)!;
    expectError(await other.browser.post("/api/notifications/read", { ids: [pending.id] }), 404, "NOTIFICATION-NOT-FOUND");
    expect(json(await learner.browser.get("/api/chats/unread"))).toMatchObject({ unreadMessagesCount: 1, unreadNotificationsCount: 1 });
    expect(json(await learner.browser.post("/api/notifications/read", { all: true }))).toEqual({ unreadCount: 0 });
    const [again] = await t.db.select().from(chatMessages).where(eq(chatMessages.id, second.id));
    expect(again!.readAt).not.toBeNull();
  });

  describe("resends by id", () => {
    let learner: Registered;
    let chat: TChat;
    beforeAll(async () => {
      learner = await register(app);
      chat = await openChat(learner, portal());
    });

    it("the same id and text again answers the stored message (200) and stores nothing new", async () => {
      const id = msgId();
      const first = await send(learner, chat.id, "Once only", id);
      const again = await learner.browser.post(`/api/chats/${chat.id}/messages`, { id, text: "Once only" });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toMatchObject({ id, text: "Once only", createdAt: first.createdAt });
      expect((await rowsOf(chat.id)).filter((r) => r.id === id)).toHaveLength(1);
    });

    it("20 concurrent posts of one id store exactly one row", async () => {
      const racer = await register(app);
      const racerChat = await openChat(racer, portal());
      const id = msgId();
      const replies = await Promise.all(Array.from({ length: 20 }, () => racer.browser.post(`/api/chats/${racerChat.id}/messages`, { id, text: "Race" })));
      expect(replies.map((r) => r.statusCode).sort()).toEqual([...Array(19).fill(200), 201]);
      expect(new Set(replies.map((r) => r.json().id))).toEqual(new Set([id]));
      expect((await rowsOf(racerChat.id)).filter((r) => r.id === id)).toHaveLength(1);
    });

    it("concurrent sends of different ids to one chat, from both sides, all land (no deadlock on the chat's row)", async () => {
      // Issue 31: a send's insert holds the FK's KEY SHARE lock on the chat row while the unread trigger
      // updates that row; the status read under FOR UPDATE then waited for the other send and deadlocked.
      const racer = await register(app);
      const racerChat = await openChat(racer, portal());
      // A mentor of its own (taking no new chats), so the sends count against no other test's send limit.
      const racerMentor = await mentor(app, t.database, portal(), { available: false });
      await t.db.update(chats).set({ mentorId: racerMentor.userId }).where(eq(chats.id, racerChat.id));
      const sends = [
        ...Array.from({ length: 12 }, (_, i) => racer.browser.post(`/api/chats/${racerChat.id}/messages`, { id: msgId(), text: `Learner ${i}` })),
        ...Array.from({ length: 6 }, (_, i) => racerMentor.browser.post(`/api/chats/${racerChat.id}/messages`, { id: msgId(), text: `Mentor ${i}` })),
      ];
      const replies = await Promise.all(sends);
      expect(replies.map((r) => r.statusCode)).toEqual(Array(18).fill(201));
      expect(await rowsOf(racerChat.id)).toHaveLength(18);
    });

    it("another text, another chat or another author under a used id is 409 CHAT-MESSAGE-CONFLICT", async () => {
      const id = msgId();
      await send(learner, chat.id, "Original", id);
      expectError(await learner.browser.post(`/api/chats/${chat.id}/messages`, { id, text: "Changed" }), 409, "CHAT-MESSAGE-CONFLICT");
      const other = await register(app);
      const otherChat = await openChat(other, portal());
      expectError(await other.browser.post(`/api/chats/${otherChat.id}/messages`, { id, text: "Original" }), 409, "CHAT-MESSAGE-CONFLICT");
      expectError(await aylin.browser.post(`/api/chats/${chat.id}/messages`, { id, text: "Original" }), 409, "CHAT-MESSAGE-CONFLICT");
      expect((await rowsOf(chat.id)).find((r) => r.id === id)!.text).toBe("Original");
      expect((await rowsOf(otherChat.id)).length).toBe(0);
    });
  });

  it("pages of 20 before a cursor, and updates after one", async () => {
    const learner = await register(app);
    const chat = await openChat(learner, portal());
    const sent: TChatMessage[] = [];
    for (let i = 1; i <= 25; i++) sent.push(i % 2 ? await send(learner, chat.id, `L${i}`) : await send(aylin, chat.id, `M${i}`));
    const last = await page(learner, chat.id);
    expect(last.edges.map((e) => e.node.text)).toEqual(sent.slice(5).map((m) => m.text));
    expect(last.pageInfo.hasPreviousPage).toBe(true);
    const first = await page(learner, chat.id, `&before=${last.pageInfo.startCursor}`);
    expect(first.edges.map((e) => e.node.text)).toEqual(sent.slice(0, 5).map((m) => m.text));
    expect(first.pageInfo.hasPreviousPage).toBe(false);
    const small = await page(learner, chat.id, "&limit=3");
    expect(small.edges.map((e) => e.node.text)).toEqual(["L23", "M24", "L25"]);
    expectError(await learner.browser.get(`/api/chats/${chat.id}/messages?limit=21`), 400, "VALIDATION");

    const cursor = last.pageInfo.endCursor!;
    const none = json<{ updates: unknown[]; endCursor: string; hasMore: boolean }>(await learner.browser.get(`/api/chats/${chat.id}/updates?after=${cursor}`));
    expect(none).toMatchObject({ updates: [], endCursor: cursor, hasMore: false });
    const later = await send(aylin, chat.id, "After the cursor");
    const got = json<{ updates: Array<{ cursor: string; node: TChatMessage }>; endCursor: string; chat: TChat }>(
      await learner.browser.get(`/api/chats/${chat.id}/updates?after=${cursor}`),
    );
    expect(got.updates.map((u) => [u.node.id, u.node.isNew])).toEqual([[later.id, true]]);
    expect(got.endCursor).toBe(got.updates[0]!.cursor);
    expect(got.chat.unreadMessagesCount).toBeGreaterThan(0);
  });

  it("the mentor resolves a chat; the learner's next message reopens it and it waits again", async () => {
    const learner = await register(app);
    const chat = await openChat(learner, portal());
    await send(learner, chat.id, "Question");
    await send(aylin, chat.id, "Answer");
    expect(json<TChat>(await aylin.browser.post(`/api/mentor/chats/${chat.id}/resolve`)).status).toBe("resolved");
    expect(json<TChat>(await learner.browser.get(`/api/chats/${chat.id}`)).status).toBe("resolved");
    const again = await send(learner, chat.id, "One more thing");
    expect(json<TChat>(await learner.browser.get(`/api/chats/${chat.id}`)).status).toBe("open");
    const detail = json<{ waitingSince: string | null }>(await aylin.browser.get(`/api/mentor/chats/${chat.id}`));
    expect(detail.waitingSince).toBe(again.createdAt);
  });

  it("text is stored as typed: <script> comes back as the same literal text", async () => {
    const learner = await register(app);
    const chat = await openChat(learner, portal());
    const text = `<script>alert("x")</script> & <b>bold</b>`;
    const sent = await send(learner, chat.id, text);
    expect(sent.text).toBe(text);
    expect((await page(aylin, chat.id)).edges[0]!.node.text).toBe(text);
  });

  it("a context keeps only a same-origin path; unknown ids get null titles", async () => {
    const learner = await register(app);
    const chat = await openChat(learner, portal());
    const sent = await send(learner, chat.id, "From somewhere", msgId(), {
      context: { kind: "lesson", courseId: "no-such-course", elementId: "no-such-element", path: "/en/x/?q=1#frag" },
    });
    expect(sent.context).toEqual({
      kind: "lesson",
      courseId: "no-such-course",
      elementId: "no-such-element",
      path: "/en/x/",
      courseTitle: null,
      elementTitle: null,
      elementNumber: null,
    });
    for (const path of ["//evil.example/x", "https://evil.example/", "/\\evil.example", "javascript:alert(1)"]) {
      expectError(await learner.browser.post(`/api/chats/${chat.id}/messages`, { id: msgId(), text: "x", context: { kind: "page", path } }), 400, "VALIDATION");
    }
  });

  it("the typical reply time is the median of minutes from a learner's first unanswered message to the reply", async () => {
    const timed = await mentor(app, t.database, portal(), { name: "Timed" });
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
    for (const [asked, followUp, answered] of [
      [60, 55, 50],
      [40, 39, 10],
      [200, 190, 180],
    ] as const) {
      const l = await register(app);
      const c = await openChat(l, portal());
      await t.db.insert(chatMessages).values([
        { id: msgId(), chatId: c.id, authorId: l.userId, authorKind: "student", text: "q", createdAt: at(asked) },
        { id: msgId(), chatId: c.id, authorId: l.userId, authorKind: "student", text: "q2", createdAt: at(followUp) },
        { id: msgId(), chatId: c.id, authorId: timed.userId, authorKind: "mentor", text: "a", createdAt: at(answered) },
      ]);
    }
    // Written here, not sent: the replies get the waits they answered as migration 0027 gave existing messages.
    await t.db.execute(sql.raw(migrationBackfill("0027_chat_answered_wait_from")));
    // 10, 30 and 20 minutes from the first unanswered question: the median is 20.
    const profile = json<{ typicalReplyMinutes: number | null }>(await app.inject({ method: "GET", url: `/api/mentors/${timed.profileId}` }));
    expect(profile.typicalReplyMinutes).toBe(20);
    const fresh = await mentor(app, t.database, portal(), { available: false });
    expect(
      json<{ typicalReplyMinutes: number | null }>(await app.inject({ method: "GET", url: `/api/mentors/${fresh.profileId}` })).typicalReplyMinutes,
    ).toBeNull();
    expect(json<{ typicalReplyMinutes: number | null }>(await aylin.browser.get("/api/chats/setup")).typicalReplyMinutes).toEqual(expect.any(Number));
  });

  it("mentor profiles filter by portal, role and campaign", async () => {
    const leader = await mentor(app, t.database, portal(), { role: "mp-leader", campaign: "autumn" });
    const get = async (q: string) => json<{ items: Array<{ id: string; role: string }> }>(await app.inject({ method: "GET", url: `/api/mentors?${q}` }));
    expect((await get("roleIds=mp-leader")).items.map((i) => i.id)).toContain(leader.profileId);
    expect((await get("roleIds=mentor")).items.every((i) => i.role === "mentor")).toBe(true);
    expect((await get("roleIds=nonsense")).items).toEqual([]);
    expect((await get("campaign=autumn")).items.map((i) => i.id)).toEqual([leader.profileId]);
    expect((await get("mentorOnLpIds=lp-elsewhere")).items).toEqual([]);
    expect((await get(`mentorOnLpIds=${portal()}&limit=1`)).items).toHaveLength(1);
    expectError(await app.inject({ method: "GET", url: "/api/mentors?limit=101" }), 400, "VALIDATION");
  });
});
