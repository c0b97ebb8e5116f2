/**
 * The realtime hub on its own (docs/decisions/0032): a bare Fastify app on a port with a fake bus
 * and fake tokens, driven by a `ws` client. The app-level behaviour (real tokens, orders, both
 * databases, two instances) is in realtime.int.test.ts and tests/integration/two-instances.int.test.ts.
 */
import fastifyCookie from "@fastify/cookie";
import fastifyWebsocket from "@fastify/websocket";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { wireCode } from "../../domain/errors";
import { REALTIME_LIMITS, type TRealtimeFault, type TRealtimeRefusal } from "../../domain/realtime";
import { guestUser } from "../../domain/user";
import type { Auth } from "../../domain/learning-access";
import { openRealtime, refusal, type RealtimeSocket } from "../../../tests/support/realtime";
import { fakeBus } from "../../../tests/support/fake-bus";
import { installErrorHandler } from "./errors";
import { createRealtimeHub, type RealtimeHub } from "./realtime";

const alice = { ...guestUser(), id: "usr_alice" };
/** Tokens: "alice" is alice (until revoked), none is a guest, anything else is bad. */
const revoked = new Set<string>();
async function authenticate(token: string | undefined): Promise<Auth> {
  if (token === undefined) return { kind: "guest" };
  if (token === "alice" && !revoked.has(token)) return { kind: "user", user: alice, sessionId: "s1" };
  return { kind: "bad-token" };
}

const ALICE = { authorization: "Bearer alice" };
const HEARTBEAT_MS = 100;

