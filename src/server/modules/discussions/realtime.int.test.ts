/**
 * The `discussion:{id}` realtime topic on the whole app, listening on a port (docs/decisions/0043):
 * readers of the thread hear new, edited and hidden posts (ids only); who may not read it is refused.
 */
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "../../../../tests/setup/databases";
import { mentor, type Mentor } from "../../../../tests/support/chat";
import { LOCKED_DISCUSSION, OPEN_DISCUSSION, post } from "../../../../tests/support/discussions";
import { openRealtime, type RealtimeSocket } from "../../../../tests/support/realtime";
import { register, type Registered } from "../../../../tests/support/sign-in";
import type { TRealtimeServerMessage } from "../../../domain/realtime";

/** The next frame that matches, skipping others (several topics share one socket). */
async function frame(socket: RealtimeSocket, match: Partial<Extract<TRealtimeServerMessage, { type: "event" }>>) {
  for (;;) {
    const f = await socket.next();
    if (f.type === "event" && Object.entries(match).every(([k, v]) => (f as Record<string, unknown>)[k] === v)) return f;
  }
}

describeEachDatabase("discussions: realtime topic", (t) => {
  let app: FastifyInstance;
  let base: string;
  let aylin: Mentor;
  const sockets: RealtimeSocket[] = [];
  const open = async (who?: Registered) => {
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
    aylin = await mentor(app, t.database, t.config.PORTAL_ID, { name: "Aylin Live" });
  });
  afterAll(() => {
    for (const s of sockets) s.ws.terminate();
  });

  it("readers hear new, edited and hidden posts, and the learner hears the reply's notification; ids only", async () => {
    const learner = await register(app);
    const topic = `discussion:${OPEN_DISCUSSION}`;
    const mine = await open(learner);
    expect(await subscribe(mine, topic)).toEqual({ type: "subscribed", topic });
    expect(await subscribe(mine, `user:${learner.userId}`)).toEqual({ type: "subscribed", topic: `user:${learner.userId}` });
    const theirs = await open(aylin);
    expect(await subscribe(theirs, topic)).toEqual({ type: "subscribed", topic });
    const inbox = `inbox:${t.config.PORTAL_ID}`;
    expect(await subscribe(theirs, inbox)).toEqual({ type: "subscribed", topic: inbox });

    const question = await post(learner, OPEN_DISCUSSION, "Live?");
    expect(await frame(theirs, { topic, kind: "post" })).toEqual({ type: "event", topic, kind: "post", id: question.id });
    expect(await frame(theirs, { topic: inbox, kind: "discussion" })).toMatchObject({ id: question.id });

    const answer = await post(aylin, OPEN_DISCUSSION, "Yes, live.", { parentId: question.id });
    expect(await frame(mine, { topic, kind: "post", id: answer.id })).toBeTruthy();
    expect(await frame(mine, { topic: `user:${learner.userId}`, kind: "notification" })).toMatchObject({ id: answer.id });

    await learner.browser.patch(`/api/discussions/${OPEN_DISCUSSION}/posts/${question.id}`, { text: "Live, really?" });
    expect(await frame(theirs, { topic, kind: "edited" })).toMatchObject({ id: question.id });
    await aylin.browser.post(`/api/mentor/discussion-posts/${question.id}/hide`, { reason: "Test" });
    expect(await frame(mine, { topic, kind: "hidden" })).toMatchObject({ id: question.id });
  });

  it("refuses the topic to guests, to a learner who cannot open the element, and for unknown discussions", async () => {
    const learner = await register(app);
    const denied = (topic: string) => ({ type: "refused", topic, code: "REALTIME-TOPIC-DENIED" });
    const s = await open(learner);
    for (const topic of [`discussion:${LOCKED_DISCUSSION}`, "discussion:disc-no-such-thing"]) expect(await subscribe(s, topic)).toEqual(denied(topic));
    const guest = await open();
    expect(await subscribe(guest, `discussion:${OPEN_DISCUSSION}`)).toEqual(denied(`discussion:${OPEN_DISCUSSION}`));
    // Mentors follow every discussion of the portal.
    expect(await subscribe(await open(aylin), `discussion:${LOCKED_DISCUSSION}`)).toEqual({ type: "subscribed", topic: `discussion:${LOCKED_DISCUSSION}` });
  });
});
