/**
 * The chat's realtime topics on the whole app, listening on a port (docs/decisions/0032, docs/api/chat.md):
 * `chat:{id}` for its readers, `user:{id}` for the user only, `inbox:{portalId}` for the portal's
 * mentors; events carry ids only, and foreign topics are refused.
 */
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "../../../../tests/setup/databases";
import { mentor, onlyAvailable, openChat, send, setAssignment, type Mentor } from "../../../../tests/support/chat";
import { openRealtime, type RealtimeSocket } from "../../../../tests/support/realtime";
import { register, sessionBrowser, type Registered } from "../../../../tests/support/sign-in";
import type { TRealtimeServerMessage } from "../../../domain/realtime";

/** The next frame that matches, skipping others (several topics share one socket). */
async function frame(socket: RealtimeSocket, match: Partial<Extract<TRealtimeServerMessage, { type: "event" }>>) {
  for (;;) {
    const f = await socket.next();
    if (f.type === "event" && Object.entries(match).every(([k, v]) => (f as Record<string, unknown>)[k] === v)) return f;
  }
}

describeEachDatabase("mentor chat: realtime topics", (t) => {
  let app: FastifyInstance;
  let base: string;
  let aylin: Mentor;
  const sockets: RealtimeSocket[] = [];
  const open = async (who?: Registered | { accessToken: string }) => {
    const s = await openRealtime(base, who ? { authorization: `Bearer ${who.accessToken}` } : {});
    sockets.push(s);
    return s;
  };
  const subscribe = async (s: RealtimeSocket, topic: string) => {
    s.send({ type: "subscribe", topic });
    return s.next();
  };

  beforeAll(async () => {
    app = await t.buildApp();
    base = await app.listen({ port: 0, host: "127.0.0.1" });
    aylin = await mentor(app, t.database, t.config.PORTAL_ID, { name: "Aylin RT" });
    await onlyAvailable(t.db, t.config.PORTAL_ID, [aylin.profileId]);
    await setAssignment(t.db, t.config.PORTAL_ID, "learner-chooses");
  });
  afterAll(() => {
    for (const s of sockets) s.ws.terminate();
  });

  it("the learner hears messages and notifications, the mentor hears the inbox; ids only", async () => {
    const learner = await register(app);
    const chat = await openChat(learner, t.config.PORTAL_ID);
    const mine = await open(learner);
    expect(await subscribe(mine, `chat:${chat.id}`)).toEqual({ type: "subscribed", topic: `chat:${chat.id}` });
    expect(await subscribe(mine, `user:${learner.userId}`)).toEqual({ type: "subscribed", topic: `user:${learner.userId}` });
    const theirs = await open(aylin);
    const inbox = `inbox:${t.config.PORTAL_ID}`;
    expect(await subscribe(theirs, inbox)).toEqual({ type: "subscribed", topic: inbox });
    expect(await subscribe(theirs, `chat:${chat.id}`)).toEqual({ type: "subscribed", topic: `chat:${chat.id}` });

    const question = await send(learner, chat.id, "Realtime?");
    expect(await frame(mine, { topic: `chat:${chat.id}`, kind: "message" })).toEqual({
      type: "event",
      topic: `chat:${chat.id}`,
      kind: "message",
      id: question.id,
    });
    expect(await frame(theirs, { topic: inbox, kind: "chat" })).toEqual({ type: "event", topic: inbox, kind: "chat", id: chat.id });

    const answer = await send(aylin, chat.id, "Yes, live.");
    expect(await frame(mine, { topic: `chat:${chat.id}`, kind: "message", id: answer.id })).toBeTruthy();
    expect(await frame(mine, { topic: `user:${learner.userId}`, kind: "notification" })).toMatchObject({ id: answer.id });
    expect(await frame(mine, { topic: `user:${learner.userId}`, kind: "unread" })).toMatchObject({ id: chat.id });

    await learner.browser.post(`/api/chats/${chat.id}/read`, { ids: [answer.id] });
    expect(await frame(theirs, { topic: `chat:${chat.id}`, kind: "read" })).toMatchObject({ id: chat.id });
    await aylin.browser.post(`/api/mentor/chats/${chat.id}/resolve`);
    expect(await frame(mine, { topic: `chat:${chat.id}`, kind: "status" })).toMatchObject({ id: chat.id });
    // The learner's next message reopens it: the followers hear the message, then the new status.
    const reopening = await send(learner, chat.id, "One more question");
    expect(await frame(theirs, { topic: `chat:${chat.id}`, kind: "message", id: reopening.id })).toBeTruthy();
    expect(await frame(theirs, { topic: `chat:${chat.id}`, kind: "status" })).toMatchObject({ id: chat.id });
    expect(await frame(theirs, { topic: inbox, kind: "chat" })).toMatchObject({ id: chat.id });
  });

  it("refuses foreign topics: another learner's chat and user, the inbox for learners, anything for guests and sessions", async () => {
    const owner = await register(app);
    const chat = await openChat(owner, t.config.PORTAL_ID);
    const other = await register(app);
    const stranger = await open(other);
    const denied = (topic: string) => ({ type: "refused", topic, code: "REALTIME-TOPIC-DENIED" });
    for (const topic of [`chat:${chat.id}`, "chat:cht_aaaaaaaaaaaaaaaaaaaaaaaaaa", `user:${owner.userId}`, `inbox:${t.config.PORTAL_ID}`]) {
      expect(await subscribe(stranger, topic)).toEqual(denied(topic));
    }
    const guest = await open();
    expect(await subscribe(guest, `user:${owner.userId}`)).toEqual(denied(`user:${owner.userId}`));
    expect(await subscribe(guest, `chat:${chat.id}`)).toEqual(denied(`chat:${chat.id}`));
    const session = await sessionBrowser(app);
    const sessionSocket = await openRealtime(base, { cookie: `apollo-token=${session.browser.jar["apollo-token"]}`, origin: base });
    sockets.push(sessionSocket);
    expect(await subscribe(sessionSocket, `user:${session.userId}`)).toEqual(denied(`user:${session.userId}`));
    // Another portal's inbox, even for a mentor.
    const mentorSocket = await open(aylin);
    expect(await subscribe(mentorSocket, "inbox:lp-elsewhere")).toEqual(denied("inbox:lp-elsewhere"));
    // A leader may follow any chat of the portal.
    const leader = await mentor(app, t.database, t.config.PORTAL_ID, { role: "mp-leader" });
    expect(await subscribe(await open(leader), `chat:${chat.id}`)).toEqual({ type: "subscribed", topic: `chat:${chat.id}` });
  });
});
