import { describe, expect, it } from "vitest";
import { ZTestsBlock, isQuizPassed, quizResult } from "./quiz";

const variants = [
  { id: "a", text: "Skimming" },
  { id: "b", text: "Scanning" },
  { id: "c", text: "Reading aloud" },
];
const block = (props: Record<string, unknown>) => ({ id: "q", type: "tests", props: { question: "Which?", variants, ...props } });

describe("tests block props", () => {
  it("accepts single and multiple choice", () => {
    expect(ZTestsBlock.safeParse(block({ correct: ["a"] })).success).toBe(true);
    expect(ZTestsBlock.safeParse(block({ correct: ["a", "b"], multiple: true })).success).toBe(true);
  });

  it.each([
    ["two correct answers on a single-choice question", { correct: ["a", "b"] }],
    ["a correct id that is not a variant", { correct: ["z"] }],
    ["no correct answer", { correct: [] }],
    ["a repeated correct id", { correct: ["a", "a"], multiple: true }],
    ["repeated variant ids", { correct: ["a"], variants: [variants[0], variants[0]] }],
    ["a single variant", { correct: ["a"], variants: [variants[0]] }],
    ["a blank question", { correct: ["a"], question: "   " }],
  ])("refuses %s", (_name, props) => {
    expect(ZTestsBlock.safeParse(block(props)).success).toBe(false);
  });
});

describe("isQuizPassed", () => {
  it("needs exactly the correct variants, in any order", () => {
    expect(isQuizPassed(["b", "a"], ["a", "b"])).toBe(true);
    expect(isQuizPassed(["a"], ["a", "b"])).toBe(false);
    expect(isQuizPassed(["a", "b", "c"], ["a", "b"])).toBe(false);
    expect(isQuizPassed(["c"], ["a"])).toBe(false);
    expect(isQuizPassed([], ["a"])).toBe(false);
  });
});

describe("quizResult", () => {
  it("is null when nothing is selected (seed 5: nothing is sent then)", () => {
    expect(quizResult("q1", { variants, correct: ["a"] }, [])).toBeNull();
  });

  it("carries the texts, the passed flag and multiple when more than one answer was given", () => {
    expect(quizResult("q1", { variants, correct: ["a", "b"] }, ["a", "b"])).toEqual({
      type: "quiz",
      componentId: "q1",
      componentName: "tests",
      variants: ["Skimming", "Scanning", "Reading aloud"],
      answers: ["Skimming", "Scanning"],
      passed: true,
      multiple: true,
    });
    const wrong = quizResult("q1", { variants, correct: ["a"] }, ["c"]);
    expect(wrong).toMatchObject({ passed: false, multiple: false, answers: ["Reading aloud"] });
  });

  it("drops blank texts from answers and variants (seed 5)", () => {
    const withBlank = [...variants, { id: "d", text: "  " }];
    const r = quizResult("q1", { variants: withBlank, correct: ["d"] }, ["d"]);
    expect(r?.answers).toEqual([]);
    expect(r?.variants).toHaveLength(3);
  });
});
