import { describe, expect, it } from "vitest";
import { FORM_MSG, localizeField, type TFormField, type TStoredFormField } from "../forms";
import { buildFormSchema, CHOICE_MAX, initialAnswers } from "./dynamic-form";
import { issuesOf, MSG, type ValidationIssue } from "./messages";

function field(partial: Partial<TFormField> & Pick<TFormField, "name" | "component">): TFormField {
  return {
    id: partial.name,
    type: partial.component === "checkbox" ? "boolean" : "string",
    label: partial.name.toUpperCase(),
    props: {},
    validation: {},
    dataAttributes: {},
    ...partial,
  };
}

function issues(fields: TFormField[], values: unknown): ValidationIssue[] {
  const r = buildFormSchema(fields).safeParse(values);
  return r.success ? [] : issuesOf(r.error);
}

function parse(fields: TFormField[], values: unknown) {
  const r = buildFormSchema(fields).safeParse(values);
  if (!r.success) throw new Error(`expected ${JSON.stringify(values)} to pass: ${JSON.stringify(issuesOf(r.error))}`);
  return r.data;
}

describe("buildFormSchema: generic text rules (seed 001 §5)", () => {
  const name = field({ name: "name", component: "text", label: "Your name", validation: { required: true, minLength: 2, maxLength: 5 } });

  it("prefixes the required message with the field's name, for blank, spaces and a missing key", () => {
    for (const values of [{ name: "" }, { name: "   " }, {}, { name: null }]) {
      expect(issues([name], values), JSON.stringify(values)).toEqual([{ path: "name", key: MSG.required, params: { field: "Your name" } }]);
    }
  });

  it("carries the bound in minLength and maxLength messages, counted in code points after trimming", () => {
    expect(issues([name], { name: " A " })).toEqual([{ path: "name", key: MSG.minLength, params: { minimum: 2 } }]);
    expect(issues([name], { name: "Abcdef" })).toEqual([{ path: "name", key: MSG.maxLength, params: { maximum: 5 } }]);
    expect(parse([name], { name: " محمد " })).toEqual({ name: "محمد" });
    expect(parse([name], { name: "𝒜𝒜𝒜𝒜𝒜" })).toEqual({ name: "𝒜𝒜𝒜𝒜𝒜" });
  });

  it("checks the regexp with the unicode flag", () => {
    const city = field({ name: "city", component: "text", validation: { regexp: "^\\p{L}+$" } });
    expect(parse([city], { city: "İstanbul" })).toEqual({ city: "İstanbul" });
    expect(parse([city], { city: "Москва" })).toEqual({ city: "Москва" });
    expect(issues([city], { city: "Ank4ra" })).toEqual([{ path: "city", key: MSG.regexp }]);
  });

  it("ignores a regexp that does not compile instead of refusing every answer", () => {
    const broken = field({ name: "code", component: "text", validation: { regexp: "(" } });
    expect(parse([broken], { code: "anything" })).toEqual({ code: "anything" });
  });

  it("applies the e-mail rule to an e-mail component or a text field flagged email, lowercased and trimmed", () => {
    const email = field({ name: "email", component: "email", validation: { required: true } });
    expect(parse([email], { email: "  Ann@Example.COM " })).toEqual({ email: "ann@example.com" });
    expect(issues([email], { email: "ann@example" })).toEqual([{ path: "email", key: MSG.email }]);
    const flagged = field({ name: "contact", component: "text", validation: { email: true } });
    expect(issues([flagged], { contact: "not-an-address" })).toEqual([{ path: "contact", key: MSG.email }]);
  });

  it("drops a blank optional answer and still checks a filled one", () => {
    const note = field({ name: "note", component: "textarea", validation: { minLength: 10 } });
    expect(parse([note], { note: "   " })).toEqual({});
    expect(parse([note], {})).toEqual({});
    expect(issues([note], { note: "short" })).toEqual([{ path: "note", key: MSG.minLength, params: { minimum: 10 } }]);
  });

  it("bounds a field without maxLength", () => {
    const note = field({ name: "note", component: "textarea" });
    expect(issues([note], { note: "x".repeat(1001) })).toEqual([{ path: "note", key: MSG.maxLength, params: { maximum: 1000 } }]);
  });

  it("refuses a number where text is expected", () => {
    expect(issues([name], { name: 42 })[0]).toMatchObject({ path: "name" });
  });
});

