import { describe, expect, it } from "vitest";
import { ZTestDefinition } from "../../../../domain/assessment/definition";
import {
  addVariant,
  cleaned,
  draftIssues,
  freshId,
  questionId,
  issuesUnder,
  markCorrect,
  newQuestion,
  newTest,
  removeVariant,
  serverDraftIssues,
  withKind,
} from "./test-draft";

const filled = (kind: Parameters<typeof newQuestion>[0]) => {
  const q = newQuestion(kind, []);
  return {
    ...q,
    text: { tr: "Soru" },
    variants: q.variants.map((v) => ({ ...v, text: { tr: v.id }, ...(v.image ? { image: { url: "/x.svg", alt: {} } } : {}) })),
  };
};

describe("the question editor's value", () => {
  it("makes ids never taken, even after a removal", () => {
    expect(freshId("q", [])).toBe("q1");
    expect(freshId("q", ["q2"])).toBe("q3");
    expect(freshId("v", ["v1", "v3"])).toBe("v4");
    // Question ids come from the time and a random part, so a removed question's id does not come back.
    const fixed = () => 0.5;
    expect(questionId([], 1_700_000_000_000, fixed)).toMatch(/^q[a-z0-9]+$/);
    const first = questionId([], 1_700_000_000_000, fixed);
    let calls = 0;
    expect(questionId([first], 1_700_000_000_000, () => (calls++ === 0 ? 0.5 : 0.25))).not.toBe(first);
    expect(newQuestion("single", []).id).not.toBe(newQuestion("single", []).id);
  });

  it("starts each kind valid once its texts are written; free text needs an accepted answer when graded by the machine", () => {
    for (const kind of ["single", "multiple", "image"] as const) {
      const q = kind === "multiple" ? markCorrect(filled(kind), "v1", true) : filled(kind);
      expect(draftIssues({ ...newTest(), questions: [q] }), kind).toEqual([]);
    }
    const text = { ...newQuestion("text", []), text: { tr: "On iki?" } };
    expect(draftIssues({ ...newTest(), questions: [text] })).toEqual([{ path: ["questions", 0, "accepted"], code: "custom" }]);
    expect(draftIssues({ ...newTest(), verificationType: "mentor", questions: [text] })).toEqual([]);
    expect(ZTestDefinition.safeParse({ ...newTest(), questions: [{ ...text, accepted: ["12"] }] }).success).toBe(true);
  });

  it("marks one right variant for single choice and toggles for multiple", () => {
    const single = filled("single");
    expect(markCorrect(single, "v2", true).correct).toEqual(["v2"]);
    expect(markCorrect(single, "v1", false).correct).toEqual(["v1"]);
    const multiple = markCorrect(markCorrect(filled("multiple"), "v1", true), "v2", true);
    expect(multiple.correct).toEqual(["v1", "v2"]);
    expect(markCorrect(multiple, "v1", false).correct).toEqual(["v2"]);
  });

  it("changes kind keeping what fits", () => {
    const multiple = markCorrect(markCorrect(filled("multiple"), "v1", true), "v2", true);
    const single = withKind(multiple, "single");
    expect(single.correct).toEqual(["v1"]);
    expect(single.variants.map((v) => v.id)).toEqual(["v1", "v2"]);
    const image = withKind(single, "image");
    expect(image.variants.every((v) => v.image)).toBe(true);
    const text = withKind(image, "text");
    expect(text).toMatchObject({ kind: "text", variants: [], correct: [], text: { tr: "Soru" } });
    expect(withKind(text, "single").correct).toEqual(["v1"]);
  });

  it("adds and removes variants; a removed right variant is no longer right", () => {
    const q = addVariant(filled("single"));
    expect(q.variants.map((v) => v.id)).toEqual(["v1", "v2", "v3"]);
    expect(removeVariant(q, "v1")).toMatchObject({ correct: [] });
  });

  it("drops blank accepted lines before saving, and places the server's paths inside the definition", () => {
    const def = { ...newTest(), questions: [{ ...newQuestion("text", []), accepted: ["12", " ", ""] }] };
    expect(cleaned(def).questions[0]!.accepted).toEqual(["12"]);
    const issues = serverDraftIssues([{ path: "definition.questions.2.correct" }, { path: "definition.passMark" }]);
    expect(issues).toEqual([
      { path: ["questions", 2, "correct"], code: "custom" },
      { path: ["passMark"], code: "custom" },
    ]);
    expect(issuesUnder(issues, ["questions", 2])).toHaveLength(1);
  });
});