describe("platform/realtime hub", () => {
  const bus = fakeBus();
  let app: FastifyInstance;
  let hub: RealtimeHub;
  let base: string;
  const sockets: RealtimeSocket[] = [];
  const open = async (headers: Record<string, string> = ALICE, options = {}) => {
    const s = await openRealtime(base, headers, options);
    sockets.push(s);
    return s;
  };

  beforeAll(async () => {
    app = Fastify({ logger: false });
    installErrorHandler(app);
    await app.register(fastifyCookie);
    await app.register(fastifyWebsocket);
    hub = createRealtimeHub({ bus, authenticate, limits: { heartbeatMs: HEARTBEAT_MS } });
    // "note:" lets anyone follow any note; "mine:" only alice, and only her own id.
    hub.topic("note:", () => true);
    hub.topic("mine:", (viewer, id) => viewer.kind === "user" && viewer.user.id === id);
    hub.install(app);
    base = await app.listen({ port: 0, host: "127.0.0.1" });
  });
  afterAll(async () => {
    for (const s of sockets) s.ws.terminate();
    hub?.close();
    await app?.close();
  });

  it("spells its refusal and fault codes as the error catalogue does", () => {
    const refusals: TRealtimeRefusal[] = ["REALTIME-TOPIC-UNKNOWN", "REALTIME-TOPIC-DENIED", "REALTIME-TOO-MANY-TOPICS"];
    expect(refusals).toEqual([wireCode("REALTIME_TOPIC_UNKNOWN"), wireCode("REALTIME_TOPIC_DENIED"), wireCode("REALTIME_TOO_MANY_TOPICS")]);
    const faults: TRealtimeFault[] = ["REALTIME-MESSAGE-INVALID", "REALTIME-MESSAGE-TOO-LARGE", "REALTIME-TOO-BUSY", "TOKEN-BAD"];
    expect(faults).toEqual([
      wireCode("REALTIME_MESSAGE_INVALID"),
      wireCode("REALTIME_MESSAGE_TOO_LARGE"),
      wireCode("REALTIME_TOO_BUSY"),
      wireCode("TOKEN_BAD"),
    ]);
  });

  it("forwards the bus events of a subscribed topic, and only those, until unsubscribed; answers ping", async () => {
    const s = await open();
    s.send({ type: "ping" });
    expect(await s.next()).toEqual({ type: "pong" });
    s.send({ type: "subscribe", topic: "mine:usr_alice" });
    expect(await s.next()).toEqual({ type: "subscribed", topic: "mine:usr_alice" });
    bus.emit({ topic: "mine:usr_bob", kind: "changed", id: "usr_bob" });
    bus.emit({ topic: "mine:usr_alice", kind: "changed", id: "x1" });
    expect(await s.next()).toEqual({ type: "event", topic: "mine:usr_alice", kind: "changed", id: "x1" });
    s.send({ type: "unsubscribe", topic: "mine:usr_alice" });
    expect(await s.next()).toEqual({ type: "unsubscribed", topic: "mine:usr_alice" });
    bus.emit({ topic: "mine:usr_alice", kind: "changed", id: "x2" });
    // The ping's answer comes first: the event after the unsubscribe was not forwarded.
    s.send({ type: "ping" });
    expect(await s.next()).toEqual({ type: "pong" });
    await s.close();
  });

  it("refuses an unknown prefix and a topic the check says no to, and keeps the socket", async () => {
    const s = await open();
    s.send({ type: "subscribe", topic: "secret:1" });
    expect(await s.next()).toEqual({ type: "refused", topic: "secret:1", code: "REALTIME-TOPIC-UNKNOWN" });
    s.send({ type: "subscribe", topic: "mine:usr_bob" });
    expect(await s.next()).toEqual({ type: "refused", topic: "mine:usr_bob", code: "REALTIME-TOPIC-DENIED" });
    const guest = await open({});
    guest.send({ type: "subscribe", topic: "mine:usr_alice" });
    expect(await guest.next()).toEqual({ type: "refused", topic: "mine:usr_alice", code: "REALTIME-TOPIC-DENIED" });
    s.send({ type: "ping" });
    expect(await s.next()).toEqual({ type: "pong" });
  });

  it(`refuses subscription ${REALTIME_LIMITS.maxSubscriptions + 1} on one socket; a repeated topic does not count`, async () => {
    const s = await open();
    for (let i = 0; i < REALTIME_LIMITS.maxSubscriptions; i++) {
      s.send({ type: "subscribe", topic: `note:${i}` });
      expect(await s.next()).toEqual({ type: "subscribed", topic: `note:${i}` });
    }
    s.send({ type: "subscribe", topic: "note:0" });
    expect(await s.next()).toEqual({ type: "subscribed", topic: "note:0" });
    s.send({ type: "subscribe", topic: "note:extra" });
    expect(await s.next()).toEqual({ type: "refused", topic: "note:extra", code: "REALTIME-TOO-MANY-TOPICS" });
    s.send({ type: "unsubscribe", topic: "note:1" });
    expect(await s.next()).toEqual({ type: "unsubscribed", topic: "note:1" });
    s.send({ type: "subscribe", topic: "note:extra" });
    expect(await s.next()).toEqual({ type: "subscribed", topic: "note:extra" });
  });

  const faults: Array<[string, string | Buffer, TRealtimeFault]> = [
    ["malformed JSON", "{not json", "REALTIME-MESSAGE-INVALID"],
    ["an unknown type", JSON.stringify({ type: "publish", topic: "note:1" }), "REALTIME-MESSAGE-INVALID"],
    ["an extra field", JSON.stringify({ type: "ping", as: "admin" }), "REALTIME-MESSAGE-INVALID"],
    ["a topic with a NUL byte", JSON.stringify({ type: "subscribe", topic: "note:a\u0000b" }), "REALTIME-MESSAGE-INVALID"],
    ["a topic without a prefix", JSON.stringify({ type: "subscribe", topic: "../../etc" }), "REALTIME-MESSAGE-INVALID"],
    ["a binary frame", Buffer.from('{"type":"ping"}'), "REALTIME-MESSAGE-INVALID"],
    ["an oversized frame", JSON.stringify({ type: "subscribe", topic: `note:${"a".repeat(REALTIME_LIMITS.maxFrameBytes)}` }), "REALTIME-MESSAGE-TOO-LARGE"],
  ];
  it.each(faults)("closes the socket with 1008 after an error frame on %s", async (_name, frame, code) => {
    const s = await open();
    s.ws.send(frame);
    expect(await s.next()).toEqual({ type: "error", code });
    expect((await s.closed).code).toBe(1008);
    expect(hub.stats().sockets).toBe(sockets.filter((x) => x.ws.readyState === x.ws.OPEN).length);
  });

  it("closes a socket that floods frames faster than they are handled", async () => {
    const s = await open();
    for (let i = 0; i < REALTIME_LIMITS.maxPendingFrames * 4; i++) s.send({ type: "subscribe", topic: `mine:usr_alice` });
    const seen: string[] = [];
    for (;;) {
      const m = await s.next();
      seen.push(m.type);
      if (m.type === "error") {
        expect(m.code).toBe("REALTIME-TOO-BUSY");
        break;
      }
    }
    expect((await s.closed).code).toBe(1008);
  });

  it("refuses an upgrade with a bad token (401 TOKEN-BAD) or from another site's page (403 BAD-ORIGIN)", async () => {
    const bad = await refusal(base, { authorization: "Bearer forged" });
    expect([bad.status, bad.body.error?.code]).toEqual([401, "TOKEN-BAD"]);
    const cookie = await refusal(base, { cookie: "apollo-token=forged" });
    expect([cookie.status, cookie.body.error?.code]).toEqual([401, "TOKEN-BAD"]);
    const foreign = await refusal(base, { ...ALICE, origin: "https://evil.example" });
    expect([foreign.status, foreign.body.error?.code]).toEqual([403, "BAD-ORIGIN"]);
    // Our own page's origin and the cookie the browser sends are fine.
    const own = await open({ cookie: "apollo-token=alice", origin: base });
    own.send({ type: "subscribe", topic: "mine:usr_alice" });
    expect(await own.next()).toEqual({ type: "subscribed", topic: "mine:usr_alice" });
  });

  it("closes with TOKEN-BAD a socket whose session was revoked, at its next subscribe", async () => {
    const s = await open();
    revoked.add("alice");
    try {
      s.send({ type: "subscribe", topic: "note:1" });
      expect(await s.next()).toEqual({ type: "error", code: "TOKEN-BAD" });
      expect((await s.closed).code).toBe(1008);
    } finally {
      revoked.delete("alice");
    }
  });

  it("tells every socket to resync after the bus reconnected", async () => {
    const [a, b] = [await open(), await open({})];
    bus.resync();
    expect(await a.next()).toEqual({ type: "resync" });
    expect(await b.next()).toEqual({ type: "resync" });
  });

  it("pings sockets and closes the one that stopped answering", async () => {
    const live = await open();
    const dead = await open(ALICE, { autoPong: false });
    const { code } = await dead.closed;
    expect(code).toBe(1006);
    expect(live.ws.readyState).toBe(live.ws.OPEN);
  });
});
