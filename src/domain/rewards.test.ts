import { describe, expect, it } from "vitest";
import { awardsFor, ZAwardDefinition, type TAwardDefinition, type TAwardRule } from "./rewards";

const award = (id: string, rule: TAwardRule): TAwardDefinition => ({ id, title: { en: id }, description: { en: id }, badge: "star", rule });

describe("awardsFor", () => {
  const defs = [
    award("any-finish", { kind: "course-finished" }),
    award("reading-finish", { kind: "course-finished", courseId: "reading" }),
    award("any-full-marks", { kind: "test-full-marks" }),
    award("reading-full-marks", { kind: "test-full-marks", courseId: "reading" }),
    award("check-full-marks", { kind: "test-full-marks", elementId: "check" }),
    award("final-full-marks", { kind: "test-full-marks", courseId: "reading", elementId: "final" }),
    award("any-answer", { kind: "discussion-answer" }),
    award("reading-answer", { kind: "discussion-answer", courseId: "reading" }),
  ];
  const ids = (found: TAwardDefinition[]) => found.map((d) => d.id);

  it("a finished course earns the course rules that name it or no course, never a test rule", () => {
    expect(ids(awardsFor(defs, { kind: "course-finished", courseId: "reading" }))).toEqual(["any-finish", "reading-finish"]);
    expect(ids(awardsFor(defs, { kind: "course-finished", courseId: "speaking" }))).toEqual(["any-finish"]);
  });

  it("a retired award is earned by nothing", () => {
    const retired = [{ ...award("old-finish", { kind: "course-finished", courseId: "reading" }), retired: true }, ...defs];
    expect(ids(awardsFor(retired, { kind: "course-finished", courseId: "reading" }))).toEqual(["any-finish", "reading-finish"]);
  });

  it("full marks earn the test rules whose course and element (when named) are the event's, never a course rule", () => {
    expect(ids(awardsFor(defs, { kind: "test-full-marks", courseId: "reading", elementId: "check" }))).toEqual([
      "any-full-marks",
      "reading-full-marks",
      "check-full-marks",
    ]);
    expect(ids(awardsFor(defs, { kind: "test-full-marks", courseId: "reading", elementId: "final" }))).toEqual([
      "any-full-marks",
      "reading-full-marks",
      "final-full-marks",
    ]);
    // The element named but in another course: the rule naming both does not match.
    expect(ids(awardsFor(defs, { kind: "test-full-marks", courseId: "speaking", elementId: "final" }))).toEqual(["any-full-marks"]);
    expect(ids(awardsFor(defs, { kind: "test-full-marks", courseId: "speaking", elementId: "check" }))).toEqual(["any-full-marks", "check-full-marks"]);
  });

  it("a discussion answer earns the answer rules of its course or no course, and nothing else", () => {
    expect(ids(awardsFor(defs, { kind: "discussion-answer", courseId: "reading" }))).toEqual(["any-answer", "reading-answer"]);
    expect(ids(awardsFor(defs, { kind: "discussion-answer", courseId: "speaking" }))).toEqual(["any-answer"]);
    expect(ids(awardsFor(defs, { kind: "course-finished", courseId: "reading" }))).not.toContain("any-answer");
  });

  it("no definitions earn nothing", () => {
    expect(awardsFor([], { kind: "test-full-marks", courseId: "c", elementId: "e" })).toEqual([]);
  });

  it("the rule schema takes the new kind with its optional ids and refuses bad ids and unknown kinds", () => {
    const base = { id: "x", title: { en: "X" }, description: { en: "X" }, badge: "trophy" };
    expect(ZAwardDefinition.safeParse({ ...base, rule: { kind: "test-full-marks" } }).success).toBe(true);
    expect(ZAwardDefinition.safeParse({ ...base, rule: { kind: "test-full-marks", courseId: "c", elementId: "e-1" } }).success).toBe(true);
    expect(ZAwardDefinition.safeParse({ ...base, rule: { kind: "test-full-marks", elementId: "bad id" } }).success).toBe(false);
    expect(ZAwardDefinition.safeParse({ ...base, rule: { kind: "test-full-marks", elementId: "e\u0000" } }).success).toBe(false);
    expect(ZAwardDefinition.safeParse({ ...base, rule: { kind: "test-passed" } }).success).toBe(false);
  });
});
