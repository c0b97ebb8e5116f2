import { describe, expect, it } from "vitest";
import { aggregateOf, cleanItems, dialogIdOf, parseQuizTopicId, quizTopic, ZInteractionResultRequest, ZQuizResultRequest } from "./results";

describe("seed §5 cleaning of answers and variants", () => {
  it("drops image crop details and empty or non-string texts, and items left empty", () => {
    expect(
      cleanItems([
        " Bare ",
        "   ",
        { id: "a", text: 3 },
        { text: null },
        { id: "b", text: " B ", image: { src: "/x.png", alt: "  ", crop: { x: 1 } } as never },
        { image: { src: "/y.png", alt: "Y" } },
      ]),
    ).toEqual([{ text: "Bare" }, { id: "a" }, { id: "b", text: "B", image: { src: "/x.png" } }, { image: { src: "/y.png", alt: "Y" } }]);
  });

  it("the request schemas clean the same way and drop what the server sets (multiple)", () => {
    const quiz = ZQuizResultRequest.parse({
      key: "k".repeat(10),
      dialogId: "page:x",
      msgId: "q",
      text: 5,
      variants: [{ id: "a", text: "" }],
      answers: [{ id: "a", image: { src: "/a.png", zoom: 2 } }],
      multiple: true,
    });
    expect(quiz.text).toBeUndefined();
    expect(quiz.answers).toEqual([{ id: "a", image: { src: "/a.png" } }]);
    const interaction = ZInteractionResultRequest.safeParse({
      key: "k".repeat(10),
      type: "quiz",
      componentId: "c",
      componentName: "tests",
      variants: [],
      answers: ["A"],
      passed: true,
      courseId: "c",
      elementId: "e",
    });
    expect(interaction.success).toBe(true);
  });
});

describe("quiz ids", () => {
  it("a page's dialog id is its model's, else its alias", () => {
    expect(dialogIdOf({ alias: "a", model: null })).toBe("page:a");
    expect(dialogIdOf({ alias: "a", model: { name: "element", id: "e1" } })).toBe("element:e1");
  });

  it("the realtime topic id parses back to the quiz, and nothing else does", () => {
    const topic = quizTopic("page:blocks-showcase", "showcase-quiz-single");
    expect(parseQuizTopicId(topic.slice("quiz:".length))).toEqual({ dialogId: "page:blocks-showcase", msgId: "showcase-quiz-single" });
    expect(parseQuizTopicId("nonsense")).toBeNull();
    expect(parseQuizTopicId("chat:x:y")).toBeNull();
  });

  it("shares are of the learners counted", () => {
    expect(aggregateOf("page:a", "q", 4, new Map([["b", 3]]), ["a", "b"]).variants).toEqual([
      { id: "a", count: 0, share: 0 },
      { id: "b", count: 3, share: 0.75 },
    ]);
  });
});
