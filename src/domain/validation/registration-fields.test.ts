import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { issuesOf, MSG, type ValidationIssue } from "./messages";
import {
  buildFieldSchema,
  buildRegistrationSchema,
  compileFieldRegexp,
  defaultRegistrationFields,
  defaultRegistrationFieldsByLang,
  registrationFieldsFor,
  ZRegistrationField,
  ZRegistrationFieldsByLang,
  type TRegistrationField,
} from "./registration-fields";

function issues(schema: z.ZodType, value: unknown): ValidationIssue[] {
  const r = schema.safeParse(value);
  return r.success ? [] : issuesOf(r.error);
}

const field = (over: Partial<TRegistrationField> & { validation?: TRegistrationField["validation"] }): TRegistrationField => ({
  id: "city",
  type: "text",
  name: "City",
  validation: {},
  active: true,
  switchable: true,
  ...over,
});

describe("defaultRegistrationFields", () => {
  const fields = defaultRegistrationFields();
  const byId = Object.fromEntries(fields.map((f) => [f.id, f]));

  it("has the seed's fields in order", () => {
    expect(fields.map((f) => f.id)).toEqual(["firstName", "lastName", "email", "password", "phone", "age", "additional"]);
  });

  it("makes firstName, lastName, email and password required, active and not switchable", () => {
    for (const id of ["firstName", "lastName", "email", "password"]) {
      expect(byId[id]).toMatchObject({ active: true, switchable: false, validation: { required: true } });
    }
    expect(byId.email.validation.email).toBe(true);
    expect(byId.firstName.validation).toMatchObject({ minLength: 2, maxLength: 15 });
  });

  it("leaves phone, age and additional inactive and switchable", () => {
    for (const id of ["phone", "age", "additional"]) expect(byId[id]).toMatchObject({ active: false, switchable: true });
  });

  it("parses with its own schema and returns independent copies", () => {
    expect(() => fields.forEach((f) => ZRegistrationField.parse(f))).not.toThrow();
    const other = defaultRegistrationFields();
    other[0].validation.minLength = 9;
    expect(defaultRegistrationFields()[0].validation.minLength).toBe(2);
  });

  it("builds one list per language", () => {
    const byLang = defaultRegistrationFieldsByLang(["tr", "en", "ar", "ru"]);
    expect(Object.keys(byLang)).toEqual(["tr", "en", "ar", "ru"]);
    expect(byLang.tr).not.toBe(byLang.en);
    expect(ZRegistrationFieldsByLang.parse(byLang)).toEqual(byLang);
  });
});

describe("registrationFieldsFor", () => {
  const custom = [field({ id: "city" })];
  it("falls back from the language to the primary language to the defaults", () => {
    expect(registrationFieldsFor({ en: custom }, "en", "tr")).toBe(custom);
    expect(registrationFieldsFor({ tr: custom }, "ar", "tr")).toBe(custom);
    expect(registrationFieldsFor(undefined, "ar", "tr").map((f) => f.id)).toContain("firstName");
  });
});

