import { describe, expect, it } from "vitest";
import type { TElementType } from "./element";
import {
  elementStates,
  finishElement,
  HISTORY_LIMIT,
  isLastElement,
  openedElement,
  startElement,
  visibleInOrder,
  type ElementLike,
  type ProgressEntry,
  type ProgressMap,
} from "./progress";

const el = (id: string, index: number, type: TElementType = "lesson", visible = true): ElementLike => ({ id, type, index, number: index + 1, visible });
/** Stored out of order on purpose: the rules sort by index. */
const course = [el("c", 2, "test"), el("a", 0), el("hidden", 1, "lesson", false), el("b", 1, "webinar"), el("d", 3)];
const entry = (state: ProgressEntry["state"], extra: Partial<ProgressEntry> = {}): ProgressEntry => ({
  state,
  started: null,
  finished: null,
  percent: 0,
  history: [],
  ...extra,
});
const states = (progress: ProgressMap | null, arbitrary = false) => elementStates(course, progress, arbitrary).map((e) => [e.id, e.state]);
const T0 = new Date("2026-03-01T10:00:00.000Z");
const T1 = new Date("2026-03-02T11:30:00.000Z");

describe("visible elements", () => {
  it("keeps only visible elements, ordered by index", () => {
    expect(visibleInOrder(course).map((e) => e.id)).toEqual(["a", "b", "c", "d"]);
  });

  it("never gives a hidden element a state, even one the map knows", () => {
    expect(states({ hidden: entry("done") })).toEqual([
      ["a", "opened"],
      ["b", null],
      ["c", null],
      ["d", null],
    ]);
  });
});

describe("element states with no progress", () => {
  it("opens only the first element of a sequential course", () => {
    expect(states({})).toEqual([
      ["a", "opened"],
      ["b", null],
      ["c", null],
      ["d", null],
    ]);
  });

  it("opens every element when the course allows arbitrary walkthrough", () => {
    expect(states({}, true)).toEqual([
      ["a", "opened"],
      ["b", "opened"],
      ["c", "opened"],
      ["d", "opened"],
    ]);
  });

  it("treats unavailable progress (a guest) the same way", () => {
    expect(states(null)).toEqual([
      ["a", "opened"],
      ["b", null],
      ["c", null],
      ["d", null],
    ]);
    expect(states(null, true).every(([, s]) => s === "opened")).toBe(true);
  });

  it("answers nothing for a course without visible elements", () => {
    expect(elementStates([el("x", 0, "lesson", false)], null, false)).toEqual([]);
  });
});

describe("element states from the progress map", () => {
  it("takes each element's state from the map", () => {
    expect(states({ a: entry("done"), b: entry("done"), c: entry("opened") })).toEqual([
      ["a", "done"],
      ["b", "done"],
      ["c", "opened"],
      ["d", null],
    ]);
  });

  it("keeps a stored state even out of order (the map is the record)", () => {
    expect(states({ a: entry("opened"), c: entry("opened") })).toEqual([
      ["a", "opened"],
      ["b", null],
      ["c", "opened"],
      ["d", null],
    ]);
  });

  it("opens an element the map does not know when it follows a done one (added later)", () => {
    expect(states({ a: entry("done"), b: entry("done"), c: entry("done") })).toEqual([
      ["a", "done"],
      ["b", "done"],
      ["c", "done"],
      ["d", "opened"],
    ]);
  });

  it("opens unknown elements of an arbitrary course", () => {
    expect(states({ b: entry("done") }, true)).toEqual([
      ["a", "opened"],
      ["b", "done"],
      ["c", "opened"],
      ["d", "opened"],
    ]);
  });
});

describe("starting an element", () => {
  it("sets started once only", () => {
    const once = startElement({}, "a", T0);
    expect(once.a).toMatchObject({ state: "opened", started: T0.toISOString(), history: [{ at: T0.toISOString(), event: "started" }] });
    const twice = startElement(once, "a", T1);
    expect(twice).toBe(once);
    expect(twice.a.started).toBe(T0.toISOString());
  });

  it("keeps the state of a done element", () => {
    expect(startElement({ a: entry("done") }, "a", T0).a.state).toBe("done");
  });
});

