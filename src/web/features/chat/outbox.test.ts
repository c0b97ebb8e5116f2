import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { loadPending, Outbox, type PendingMessage, pendingKey, type SendOutcome } from "./outbox";

function memoryStorage() {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  };
}

/** A server whose answers the test decides, one per call, in order. */
function server() {
  const calls: PendingMessage[] = [];
  const answers: Array<(o: SendOutcome) => void> = [];
  return {
    calls,
    post: (m: PendingMessage) => {
      calls.push(m);
      return new Promise<SendOutcome>((resolve) => answers.push(resolve));
    },
    async answer(outcome: SendOutcome) {
      const next = answers.shift();
      if (!next) throw new Error("no call is waiting");
      next(outcome);
      await vi.advanceTimersByTimeAsync(0);
    },
  };
}

const msg = (id: string, text = `text of ${id}`) => ({ id: `lpmmsg:${id}`, text, context: null, createdAt: "2026-01-01T00:00:00.000Z" });

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("Outbox", () => {
  it("sends one message at a time, in the order written, and forgets each once the server has it", async () => {
    const storage = memoryStorage();
    const srv = server();
    const box = new Outbox("cht_a", { storage, post: srv.post, onChange: () => undefined, random: () => 0.5 });
    box.add(msg("one00001"));
    box.add(msg("two00002"));
    expect(srv.calls.map((m) => m.id)).toEqual(["lpmmsg:one00001"]);
    expect(box.sending).toBe(true);
    expect(loadPending(storage, "cht_a").map((m) => m.id)).toEqual(["lpmmsg:one00001", "lpmmsg:two00002"]);
    await srv.answer("sent");
    expect(srv.calls.map((m) => m.id)).toEqual(["lpmmsg:one00001", "lpmmsg:two00002"]);
    await srv.answer("sent");
    expect(box.items).toEqual([]);
    expect(storage.data.has(pendingKey("cht_a"))).toBe(false);
    expect(box.sending).toBe(false);
  });

  it("marks a failed send sending-failed and resends it by the same id after a backoff", async () => {
    const srv = server();
    const box = new Outbox("cht_a", { storage: memoryStorage(), post: srv.post, onChange: () => undefined, random: () => 1, baseDelayMs: 2_000 });
    box.add(msg("one00001"));
    await srv.answer("retry");
    expect(box.items[0].status).toBe("sending-failed");
    expect(box.sending).toBe(false);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(srv.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(srv.calls.map((m) => m.id)).toEqual(["lpmmsg:one00001", "lpmmsg:one00001"]);
    expect(box.items[0].status).toBe("sending");
    await srv.answer("retry");
    await vi.advanceTimersByTimeAsync(4_000); // doubled
    expect(srv.calls).toHaveLength(3);
    await srv.answer("sent");
    expect(box.items).toEqual([]);
  });

  it("resends at once when woken (the socket is back), and a thrown post counts as passing", async () => {
    let fail = true;
    const posted: string[] = [];
    const box = new Outbox("cht_a", {
      storage: memoryStorage(),
      post: async (m) => {
        posted.push(m.id);
        if (fail) throw new TypeError("Failed to fetch");
        return "sent";
      },
      onChange: () => undefined,
      random: () => 1,
    });
    box.add(msg("one00001"));
    await vi.advanceTimersByTimeAsync(0);
    expect(box.items[0].status).toBe("sending-failed");
    fail = false;
    box.wake();
    await vi.advanceTimersByTimeAsync(0);
    expect(posted).toEqual(["lpmmsg:one00001", "lpmmsg:one00001"]);
    expect(box.items).toEqual([]);
  });

  it("keeps a refused message for the retry button only, and sends the next ones", async () => {
    const srv = server();
    const box = new Outbox("cht_a", { storage: memoryStorage(), post: srv.post, onChange: () => undefined });
    box.add(msg("bad00001"));
    await srv.answer("fail");
    expect(box.items[0]).toMatchObject({ status: "sending-failed", stuck: true });
    box.add(msg("good0002"));
    expect(srv.calls.map((m) => m.id)).toEqual(["lpmmsg:bad00001", "lpmmsg:good0002"]);
    await srv.answer("sent");
    await vi.advanceTimersByTimeAsync(60_000);
    expect(srv.calls).toHaveLength(2); // never on its own
    box.retry("lpmmsg:bad00001");
    expect(srv.calls.at(-1)?.id).toBe("lpmmsg:bad00001");
    await srv.answer("sent");
    expect(box.items).toEqual([]);
  });

  it("writing a new message tries the older failed one first, so the order holds", async () => {
    const srv = server();
    const box = new Outbox("cht_a", { storage: memoryStorage(), post: srv.post, onChange: () => undefined, random: () => 1 });
    box.add(msg("old00001"));
    await srv.answer("retry");
    box.add(msg("new00002"));
    expect(srv.calls.map((m) => m.id)).toEqual(["lpmmsg:old00001", "lpmmsg:old00001"]);
    await srv.answer("sent");
    expect(srv.calls.at(-1)?.id).toBe("lpmmsg:new00002");
  });

  it("survives a reload: what was pending is read back and sent again by the same ids", async () => {
    const storage = memoryStorage();
    const first = new Outbox("cht_a", { storage, post: () => new Promise<SendOutcome>(() => undefined), onChange: () => undefined });
    first.add(msg("one00001", "first"));
    first.dispose(); // the tab is closed while the request hangs
    const srv = server();
    const again = new Outbox("cht_a", { storage, post: srv.post, onChange: () => undefined });
    expect(again.items).toEqual([{ ...msg("one00001", "first"), status: "sending", stuck: false }]);
    again.kick();
    expect(srv.calls.map((m) => [m.id, m.text])).toEqual([["lpmmsg:one00001", "first"]]);
    // Another chat's outbox is its own.
    expect(new Outbox("cht_b", { storage, post: srv.post, onChange: () => undefined }).items).toEqual([]);
  });

  it("drops damaged or foreign stored entries instead of sending them", () => {
    const storage = memoryStorage();
    storage.setItem(pendingKey("cht_a"), JSON.stringify([{ id: "x", text: "t", createdAt: "c" }, { id: "lpmmsg:ok000001", text: 5 }, null, msg("ok000002")]));
    expect(loadPending(storage, "cht_a").map((m) => m.id)).toEqual(["lpmmsg:ok000002"]);
    storage.setItem(pendingKey("cht_a"), "{not json");
    expect(loadPending(storage, "cht_a")).toEqual([]);
    expect(loadPending(null, "cht_a")).toEqual([]);
  });

  it("keeps working when storage refuses writes (private mode, full)", async () => {
    const srv = server();
    const storage = {
      getItem: () => null,
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
      removeItem: () => undefined,
    };
    const box = new Outbox("cht_a", { storage, post: srv.post, onChange: () => undefined });
    box.add(msg("one00001"));
    await srv.answer("sent");
    expect(box.items).toEqual([]);
  });

  it("forgets a message the thread shows as stored, even while its own request failed", async () => {
    const srv = server();
    const storage = memoryStorage();
    const box = new Outbox("cht_a", { storage, post: srv.post, onChange: () => undefined, random: () => 1 });
    box.add(msg("one00001"));
    box.add(msg("two00002"));
    box.confirm(["lpmmsg:one00001"]); // an update brought it while the request hangs
    expect(box.items.map((m) => m.id)).toEqual(["lpmmsg:two00002"]);
    await srv.answer("retry"); // the lost answer of the first
    expect(srv.calls.map((m) => m.id)).toEqual(["lpmmsg:one00001", "lpmmsg:two00002"]); // no backoff for it
    await srv.answer("sent");
    expect(box.items).toEqual([]);
    expect(storage.data.size).toBe(0);
  });
});
