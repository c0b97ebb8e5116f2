import { describe, expect, it } from "vitest";
import { ZQuestionDef } from "./definition";
import { parseCsv, parseGift } from "./import";

describe("CSV import", () => {
  const header = "kind,question,variants,correct,explanation,images";
  it("reads every kind, with quotes, commas and line breaks inside cells", () => {
    const csv = [
      header,
      'single,"Where, usually?",first|middle|last,1,"Authors open with it."',
      "multiple,Which help?,a|b|c,1|2,",
      'text,"How many\nwords?",,12|twelve,',
      "image,Which room?,Reading room|Laptop,1,,/a.svg|/b.svg",
    ].join("\r\n");
    const r = parseCsv(csv, "en");
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.questions.map((q) => q.kind)).toEqual(["single", "multiple", "text", "image"]);
    expect(r.questions[0]).toMatchObject({ id: "q1", text: { en: "Where, usually?" }, correct: ["v1"], explanation: { en: "Authors open with it." } });
    expect(r.questions[1].correct).toEqual(["v1", "v2"]);
    expect(r.questions[2]).toMatchObject({ text: { en: "How many\nwords?" }, accepted: ["12", "twelve"], variants: [] });
    expect(r.questions[3].variants[1]).toEqual({ id: "v2", text: { en: "Laptop" }, image: { url: "/b.svg", alt: { en: "Laptop" } } });
    for (const q of r.questions) expect(ZQuestionDef.safeParse(q).success).toBe(true);
  });

  it("names every bad line and what is wrong", () => {
    const csv = [
      header,
      "essay,Tell me,,,",
      "single,Pick,a|b,3,",
      "single,Pick two,a|b,1|2,",
      "multiple,,a|b,1,",
      "text,Name it,,,",
      "image,Which?,a|b,1,,/a.svg",
      "single,Nul\u0000,a|b,1,",
      "single,Fine,a|b,2,",
    ].join("\n");
    const r = parseCsv(csv, "en");
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors.map((e) => e.line)).toEqual([2, 3, 4, 5, 6, 7, 8]);
    expect(r.errors[0].message).toContain('unknown kind "essay"');
    expect(r.errors[1].message).toContain("1 to 2");
    expect(r.errors[2].message).toContain("exactly one");
    expect(r.errors[3].message).toContain("empty");
    expect(r.errors[4].message).toContain("accepted answer");
    expect(r.errors[5].message).toContain("image URL");
    expect(r.errors[6].message).toContain("NUL");
  });

  it("refuses a file without the needed columns or without questions", () => {
    expect(parseCsv("question,answer\nx,y", "en")).toMatchObject({ ok: false, errors: [{ line: 1 }, { line: 1 }, { line: 1 }] });
    expect(parseCsv(header, "en")).toMatchObject({ ok: false, errors: [{ message: "no question in the file" }] });
    expect(parseCsv("", "en")).toMatchObject({ ok: false });
  });
});

describe("GIFT import", () => {
  it("reads single, multiple, short answer and true/false, with feedback, general feedback, titles, comments and escapes", () => {
    const gift = `// a comment
::Q1:: Where does the main idea sit? {=In the first or last sentence#Right. ~Always in the middle#No. ####Authors open or close with it.}

Which help? {
  ~%50%Reading the edges
  ~%50%Asking what the author would miss
  ~%-100%Counting words
}

How many words at most? {=12 =twelve}

Two plus two is 5\\: true? {F}`;
    const r = parseGift(gift, "tr");
    expect(r.ok, JSON.stringify(r)).toBe(true);
    if (!r.ok) return;
    expect(r.questions.map((q) => q.kind)).toEqual(["single", "multiple", "text", "single"]);
    expect(r.questions[0]).toMatchObject({
      text: { tr: "Where does the main idea sit?" },
      correct: ["v1"],
      feedback: { correct: { tr: "Right." }, incorrect: { tr: "No." } },
      explanation: { tr: "Authors open or close with it." },
    });
    expect(r.questions[1].correct).toEqual(["v1", "v2"]);
    expect(r.questions[2].accepted).toEqual(["12", "twelve"]);
    expect(r.questions[3]).toMatchObject({ text: { tr: "Two plus two is 5: true?" }, correct: ["v2"] });
    for (const q of r.questions) expect(ZQuestionDef.safeParse(q).success).toBe(true);
  });

  it("names the starting line of each bad question", () => {
    const gift = "No braces here\n\nEssay {}\n\nWrong marks {a b}\n\nAll wrong {~a ~b}\n\nGood {=a ~b}";
    const r = parseGift(gift, "en");
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors).toEqual([
      { line: 1, message: "no answer block in braces { }" },
      { line: 3, message: "the answer block is empty (essay questions cannot be graded)" },
      { line: 5, message: "each answer starts with = (right) or ~ (wrong)" },
      { line: 7, message: "no correct variant" },
    ]);
  });
});
