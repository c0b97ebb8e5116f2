import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { backoffDelay, RealtimeClient, type RealtimeStatus, type SocketLike, type TopicListener } from "./realtime-client";

class FakeSocket implements SocketLike {
  readyState = 0;
  onopen: ((ev: unknown) => void) | null = null;
  onclose: ((ev: unknown) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  sent: unknown[] = [];
  closed = false;
  /** A live server answers pings; a test may silence it. */
  answersPings = true;
  constructor(readonly url: string) {}
  send(data: string) {
    const msg = JSON.parse(data) as { type: string };
    this.sent.push(msg);
    if (msg.type === "ping" && this.answersPings) this.push({ type: "pong" });
  }
  close() {
    this.closed = true;
    this.readyState = 3;
  }
  /* What the server and the network do: */
  accept() {
    this.readyState = 1;
    this.onopen?.({});
  }
  drop() {
    this.readyState = 3;
    this.onerror?.({});
    this.onclose?.({});
  }
  push(msg: unknown) {
    this.onmessage?.({ data: JSON.stringify(msg) });
  }
}

let sockets: FakeSocket[];
const last = () => sockets[sockets.length - 1];

function client(extra: Partial<ConstructorParameters<typeof RealtimeClient>[0]> = {}) {
  return new RealtimeClient({
    url: () => "ws://test/api/realtime",
    connect: (url) => {
      const s = new FakeSocket(url);
      sockets.push(s);
      return s;
    },
    random: () => 0.5,
    ...extra,
  });
}

function listener(pollMs?: number): TopicListener & { events: unknown[]; resyncs: number } {
  const l = {
    events: [] as unknown[],
    resyncs: 0,
    pollMs,
    event(e: unknown) {
      l.events.push(e);
    },
    resync() {
      l.resyncs += 1;
    },
  };
  return l;
}

beforeEach(() => {
  sockets = [];
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("backoffDelay", () => {
  it("doubles per attempt up to the cap, with half of it random", () => {
    expect(backoffDelay(0, 1000, 30_000, () => 0)).toBe(500);
    expect(backoffDelay(0, 1000, 30_000, () => 1)).toBe(1000);
    expect(backoffDelay(3, 1000, 30_000, () => 1)).toBe(8000);
    expect(backoffDelay(10, 1000, 30_000, () => 1)).toBe(30_000);
    expect(backoffDelay(10, 1000, 30_000, () => 0)).toBe(15_000);
    expect(backoffDelay(500, 1000, 30_000, () => 0.5)).toBe(22_500);
  });
});

describe("RealtimeClient", () => {
  it("opens one socket for every topic and subscribes each topic once, however many listeners", () => {
    const rt = client();
    const a = listener();
    const b = listener();
    rt.subscribe("chat:cht_1", a);
    rt.subscribe("chat:cht_1", b);
    rt.subscribe("user:u1", listener());
    expect(sockets).toHaveLength(1);
    last().accept();
    expect(last().sent).toEqual([
      { type: "subscribe", topic: "chat:cht_1" },
      { type: "subscribe", topic: "user:u1" },
    ]);
    last().push({ type: "event", topic: "chat:cht_1", kind: "message", id: "lpmmsg:x" });
    expect(a.events).toEqual([{ topic: "chat:cht_1", kind: "message", id: "lpmmsg:x" }]);
    expect(b.events).toHaveLength(1);
    expect(rt.status).toBe("open");
  });

  it("unsubscribes only when the last listener of a topic leaves, and closes the idle socket later", () => {
    const rt = client();
    const stopA = rt.subscribe("chat:cht_1", listener());
    const stopB = rt.subscribe("chat:cht_1", listener());
    last().accept();
    stopA();
    stopA(); // twice is once
    expect(last().sent).toEqual([{ type: "subscribe", topic: "chat:cht_1" }]);
    stopB();
    expect(last().sent.at(-1)).toEqual({ type: "unsubscribe", topic: "chat:cht_1" });
    expect(last().closed).toBe(false);
    vi.advanceTimersByTime(5_000);
    expect(last().closed).toBe(true);
    expect(rt.status).toBe("idle");
  });

  it("subscribes a topic added while open at once; a re-subscription in the idle window keeps the socket", () => {
    const rt = client();
    const stop = rt.subscribe("user:u1", listener());
    last().accept();
    stop();
    vi.advanceTimersByTime(1_000);
    rt.subscribe("chat:cht_2", listener());
    vi.advanceTimersByTime(10_000);
    expect(sockets).toHaveLength(1);
    expect(last().closed).toBe(false);
    expect(last().sent.at(-1)).toEqual({ type: "subscribe", topic: "chat:cht_2" });
  });

  it("reconnects with growing, jittered delays, resubscribes everything and asks listeners to re-read", () => {
    const statuses: RealtimeStatus[] = [];
    const rt = client();
    rt.onStatus((s) => statuses.push(s));
    const chat = listener();
    rt.subscribe("chat:cht_1", chat);
    rt.subscribe("user:u1", listener());
    last().accept();
    expect(chat.resyncs).toBe(0);

    last().drop();
    expect(rt.status).toBe("reconnecting");
    expect(chat.resyncs).toBe(1); // the moment it is lost
    // attempt 0: 1000 ms * (0.5 + 0.5 * 0.5) = 750 ms
    vi.advanceTimersByTime(749);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    last().drop(); // the server is still down
    vi.advanceTimersByTime(1_499); // attempt 1: 1500 ms
    expect(sockets).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(3);
    last().accept();
    expect(last().sent).toEqual([
      { type: "subscribe", topic: "chat:cht_1" },
      { type: "subscribe", topic: "user:u1" },
    ]);
    expect(chat.resyncs).toBe(2); // once more after the reconnect
    expect(statuses).toEqual(["connecting", "open", "reconnecting", "open"]);

    // The backoff starts over after a success.
    last().drop();
    vi.advanceTimersByTime(750);
    expect(sockets).toHaveLength(4);
  });

  it("polls listeners on their own intervals while the socket is down, and stops once it is back", () => {
    const rt = client();
    const unread = listener(15_000);
    const updates = listener(30_000);
    rt.subscribe("user:u1", unread);
    rt.subscribe("chat:cht_1", updates);
    last().accept();
    vi.advanceTimersByTime(60_000);
    expect(unread.resyncs).toBe(0);
    expect(updates.resyncs).toBe(0);

    // The socket dies and every reconnect fails (a proxy that refuses WebSockets).
    last().drop();
    const failAll = () => {
      const s = last();
      if (s.readyState === 0) s.drop();
    };
    for (let t = 0; t < 60; t++) {
      vi.advanceTimersByTime(1_000);
      failAll();
    }
    expect(unread.resyncs).toBe(1 + 4); // at the loss, then every 15 s
    expect(updates.resyncs).toBe(1 + 2); // at the loss, then every 30 s

    while (last().readyState !== 0) vi.advanceTimersByTime(1_000);
    const before = unread.resyncs;
    last().accept();
    expect(unread.resyncs).toBe(before + 1); // the reconnect re-reads once
    vi.advanceTimersByTime(60_000);
    expect(unread.resyncs).toBe(before + 1); // and the polls have stopped
    expect(rt.status).toBe("open");
  });

  it("polls from the start when there are no WebSockets", () => {
    const rt = client({ connect: null });
    const unread = listener(15_000);
    rt.subscribe("user:u1", unread);
    expect(rt.status).toBe("reconnecting");
    expect(unread.resyncs).toBe(1);
    vi.advanceTimersByTime(45_000);
    expect(unread.resyncs).toBe(4);
  });

  it("hands the server's resync to every listener", () => {
    const rt = client();
    const a = listener();
    const b = listener();
    rt.subscribe("chat:cht_1", a);
    rt.subscribe("user:u1", b);
    last().accept();
    last().push({ type: "resync" });
    expect([a.resyncs, b.resyncs]).toEqual([1, 1]);
  });

  it("polls a refused topic instead of waiting for events that will not come", () => {
    const rt = client();
    const refused = listener(30_000);
    const fine = listener(30_000);
    rt.subscribe("chat:cht_1", refused);
    rt.subscribe("user:u1", fine);
    last().accept();
    last().push({ type: "refused", topic: "chat:cht_1", code: "REALTIME-TOO-MANY-TOPICS" });
    vi.advanceTimersByTime(60_000);
    expect(refused.resyncs).toBe(2);
    expect(fine.resyncs).toBe(0);
  });

  it("drops a silent socket after a ping without an answer and reconnects", () => {
    const rt = client({ pingMs: 1_000, pongTimeoutMs: 500 });
    rt.subscribe("user:u1", listener());
    const first = last();
    first.accept();
    vi.advanceTimersByTime(1_000);
    vi.advanceTimersByTime(1_000);
    expect(first.sent.at(-1)).toEqual({ type: "ping" });
    expect(first.closed).toBe(false);
    first.answersPings = false;
    vi.advanceTimersByTime(1_000);
    vi.advanceTimersByTime(500);
    expect(first.closed).toBe(true);
    expect(rt.status).toBe("reconnecting");
    vi.advanceTimersByTime(750);
    expect(sockets).toHaveLength(2);
  });

  it("ignores frames it does not understand and keeps other listeners going when one throws", () => {
    const rt = client();
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const ok = listener();
    rt.subscribe("chat:cht_1", {
      resync: () => undefined,
      event: () => {
        throw new Error("boom");
      },
    });
    rt.subscribe("chat:cht_1", ok);
    last().accept();
    last().onmessage?.({ data: "not json" });
    last().onmessage?.({ data: new ArrayBuffer(2) });
    last().push(null);
    last().push({ type: "event", topic: "chat:other", kind: "message", id: "x" });
    last().push({ type: "event", topic: "chat:cht_1", kind: "message", id: "x" });
    expect(ok.events).toHaveLength(1);
    expect(errors).toHaveBeenCalledTimes(1);
    errors.mockRestore();
  });

  it("reconnects at once when the browser says it is online again", () => {
    const rt = client();
    rt.subscribe("user:u1", listener());
    last().accept();
    last().drop();
    expect(sockets).toHaveLength(1);
    rt.reconnectNow();
    expect(sockets).toHaveLength(2);
    last().accept();
    expect(rt.status).toBe("open");
  });
});
