import { describe, expect, it } from "vitest";
import { ZTestsBlock, gradeQuiz, isQuizPassed, publicQuizProps } from "./quiz";
import { quizAnswer } from "./quiz-answer";

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
    ["an empty list of correct answers", { correct: [] }],
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

describe("quizAnswer", () => {
  it("is null when nothing is selected (seed 5: nothing is sent then)", () => {
    expect(quizAnswer({ question: "Which?", variants }, [])).toBeNull();
  });

  it("carries the question, the variants and the chosen ones with ids, and multiple when more than one was chosen", () => {
    expect(quizAnswer({ question: "Which?", variants }, ["a", "b"])).toEqual({
      text: "Which?",
      variants,
      answers: [variants[0], variants[1]],
      multiple: true,
    });
    expect(quizAnswer({ question: "Which?", variants }, ["c"])).toMatchObject({ multiple: false, answers: [variants[2]] });
  });
});

describe("what readers get", () => {
  it("has no correct ids nor explanation, and names where results go", () => {
    const props = ZTestsBlock.parse(block({ correct: ["a"], explanation: "Because" })).props;
    const open = publicQuizProps(props, "page:x");
    expect(open).not.toHaveProperty("correct");
    expect(open).not.toHaveProperty("explanation");
    expect(open.dialogId).toBe("page:x");
  });

  it("grades on exactly the correct ids; a poll (no correct ids) has no verdict", () => {
    expect(gradeQuiz({ correct: ["a"] }, ["a"])).toBe(true);
    expect(gradeQuiz({ correct: ["a"] }, ["b"])).toBe(false);
    expect(gradeQuiz({}, ["b"])).toBeNull();
  });
});
