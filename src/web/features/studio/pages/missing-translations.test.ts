import { describe, expect, it } from "vitest";
import { emptyWherePrimaryHasText, missingLanguages, missingPrimary, textFieldsOf } from "./missing-translations";

const LANGS = ["tr", "en", "ar", "ru"];

describe("missing translations", () => {
  it("marks a language without props, and one with an empty text the primary fills", () => {
    const block = {
      type: "text" as const,
      props: {
        tr: { title: "Başlık", html: "<p>Metin</p>", align: "start" },
        en: { title: "Title", html: "<p>Text</p>" },
        ar: { title: "", html: "<p>نص</p>" },
      },
    };
    expect(missingLanguages(block, LANGS, "tr")).toEqual(["ar", "ru"]);
  });

  it("looks into arrays and nested objects, and ignores texts the primary leaves empty", () => {
    const primary = {
      question: "Q",
      variants: [
        { id: "a", text: "A" },
        { id: "b", text: "B" },
      ],
      explanation: "",
    };
    expect(emptyWherePrimaryHasText(primary, { question: "S", variants: [{ id: "a", text: "A" }] })).toEqual(["variants.1.id", "variants.1.text"]);
    expect(
      emptyWherePrimaryHasText(primary, {
        question: "S",
        variants: [
          { id: "a", text: "A" },
          { id: "b", text: " " },
        ],
        explanation: "",
      }),
    ).toEqual(["variants.1.text"]);
    expect(emptyWherePrimaryHasText({ n: 3, flag: true }, {})).toEqual([]);
    // With the block's schema: a variant id or a choice is no text to translate.
    const isText = textFieldsOf("tests");
    expect(emptyWherePrimaryHasText(primary, { question: "S", variants: [{ id: "a", text: "A" }] }, isText)).toEqual(["variants.1.text"]);
  });

  it("tells when the primary language itself has no props", () => {
    expect(missingPrimary({ props: { en: {} } }, "tr")).toBe(true);
    expect(missingPrimary({ props: { tr: {} } }, "tr")).toBe(false);
    expect(missingLanguages({ type: "quote", props: { en: { text: "x" } } }, LANGS, "tr")).toEqual(["ar", "ru"]);
  });
});