describe("buildFormSchema: phone, select, remote search and check box", () => {
  it("normalises a phone and keeps the seed's mask", () => {
    const phone = field({ name: "phone", component: "phone", label: "Phone", validation: { required: true } });
    expect(parse([phone], { phone: "+90 (555) 123-45-67" })).toEqual({ phone: "+905551234567" });
    expect(issues([phone], { phone: "0555 123" })).toEqual([{ path: "phone", key: MSG.phone }]);
    expect(issues([phone], { phone: " ( ) " })).toEqual([{ path: "phone", key: MSG.required, params: { field: "Phone" } }]);
    const optional = field({ name: "phone", component: "phone" });
    expect(parse([optional], { phone: " - " })).toEqual({});
  });

  it("accepts only the select's own option values", () => {
    const topic = field({
      name: "topic",
      component: "select",
      validation: { required: true },
      props: {
        options: [
          { value: "courses", label: "Courses" },
          { value: "mentor", label: "Mentor" },
        ],
      },
    });
    expect(parse([topic], { topic: "mentor" })).toEqual({ topic: "mentor" });
    expect(issues([topic], { topic: "payments" })).toEqual([{ path: "topic", key: FORM_MSG.option }]);
    expect(issues([topic], { topic: "" })).toEqual([{ path: "topic", key: MSG.required, params: { field: "TOPIC" } }]);
  });

  it("takes a remote-search answer as an id of bounded length", () => {
    const city = field({ name: "city", component: "remote-search" });
    expect(parse([city], { city: "city-istanbul" })).toEqual({ city: "city-istanbul" });
    expect(parse([city], { city: "" })).toEqual({});
    expect(issues([city], { city: "x".repeat(CHOICE_MAX + 1) })).toEqual([{ path: "city", key: FORM_MSG.option, params: { maximum: CHOICE_MAX } }]);
  });

  it("requires a required check box to be ticked and refuses strings for booleans", () => {
    const consent = field({ name: "consent", component: "checkbox", label: "Consent", validation: { required: true } });
    expect(parse([consent], { consent: true })).toEqual({ consent: true });
    expect(issues([consent], { consent: false })).toEqual([{ path: "consent", key: MSG.required, params: { field: "Consent" } }]);
    expect(issues([consent], {})).toEqual([{ path: "consent", key: MSG.required, params: { field: "Consent" } }]);
    expect(issues([consent], { consent: "true" })).toEqual([{ path: "consent", key: FORM_MSG.invalid }]);
    const news = field({ name: "news", component: "checkbox" });
    expect(parse([news], {})).toEqual({});
    expect(parse([news], { news: false })).toEqual({ news: false });
  });
});

describe("buildFormSchema: the record as a whole", () => {
  const fields = [
    field({ name: "name", component: "text", validation: { required: true } }),
    field({ name: "email", component: "email", validation: { required: true } }),
  ];

  it("reports every failing field at once", () => {
    expect(issues(fields, { name: "", email: "bad" }).map((i) => i.path)).toEqual(["name", "email"]);
  });

  it("refuses keys the form does not have, and the hidden fields above all", () => {
    for (const key of ["userId", "missionaryId", "isAdmin"]) {
      expect(issues(fields, { name: "Ann", email: "ann@example.com", [key]: "x" }), key).toEqual([{ path: "", key: FORM_MSG.unknownField }]);
    }
  });

  it("never builds an answer for a field named like a hidden field", () => {
    const sneaky = [...fields, field({ name: "userId", component: "text" })];
    expect(issues(sneaky, { name: "Ann", email: "ann@example.com", userId: "admin" })).toEqual([{ path: "", key: FORM_MSG.unknownField }]);
    expect(initialAnswers(sneaky)).toEqual({ name: "", email: "" });
  });

  it("refuses a body that is not an object", () => {
    for (const v of [null, "text", 42, []]) expect(issues(fields, v).length, JSON.stringify(v)).toBeGreaterThan(0);
  });

  it("starts from the defaults of the schema", () => {
    const withDefaults = [
      field({ name: "topic", component: "select", defaultValue: "courses" }),
      field({ name: "news", component: "checkbox", defaultValue: true }),
      field({ name: "agreeCall", component: "checkbox" }),
      field({ name: "note", component: "textarea" }),
    ];
    expect(initialAnswers(withDefaults)).toEqual({ topic: "courses", news: true, agreeCall: false, note: "" });
  });
});

describe("localizeField", () => {
  const stored: TStoredFormField = {
    id: "topic",
    name: "topic",
    type: "string",
    component: "select",
    props: {
      label: { tr: "Konu", en: "Topic" },
      placeholder: { tr: "Seçin" },
      options: [{ value: "courses", label: { tr: "Kurslar", en: "Courses" } }],
    },
    validation: { required: true },
    dataAttributes: { analytics: "topic" },
  };

  it("picks the language, then the primary language", () => {
    expect(localizeField(stored, "en", "tr")).toMatchObject({
      label: "Topic",
      props: { placeholder: "Seçin", options: [{ value: "courses", label: "Courses" }] },
    });
    expect(localizeField(stored, "ar", "tr")).toMatchObject({ label: "Konu", props: { options: [{ label: "Kurslar" }] } });
    expect(localizeField(stored, "ar", "tr").dataAttributes).toEqual({ analytics: "topic" });
  });
});