describe("buildFieldSchema", () => {
  it("reports required with the field name as a param", () => {
    const s = buildFieldSchema(field({ validation: { required: true } }));
    expect(issues(s, "")).toEqual([{ path: "", key: MSG.required, params: { field: "City" } }]);
    expect(issues(s, "  ")).toEqual([{ path: "", key: MSG.required, params: { field: "City" } }]);
    expect(s.parse(" Ankara ")).toBe("Ankara");
  });

  it("turns an empty optional value into undefined", () => {
    const s = buildFieldSchema(field({ validation: { minLength: 3 } }));
    expect(s.parse("")).toBeUndefined();
    expect(s.parse(undefined)).toBeUndefined();
    expect(issues(s, "ab")).toEqual([{ path: "", key: MSG.minLength, params: { minimum: 3 } }]);
  });

  it("checks minLength and maxLength exactly at, below and above the bound", () => {
    const s = buildFieldSchema(field({ validation: { required: true, minLength: 3, maxLength: 5 } }));
    expect(issues(s, "ab")).toEqual([{ path: "", key: MSG.minLength, params: { minimum: 3 } }]);
    expect(s.parse("abc")).toBe("abc");
    expect(s.parse("abcde")).toBe("abcde");
    expect(issues(s, "abcdef")).toEqual([{ path: "", key: MSG.maxLength, params: { maximum: 5 } }]);
    expect(s.parse("محمدا")).toBe("محمدا");
  });

  it("applies the e-mail rule with normalisation", () => {
    const s = buildFieldSchema(field({ id: "workEmail", type: "email", validation: { required: true, email: true } }));
    expect(s.parse(" Boss@Corp.COM ")).toBe("boss@corp.com");
    expect(issues(s, "boss@corp")).toEqual([{ path: "", key: MSG.email }]);
  });

  it("applies the regexp with the unicode flag", () => {
    const s = buildFieldSchema(field({ validation: { required: true, regexp: "^\\p{Lu}" } }));
    expect(s.parse("Çorum")).toBe("Çorum");
    expect(issues(s, "çorum")).toEqual([{ path: "", key: MSG.regexp }]);
  });

  it("treats an invalid regexp as no regexp instead of throwing", () => {
    expect(compileFieldRegexp("([")).toBeNull();
    expect(compileFieldRegexp("\\p{NotAProperty}")).toBeNull();
    let s: z.ZodType | undefined;
    expect(() => {
      s = buildFieldSchema(field({ validation: { required: true, regexp: "([" } }));
    }).not.toThrow();
    expect(s?.parse("anything")).toBe("anything");
  });

  it("caps a field without maxLength", () => {
    const s = buildFieldSchema(field({}));
    expect(s.parse("x".repeat(1000))).toHaveLength(1000);
    expect(issues(s, "x".repeat(1001))).toEqual([{ path: "", key: MSG.maxLength, params: { maximum: 1000 } }]);
  });
});

describe("buildRegistrationSchema", () => {
  it("includes only active fields", () => {
    const schema = buildRegistrationSchema(defaultRegistrationFields());
    expect(Object.keys(schema.shape)).toEqual(["firstName", "lastName", "email", "password"]);
  });

  it("keeps the seed's rules for the fixed fields", () => {
    const schema = buildRegistrationSchema(defaultRegistrationFields());
    const out = schema.parse({ firstName: " İpek ", lastName: "Ольга", email: " A@B.COM ", password: "secret", extra: "dropped" });
    expect(out).toEqual({ firstName: "İpek", lastName: "Ольга", email: "a@b.com", password: "secret" });
    const byPath = Object.fromEntries(issues(schema, { firstName: "A", lastName: "", email: "a@b", password: "12345" }).map((i) => [i.path, i.key]));
    expect(byPath).toEqual({ firstName: MSG.minLength, lastName: MSG.required, email: MSG.email, password: MSG.minLength });
    expect(issues(schema, { firstName: "Ann1", lastName: "Lee", email: "a@b.co", password: "secret" })).toEqual([{ path: "firstName", key: MSG.name }]);
  });

  it("adds activated optional fields and drops their empty values", () => {
    const fields = defaultRegistrationFields().map((f) => (f.switchable ? { ...f, active: true } : f));
    const schema = buildRegistrationSchema(fields);
    const base = { firstName: "Ann", lastName: "Lee", email: "a@b.com", password: "secret" };
    const out = schema.parse({ ...base, phone: "", age: "", additional: "" });
    expect(JSON.parse(JSON.stringify(out))).toEqual(base);
    expect(schema.parse({ ...base, phone: "+90 212 000 00 00", age: "30" })).toMatchObject({ phone: "+902120000000", age: "30" });
    expect(issues(schema, { ...base, age: "x" })).toEqual([{ path: "age", key: MSG.regexp }]);
  });

  it("makes phone required when the settings say so", () => {
    const fields = defaultRegistrationFields().map((f) => (f.id === "phone" ? { ...f, active: true, validation: { required: true } } : f));
    const schema = buildRegistrationSchema(fields);
    expect(issues(schema, { firstName: "Ann", lastName: "Lee", email: "a@b.com", password: "secret" })).toEqual([{ path: "phone", key: MSG.required }]);
  });

  it("uses the first field when an id repeats", () => {
    const schema = buildRegistrationSchema([field({ validation: { required: true } }), field({ validation: {} })]);
    expect(issues(schema, {})).toEqual([{ path: "city", key: MSG.required, params: { field: "City" } }]);
  });
});