describe("finishing an element", () => {
  it("marks it done with a finished time and opens the next visible element", () => {
    const r = finishElement(course, {}, "a", false, T0);
    if (!r.ok) throw new Error(r.reason);
    expect(r.progress.a).toMatchObject({ state: "done", finished: T0.toISOString(), started: T0.toISOString(), percent: 100 });
    expect(r.progress.a.history.at(-1)).toEqual({ at: T0.toISOString(), event: "finished", percent: 100 });
    // "hidden" sits between a and b by index but is skipped.
    expect(r.opened).toBe("b");
    expect(r.progress.b).toMatchObject({ state: "opened", started: null, finished: null });
    expect(r.progress.hidden).toBeUndefined();
    expect(elementStates(course, r.progress, false).map((e) => e.state)).toEqual(["done", "opened", null, null]);
    expect(r.current).toBe("b");
  });

  it("does not open the next element in an arbitrary walkthrough course", () => {
    const r = finishElement(course, {}, "b", true, T0);
    if (!r.ok) throw new Error(r.reason);
    expect(r.opened).toBeNull();
    expect(Object.keys(r.progress)).toEqual(["b"]);
    expect(r.current).toBe("c");
  });

  it("keeps the started time that was set before", () => {
    const started = startElement({}, "a", T0);
    const r = finishElement(course, started, "a", false, T1);
    if (!r.ok) throw new Error(r.reason);
    expect(r.progress.a.started).toBe(T0.toISOString());
    expect(r.progress.a.finished).toBe(T1.toISOString());
    expect(r.progress.a.history.map((h) => h.event)).toEqual(["started", "finished"]);
  });

  it("refuses a locked element and an unknown or hidden one", () => {
    expect(finishElement(course, {}, "c", false, T0)).toEqual({ ok: false, reason: "locked" });
    expect(finishElement(course, {}, "nope", false, T0)).toEqual({ ok: false, reason: "unknown" });
    expect(finishElement(course, {}, "hidden", false, T0)).toEqual({ ok: false, reason: "unknown" });
  });

  it("finishing again keeps the first finished time and does not reopen anything", () => {
    const first = finishElement(course, {}, "a", false, T0);
    if (!first.ok) throw new Error(first.reason);
    const again = finishElement(course, first.progress, "a", false, T1);
    if (!again.ok) throw new Error(again.reason);
    expect(again.progress.a.finished).toBe(T0.toISOString());
    expect(again.opened).toBeNull();
    expect(again.progress.a.history.filter((h) => h.event === "finished")).toHaveLength(2);
  });

  it("leaves the current element on the last one when everything is done", () => {
    let p: ProgressMap = {};
    for (const id of ["a", "b", "c", "d"]) {
      const r = finishElement(course, p, id, false, T0);
      if (!r.ok) throw new Error(`${id}: ${r.reason}`);
      p = r.progress;
      if (id === "d") {
        expect(r.current).toBe("d");
        expect(r.opened).toBeNull();
      }
    }
  });

  it("never downgrades a done next element", () => {
    const p = { a: entry("opened"), b: entry("done") };
    const r = finishElement(course, p, "a", false, T0);
    if (!r.ok) throw new Error(r.reason);
    expect(r.progress.b.state).toBe("done");
    expect(r.opened).toBeNull();
    expect(r.current).toBe("c");
  });

  it("caps the history", () => {
    const long = entry("opened", { history: Array.from({ length: HISTORY_LIMIT }, () => ({ at: T0.toISOString(), event: "synced" as const })) });
    const r = finishElement(course, { a: long }, "a", false, T1);
    if (!r.ok) throw new Error(r.reason);
    expect(r.progress.a.history).toHaveLength(HISTORY_LIMIT);
    expect(r.progress.a.history.at(-1)?.event).toBe("finished");
  });
});

describe("opened-element marker", () => {
  it("is the first element, start, when progress is not available", () => {
    expect(openedElement(course, null, null, false)).toEqual({ id: "a", type: "lesson", index: 0, number: 1, name: "start" });
  });

  it("is start when no element is done or started", () => {
    expect(openedElement(course, {}, null, false)?.name).toBe("start");
    // Opened alone (as finishing leaves the next one) is not progress.
    expect(openedElement(course, { a: entry("opened") }, "a", false)).toMatchObject({ id: "a", name: "start" });
  });

  it("is continue at the stored current element once something is started or done", () => {
    const started = startElement({}, "a", T0);
    expect(openedElement(course, started, "a", false)).toMatchObject({ id: "a", name: "continue" });
    const r = finishElement(course, {}, "a", false, T0);
    if (!r.ok) throw new Error(r.reason);
    expect(openedElement(course, r.progress, r.current, false)).toEqual({ id: "b", type: "webinar", index: 1, number: 2, name: "continue" });
  });

  it("is finished, pointing back to the first element, when the stored current element is done", () => {
    const p = { a: entry("done"), b: entry("done"), c: entry("done"), d: entry("done") };
    expect(openedElement(course, p, "d", false)).toEqual({ id: "a", type: "lesson", index: 0, number: 1, name: "finished" });
  });

  it("falls back to the first opened element when the stored one is gone", () => {
    const p = { a: entry("done"), b: entry("opened") };
    expect(openedElement(course, p, "hidden", false)).toMatchObject({ id: "b", name: "continue" });
    expect(openedElement(course, p, null, false)).toMatchObject({ id: "b", name: "continue" });
    const all = { a: entry("done"), b: entry("done"), c: entry("done"), d: entry("done") };
    expect(openedElement(course, all, null, false)).toMatchObject({ id: "a", name: "finished" });
  });

  it("is null for a course without visible elements", () => {
    expect(openedElement([el("x", 0, "lesson", false)], null, null, false)).toBeNull();
  });
});

describe("last-element flag", () => {
  const s = (...pairs: Array<[string, "opened" | "done" | null]>) => pairs.map(([id, state]) => ({ id, state }));
  it("is true when all elements but the current one are done", () => {
    expect(isLastElement(s(["a", "done"], ["b", "done"], ["c", "opened"]), "c")).toBe(true);
    expect(isLastElement(s(["a", "done"], ["b", "opened"], ["c", "done"]), "b")).toBe(true);
  });
  it("is false while another element is not done", () => {
    expect(isLastElement(s(["a", "done"], ["b", "opened"], ["c", null]), "b")).toBe(false);
    expect(isLastElement(s(["a", "opened"], ["b", "opened"]), "a")).toBe(false);
  });
  it("is true for a single-element course", () => {
    expect(isLastElement(s(["a", "opened"]), "a")).toBe(true);
  });
});
