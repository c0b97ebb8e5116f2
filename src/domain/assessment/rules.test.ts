import { describe, expect, it } from "vitest";
import { ZTestDefinition } from "./definition";
import { answerProblem, drawQuestions, gradeAnswer, mayFinishElement, retakeRefusal, scoreOf } from "./rules";

const def = ZTestDefinition.parse({
  passMark: 50,
  draw: 2,
  questions: [
    {
      id: "a",
      kind: "single",
      text: { en: "A" },
      variants: [
        { id: "x", text: { en: "x" } },
        { id: "y", text: { en: "y" } },
      ],
      correct: ["x"],
    },
    {
      id: "b",
      kind: "multiple",
      text: { en: "B" },
      variants: [
        { id: "x", text: { en: "x" } },
        { id: "y", text: { en: "y" } },
      ],
      correct: ["x", "y"],
    },
    { id: "c", kind: "text", text: { en: "C" }, accepted: ["Twelve words"] },
  ],
});
const [a, b, c] = def.questions;

describe("grading", () => {
  it("choices match the correct set exactly; free text ignores case and spaces; a mentor decides free text", () => {
    expect(gradeAnswer(a, { variants: ["x"], text: null }, "automatic")).toBe(true);
    expect(gradeAnswer(b, { variants: ["x"], text: null }, "automatic")).toBe(false);
    expect(gradeAnswer(b, { variants: ["y", "x"], text: null }, "automatic")).toBe(true);
    expect(gradeAnswer(c, { variants: [], text: "  twelve   WORDS " }, "automatic")).toBe(true);
    expect(gradeAnswer(c, { variants: [], text: "twelve" }, "automatic")).toBe(false);
    expect(gradeAnswer(c, { variants: [], text: "anything" }, "mentor")).toBeNull();
    expect(scoreOf([true, false, null])).toBe(33);
    expect(scoreOf([])).toBe(0);
  });

  it("refuses answers of the wrong kind or with unknown variants", () => {
    expect(answerProblem(a, { variants: [], text: "x" })).toBeTruthy();
    expect(answerProblem(a, { variants: ["x", "y"], text: null })).toBeTruthy();
    expect(answerProblem(a, { variants: ["z"], text: null })).toBeTruthy();
    expect(answerProblem(b, { variants: ["x", "x"], text: null })).toBeTruthy();
    expect(answerProblem(c, { variants: ["x"], text: null })).toBeTruthy();
    expect(answerProblem(c, { variants: [], text: "  " })).toBeTruthy();
    expect(answerProblem(b, { variants: ["x", "y"], text: null })).toBeNull();
  });
});

describe("the question bank", () => {
  it("draws N of M, unseen first, in the bank's order", () => {
    expect(drawQuestions(def, {}, () => 0.5)).toHaveLength(2);
    expect(drawQuestions(def, { a: 1, b: 1 }, () => 0.5)).toContain("c");
    expect(drawQuestions(def, { a: 2, b: 1, c: 1 }, () => 0.5)).toEqual(["b", "c"]);
    expect(drawQuestions({ ...def, draw: null }, {})).toEqual(["a", "b", "c"]);
  });
});

describe("retakes and finishing", () => {
  const at = new Date("2026-01-01T10:00:00Z");
  const failed = { status: "graded", passed: false, gradedAt: at, submittedAt: at };
  it("refuses after a pass, while a mentor reviews, past the limit and before the cool-down", () => {
    expect(retakeRefusal({ attemptLimit: null, cooldownSeconds: 0 }, [failed], at)).toBeNull();
    expect(retakeRefusal({ attemptLimit: null, cooldownSeconds: 0 }, [{ ...failed, passed: true }], at)).toEqual({ reason: "passed" });
    expect(retakeRefusal({ attemptLimit: null, cooldownSeconds: 0 }, [{ ...failed, status: "awaiting-mentor", passed: null }], at)).toEqual({
      reason: "pending",
    });
    expect(retakeRefusal({ attemptLimit: 1, cooldownSeconds: 0 }, [failed], at)).toEqual({ reason: "attempts", limit: 1 });
    expect(retakeRefusal({ attemptLimit: null, cooldownSeconds: 60 }, [failed], new Date(at.getTime() + 59_000))).toEqual({
      reason: "cooldown",
      availableAt: new Date(at.getTime() + 60_000),
    });
    expect(retakeRefusal({ attemptLimit: null, cooldownSeconds: 60 }, [failed], new Date(at.getTime() + 60_000))).toBeNull();
  });

  it("holds back only a test element with a test and no pass", () => {
    expect(mayFinishElement({ type: "lesson" }, { exists: true, passed: false })).toBe(true);
    expect(mayFinishElement({ type: "test" }, { exists: false, passed: false })).toBe(true);
    expect(mayFinishElement({ type: "test" }, { exists: true, passed: false })).toBe(false);
    expect(mayFinishElement({ type: "test" }, { exists: true, passed: true })).toBe(true);
  });

  it("a definition refuses repeated ids, a draw larger than the bank and choices without a correct variant", () => {
    const q = {
      id: "a",
      kind: "single",
      text: { en: "A" },
      variants: [
        { id: "x", text: { en: "x" } },
        { id: "y", text: { en: "y" } },
      ],
      correct: ["x"],
    };
    expect(ZTestDefinition.safeParse({ passMark: 1, questions: [q, q] }).success).toBe(false);
    expect(ZTestDefinition.safeParse({ passMark: 1, draw: 2, questions: [q] }).success).toBe(false);
    expect(ZTestDefinition.safeParse({ passMark: 1, questions: [{ ...q, correct: [] }] }).success).toBe(false);
    expect(ZTestDefinition.safeParse({ passMark: 1, questions: [{ ...q, kind: "image" }] }).success).toBe(false);
  });
});
