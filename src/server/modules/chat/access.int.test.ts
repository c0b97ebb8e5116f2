/**
 * Who may do what in the mentor chat (issue 12 "Robustness"), on every route: learners, mentors,
 * leaders, guests, anonymous sessions and bad tokens; and bad input, which writes nothing.
 */
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { describeEachDatabase } from "../../../../tests/setup/databases";
import { mentor, msgId, onlyAvailable, openChat, send, setAssignment, type Mentor } from "../../../../tests/support/chat";
import { Browser, expectError, json } from "../../../../tests/support/http";
import { register, sessionBrowser, type Registered } from "../../../../tests/support/sign-in";
import { CHAT_LIMITS, type TChat } from "../../../domain/chat";
import { chatMessages, chats } from "../../db/schema/chat";

describeEachDatabase("mentor chat: access and bad input", (t) => {
  let app: FastifyInstance;
  let owner: Registered;
  let other: Registered;
  let assigned: Mentor;
  let otherMentor: Mentor;
  let leader: Mentor;
  let chat: TChat;
  let otherChat: TChat;
  const portal = () => t.config.PORTAL_ID;

  beforeAll(async () => {
    app = t.app;
    assigned = await mentor(app, t.database, portal());
    otherMentor = await mentor(app, t.database, portal());
    leader = await mentor(app, t.database, portal(), { role: "mp-admin" });
    await setAssignment(t.db, portal(), "learner-chooses");
    await onlyAvailable(t.db, portal(), [assigned.profileId]);
    owner = await register(app);
    other = await register(app);
    chat = await openChat(owner, portal());
    otherChat = await openChat(other, portal());
    await send(owner, chat.id, "Mine");
  });

  const chatRoutes = (id: string) =>
    [
      ["GET", `/api/chats/${id}`],
      ["GET", `/api/chats/${id}/messages`],
      ["GET", `/api/chats/${id}/updates?after=0`],
      ["POST", `/api/chats/${id}/messages`, { id: msgId(), text: "Hi" }],
      ["POST", `/api/chats/${id}/read`, { ids: [msgId()] }],
      ["GET", `/api/mentor/chats/${id}`],
      ["POST", `/api/mentor/chats/${id}/resolve`],
    ] as const;
  const call = (b: Browser, [method, url, body]: readonly [string, string, unknown?]) => b.request({ method: method as "GET", url, payload: body as object });
  const messageCount = async (id: string) => (await t.db.select().from(chatMessages).where(eq(chatMessages.chatId, id))).length;

  it("another learner's chat, and a mentor's unassigned one, are 404 CHAT-NOT-FOUND everywhere, like an unknown id", async () => {
    const before = await messageCount(chat.id);
    for (const route of chatRoutes(chat.id)) {
      const res = await call(other.browser, route);
      // The inbox routes tell a learner that the inbox is for mentors, before any chat is looked up.
      if (route[1].startsWith("/api/mentor/")) expectError(res, 403, "MENTORS-ONLY");
      else expectError(res, 404, "CHAT-NOT-FOUND");
      expectError(await call(otherMentor.browser, route), 404, "CHAT-NOT-FOUND");
    }
    for (const route of chatRoutes("cht_aaaaaaaaaaaaaaaaaaaaaaaaaa")) {
      if (!route[1].startsWith("/api/mentor/")) expectError(await call(other.browser, route), 404, "CHAT-NOT-FOUND");
    }
    expect(await messageCount(chat.id)).toBe(before);
    expect(json<TChat>(await owner.browser.get(`/api/chats/${chat.id}`)).status).toBe("open");
  });

  it("the student, the assigned mentor and leaders read the chat", async () => {
    for (const who of [owner, assigned, leader]) expect(json<TChat>(await who.browser.get(`/api/chats/${chat.id}`)).id).toBe(chat.id);
    expect(json<{ student: { email: string } }>(await leader.browser.get(`/api/mentor/chats/${chat.id}`)).student.email).toBe(owner.email);
  });

  it("a guest and an anonymous session are 403 REGISTRATION-REQUIRED; a bad token 401 TOKEN-BAD", async () => {
    const guest = new Browser(app);
    const session = (await sessionBrowser(app)).browser;
    const bad = new Browser(app);
    const routes = [
      ...chatRoutes(chat.id),
      ["POST", "/api/chats", { learningPortalId: portal(), studentId: owner.userId }],
      ["GET", "/api/notifications"],
      ["POST", "/api/notifications/read", { all: true }],
      ["GET", "/api/mentor/chats"],
    ] as const;
    for (const route of routes) {
      expectError(await call(guest, route), 403, "REGISTRATION-REQUIRED");
      expectError(await call(session, route), 403, "REGISTRATION-REQUIRED");
      expectError(
        await bad.request({ method: route[0] as "GET", url: route[1], payload: route[2] as object, headers: { authorization: "Bearer nope" } }),
        401,
        "TOKEN-BAD",
      );
    }
    // The unread check answers guests with zeros; the setup shows them the mentors and no chat.
    expect(json(await guest.get("/api/chats/unread"))).toEqual({ unreadMessagesCount: 0, unreadChatsCount: 0, chats: [], unreadNotificationsCount: 0 });
    expect(json<{ chat: unknown; mentors: unknown[] }>(await session.get("/api/chats/setup"))).toMatchObject({ chat: null });
    expect(
      await t.db
        .select()
        .from(chats)
        .where(eq(chats.studentId, (await sessionBrowser(app)).userId)),
    ).toEqual([]);
  });

  it("studentId or userId not the caller's is 403 CHAT-NOT-YOURS", async () => {
    expectError(await other.browser.post("/api/chats", { learningPortalId: portal(), studentId: owner.userId }), 403, "CHAT-NOT-YOURS");
    expectError(await owner.browser.post(`/api/chats/${chat.id}/messages`, { id: msgId(), text: "x", userId: other.userId }), 403, "CHAT-NOT-YOURS");
    // The caller's own id is fine.
    expect((await owner.browser.post(`/api/chats/${chat.id}/messages`, { id: msgId(), text: "me", userId: owner.userId })).statusCode).toBe(201);
  });

  it("mentors vs leaders on the inbox routes", async () => {
    for (const learnerRoute of [
      ["GET", "/api/mentor/chats"],
      ["PUT", "/api/mentor/availability", { available: false }],
      ["GET", "/api/mentor/settings"],
    ] as const)
      expectError(await call(owner.browser, learnerRoute), 403, "MENTORS-ONLY");
    expectError(await assigned.browser.get("/api/mentor/chats?filter=all"), 403, "LEADERS-ONLY");
    expectError(
      await assigned.browser.put("/api/mentor/settings", { assignment: "mentor-chooses", reofferAfterMinutes: 60, mentorDigestAfterMinutes: 30 }),
      403,
      "LEADERS-ONLY",
    );
    expect(json<{ items: Array<{ id: string }> }>(await assigned.browser.get("/api/mentor/chats?filter=mine")).items.map((i) => i.id)).toContain(chat.id);
    expect(json<{ items: Array<{ id: string }> }>(await otherMentor.browser.get("/api/mentor/chats?filter=mine")).items).toEqual([]);
    const all = json<{ items: Array<{ id: string }> }>(await leader.browser.get("/api/mentor/chats?filter=all&limit=50"));
    expect(all.items.map((i) => i.id)).toEqual(expect.arrayContaining([chat.id, otherChat.id]));
    const settings = { assignment: "learner-chooses", reofferAfterMinutes: 120, mentorDigestAfterMinutes: 45 };
    expect(json(await leader.browser.put("/api/mentor/settings", settings))).toEqual(settings);
    expect(json(await assigned.browser.get("/api/mentor/settings"))).toEqual(settings);
    expect(json<{ available: boolean }>(await otherMentor.browser.put("/api/mentor/availability", { available: false })).available).toBe(false);
  });

  it("inbox paging: newest activity first, then the next page after the cursor", async () => {
    const first = json<{ items: Array<{ id: string; lastActivityAt: string }>; nextCursor: string | null }>(
      await leader.browser.get("/api/mentor/chats?filter=all&limit=1"),
    );
    expect(first.items).toHaveLength(1);
    expect(first.nextCursor).not.toBeNull();
    const second = json<{ items: Array<{ id: string; lastActivityAt: string }> }>(
      await leader.browser.get(`/api/mentor/chats?filter=all&limit=1&before=${first.nextCursor}`),
    );
    expect(second.items[0]!.id).not.toBe(first.items[0]!.id);
    expect(second.items[0]!.lastActivityAt <= first.items[0]!.lastActivityAt).toBe(true);
  });

  describe("bad input writes nothing", () => {
    const post = (body: unknown, headers: Record<string, string> = {}) => owner.browser.post(`/api/chats/${chat.id}/messages`, body, headers);
    it("NUL bytes, 1501 characters, blank, non-string, wrong id formats", async () => {
      const before = await messageCount(chat.id);
      for (const body of [
        { id: msgId(), text: "a\u0000b" },
        { id: msgId(), text: "x".repeat(CHAT_LIMITS.messageMax + 1) },
        { id: msgId(), text: "   \n\t " },
        { id: msgId(), text: "" },
        { id: msgId(), text: 42 },
        { id: msgId(), text: ["a"] },
        { id: msgId() },
        { id: "msg-1", text: "x" },
        { id: "lpmmsg:short", text: "x" },
        { id: `lpmmsg:${"a".repeat(65)}`, text: "x" },
        { id: "lpmmsg:abc$%^&*()", text: "x" },
        { id: msgId(), text: "x", context: { kind: "nope", path: "/en/" } },
      ])
        expectError(await post(body), 400, "VALIDATION");
      expect((await post({ id: msgId(), text: "x".repeat(CHAT_LIMITS.messageMax) })).statusCode).toBe(201);
      expect(await messageCount(chat.id)).toBe(before + 1);
    });

    it("a wrong chat id format, malformed JSON and an oversized body", async () => {
      expectError(await owner.browser.get("/api/chats/not-a-chat"), 400, "VALIDATION");
      expectError(await owner.browser.get(`/api/chats/${chat.id}/messages?before=abc`), 400, "VALIDATION");
      expectError(await owner.browser.get(`/api/chats/${chat.id}/updates`), 400, "VALIDATION");
      expectError(await post('{"id": "lpmmsg:aaaaaaaaaa", "text": ', { "content-type": "application/json" }), 400, "VALIDATION");
      expectError(await post(JSON.stringify({ id: msgId(), text: "x".repeat(40_000) }), { "content-type": "application/json" }), 413, "PAYLOAD-TOO-LARGE");
      expectError(await owner.browser.post(`/api/chats/${chat.id}/read`, { ids: [] }), 400, "VALIDATION");
      expectError(await owner.browser.post(`/api/chats/${chat.id}/read`, { ids: Array.from({ length: 101 }, msgId) }), 400, "VALIDATION");
      expectError(await owner.browser.post("/api/notifications/read", { ids: ["ntf_x"] }), 400, "VALIDATION");
      expectError(await owner.browser.get("/api/mentors/not-a-profile"), 400, "VALIDATION");
      expectError(await owner.browser.get("/api/mentors/mnt_nobody"), 404, "MENTOR-NOT-FOUND");
    });
  });

  it(`sends are rate limited per account: 429 RATE-LIMITED with the translated key`, async () => {
    const limited = await t.buildApp({ CHAT_SENDS_PER_MINUTE: "3" });
    const l = await register(limited);
    const c = json<TChat>(await l.browser.post("/api/chats", { learningPortalId: portal(), studentId: l.userId }), 201);
    for (let i = 0; i < 3; i++) expect((await l.browser.post(`/api/chats/${c.id}/messages`, { id: msgId(), text: `m${i}` })).statusCode).toBe(201);
    const refused = expectError(await l.browser.post(`/api/chats/${c.id}/messages`, { id: msgId(), text: "one too many" }), 429, "RATE-LIMITED");
    expect(refused.key).toBe("errors:codes.RATE_LIMITED");
    for (const lang of ["en", "tr", "ar", "ru"]) {
      const pack = json<{ codes: Record<string, string> }>(await limited.inject({ method: "GET", url: `/locales/${lang}/errors.json` }));
      expect(pack.codes.RATE_LIMITED, lang).toMatch(/\S/);
    }
    expect(await messageCount(c.id)).toBe(3);
  });
});
