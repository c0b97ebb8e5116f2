import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { INTERACTION_RETRY_MS } from "../../../domain/results-constants";
import { createInteractionQueue, type QueuedResult, type SendOutcome } from "./interaction-queue";

/** A Map-backed localStorage: survives a "reload" (a new queue on the same storage). */
function memoryStorage() {
  const data = new Map<string, string>();
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), data };
}

const result = (answers: unknown[] = ["Slow"]) => ({
  type: "quiz",
  componentId: "q1",
  componentName: "tests",
  passed: true,
  courseId: "c",
  elementId: "e",
  variants: [],
  answers,
});

describe("interaction result queue (seed 000 §4, §5, §9)", () => {
  let storage: ReturnType<typeof memoryStorage>;
  let outcomes: SendOutcome[];
  let sent: QueuedResult[];
  let keys: number;

  beforeEach(() => {
    vi.useFakeTimers();
    storage = memoryStorage();
    outcomes = [];
    sent = [];
    keys = 0;
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const makeQueue = () =>
    createInteractionQueue({
      storage,
      storageKey: "queue",
      send: async (r) => {
        sent.push(r);
        return outcomes.shift() ?? "sent";
      },
      newKey: () => `key-${++keys}`,
      setTimer: (fn, ms) => setTimeout(fn, ms),
      clearTimer: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
    });

  it("skips a result without an answer (seed §5): nothing is stored or sent", async () => {
    const q = makeQueue();
    expect(q.enqueue(result([]))).toBe(false);
    expect(q.enqueue(result(["  ", {}]))).toBe(false);
    await q.flush();
    expect(sent).toEqual([]);
    expect(q.pending()).toEqual([]);
  });

  it("sends at once and empties the queue when the send succeeds", async () => {
    const q = makeQueue();
    expect(q.enqueue(result())).toBe(true);
    await q.flush();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.key).toBe("key-1");
    expect(q.pending()).toEqual([]);
  });

  it("retries a failed send every 15 s with the same key until it succeeds", async () => {
    outcomes = ["failed", "failed", "sent"];
    const q = makeQueue();
    q.enqueue(result());
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toHaveLength(1);
    expect(q.pending()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(INTERACTION_RETRY_MS - 1);
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(INTERACTION_RETRY_MS);
    expect(sent).toHaveLength(3);
    expect(new Set(sent.map((r) => r.key))).toEqual(new Set(["key-1"]));
    expect(q.pending()).toEqual([]);
    await vi.advanceTimersByTimeAsync(INTERACTION_RETRY_MS * 3);
    expect(sent).toHaveLength(3);
  });

  it("survives a reload: a new queue on the same storage sends what was left", async () => {
    outcomes = ["failed"];
    const first = makeQueue();
    first.enqueue(result(["A"]));
    await vi.advanceTimersByTimeAsync(0);
    first.stop();
    expect(JSON.parse(storage.data.get("queue")!)).toHaveLength(1);
    const second = makeQueue();
    await second.flush();
    expect(sent.map((r) => r.key)).toEqual(["key-1", "key-1"]);
    expect(second.pending()).toEqual([]);
  });

  it("keeps order: a failure holds the later results back; a flush (online) sends them all at once", async () => {
    outcomes = ["failed"];
    const q = makeQueue();
    q.enqueue(result(["A"]));
    await vi.advanceTimersByTimeAsync(0);
    q.enqueue(result(["B"]));
    await vi.advanceTimersByTimeAsync(0);
    await q.flush();
    expect(sent.map((r) => r.answers[0])).toEqual(["A", "A", "B"]);
    expect(q.pending()).toEqual([]);
  });

  it("drops a result the server refuses (it could never succeed)", async () => {
    outcomes = ["refused"];
    const q = makeQueue();
    q.enqueue(result(["A"]));
    q.enqueue(result(["B"]));
    await vi.advanceTimersByTimeAsync(0);
    await q.flush();
    expect(sent.map((r) => r.answers[0])).toEqual(["A", "B"]);
    expect(q.pending()).toEqual([]);
  });

  it("a broken stored queue counts as empty", async () => {
    storage.setItem("queue", "{not json");
    const q = makeQueue();
    expect(q.pending()).toEqual([]);
    q.enqueue(result());
    await q.flush();
    expect(sent).toHaveLength(1);
  });
});
