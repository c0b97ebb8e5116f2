import { describe, expect, it } from "vitest";
import { ZActionBlock } from "../../../domain/blocks/engagement";
import { ZCoursesPopupBlock } from "../../../domain/blocks/course";
import { ZTestsBlock } from "../../../domain/blocks/quiz";
import { ZCoursePatch } from "../../../domain/studio";
import { formModel } from "./form-model";
import { fieldPaths, getAt, issuesByField, moveItem, setAt, variantIndex } from "./form-value";

describe("setAt and getAt", () => {
  it("replace one field without touching the value it came from, and drop an optional field set to undefined", () => {
    const value = { title: "A", courses: [{ id: "a" }, { id: "b" }], text: "x" };
    const next = setAt(setAt(value, ["courses", 1, "id"], "c"), ["text"], undefined);
    expect(next).toEqual({ title: "A", courses: [{ id: "a" }, { id: "c" }] });
    expect(value.courses[1]?.id).toBe("b");
    expect(getAt(next, ["courses", 1, "id"])).toBe("c");
    expect(setAt(undefined, ["cover", "src"], "/a.svg")).toEqual({ cover: { src: "/a.svg" } });
  });

  it("moveItem moves one item and ignores moves out of range", () => {
    expect(moveItem(["a", "b", "c"], 2, 1)).toEqual(["a", "c", "b"]);
    expect(moveItem(["a", "b"], 0, -1)).toEqual(["a", "b"]);
  });
});

describe("issuesByField: the schema's issues at the fields they belong to", () => {
  const props = ZCoursesPopupBlock.shape.props;
  const model = formModel(props);
  const valid = { title: "T", openLabel: "Open", courses: [{ id: "c1", title: "C" }] };

  it("has none for a valid value", () => {
    expect(issuesByField(props, model, valid).size).toBe(0);
  });

  it("puts a bad nested field at its own path, a refinement at the path it names, and a missing field at its own drawn path", () => {
    const bad = { title: "T", courses: [valid.courses[0], { id: "bad id!", title: "C", price: 3, cover: { src: "javascript:alert(1)", alt: "" } }] };
    const issues = issuesByField(props, model, bad);
    expect(Object.fromEntries(issues)).toEqual({
      openLabel: [{ key: "invalid_type", params: {} }],
      "courses.1.id": [{ key: "invalid_format", params: {} }],
      "courses.1.cover.src": [{ key: "custom", params: {} }],
      "courses.1.currency": [{ key: "custom", params: {} }],
    });
  });

  it("keeps the bounds of sizes and arrays as parameters", () => {
    const issues = issuesByField(props, model, { ...valid, title: "", courses: [] });
    expect(issues.get("title")).toEqual([{ key: "too_small_string", params: { limit: 1 } }]);
    expect(issues.get("courses")).toEqual([{ key: "too_small_array", params: { limit: 1 } }]);
  });

  it("puts a quiz's whole-list checks at the variants and correct fields", () => {
    const quiz = ZTestsBlock.shape.props;
    const issues = issuesByField(quiz, formModel(quiz), {
      question: "Q",
      variants: [
        { id: "a", text: "A" },
        { id: "a", text: "B" },
      ],
      correct: ["z"],
    });
    expect([...issues.keys()].sort()).toEqual(["correct", "variants"]);
  });

  it("draws the fields of the chosen variant only", () => {
    const action = formModel(ZActionBlock.shape.props);
    expect(fieldPaths(action, { title: "T", button: { label: "L", scenarioId: "s" } })).toEqual([
      "",
      "title",
      "text",
      "button",
      "button.label",
      "button.scenarioId",
    ]);
  });
});

describe("issuesByField with the server's issues", () => {
  const props = ZCoursesPopupBlock.shape.props;
  const model = formModel(props);
  const valid = { title: "T", openLabel: "Open", courses: [{ id: "c1", title: "C" }] };

  it("draws them at their drawn field, or the nearest one above, beside the schema's", () => {
    const issues = issuesByField(props, model, valid, [
      { path: ["courses", 0, "id"], issue: { key: "custom", params: {} } },
      { path: ["title", "deeper"], issue: { key: "custom", params: {} } },
    ]);
    expect(Object.fromEntries(issues)).toEqual({ "courses.0.id": [{ key: "custom", params: {} }], title: [{ key: "custom", params: {} }] });
  });
});

describe("variantIndex of a discriminated union", () => {
  const pricing = formModel(ZCoursePatch);
  const variants = pricing.kind === "group" ? pricing.fields.find((f) => f.name === "pricing") : undefined;

  it("follows the tag, even before the chosen variant's own fields are filled", () => {
    if (variants?.kind !== "variants") throw new Error("pricing is a choice of variants");
    expect(variantIndex(variants.variants, { type: "paid" })).toBe(1);
    expect(variantIndex(variants.variants, { type: "free" })).toBe(0);
    expect(variantIndex(variants.variants, { type: "paid", price: 1, currency: "USD" })).toBe(1);
  });
});
