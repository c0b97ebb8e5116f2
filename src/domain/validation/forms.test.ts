import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  ANONYMOUS_ERROR,
  FORGOT_PASSWORD_ERROR,
  PROFILE_FILL_ERROR,
  SIGN_IN_ERROR,
  ZAnonymousSignIn,
  ZAnonymousSignUp,
  ZForgotPassword,
  ZProfileFill,
  ZRestorePassword,
  ZSignIn,
  ZSignUp,
} from "./forms";
import { issuesOf, MSG, type ValidationIssue } from "./messages";

function issues(schema: z.ZodType, value: unknown): ValidationIssue[] {
  const r = schema.safeParse(value);
  return r.success ? [] : issuesOf(r.error);
}
const byPath = (schema: z.ZodType, value: unknown) => Object.fromEntries(issues(schema, value).map((i) => [i.path, i.key]));

describe("summary keys", () => {
  it("are the seed's keys", () => {
    expect(SIGN_IN_ERROR).toBe("env.scenarious.popup.login.error");
    expect(FORGOT_PASSWORD_ERROR).toBe("env.scenarious.popup.password.error");
    expect(PROFILE_FILL_ERROR).toBe("env.scenarious.popup.auth.error");
    expect(ANONYMOUS_ERROR).toBe("env.scenarious.popup.login.error");
  });
});

describe("ZSignIn", () => {
  it("normalises the e-mail and keeps the password as typed", () => {
    expect(ZSignIn.parse({ email: " Ann@Example.COM ", password: " pw " })).toEqual({ email: "ann@example.com", password: " pw " });
  });

  it("requires both fields", () => {
    expect(byPath(ZSignIn, {})).toEqual({ email: MSG.required, password: MSG.required });
    expect(byPath(ZSignIn, { email: "", password: "" })).toEqual({ email: MSG.required, password: MSG.required });
  });

  it("reports an invalid e-mail with the email key", () => {
    expect(byPath(ZSignIn, { email: "a@b", password: "secret" })).toEqual({ email: MSG.email });
  });

  it("reports a non-object body with a key, not English text", () => {
    expect(issues(ZSignIn, undefined)).toEqual([{ path: "", key: MSG.required }]);
  });
});

describe("ZSignUp", () => {
  const base = { email: "new@example.com", password: "secret1", firstName: "Çağrı", agree: true };

  it("accepts the required fields alone", () => {
    expect(ZSignUp.parse(base)).toEqual(base);
  });

  it("drops empty optional values", () => {
    const out = ZSignUp.parse({ ...base, lastName: "", phone: "  ", age: "", additional: "" });
    expect(out.lastName).toBeUndefined();
    expect(out.phone).toBeUndefined();
    expect(out.age).toBeUndefined();
    expect(out.additional).toBeUndefined();
    expect(JSON.parse(JSON.stringify(out))).toEqual(base);
  });

  it("keeps and normalises filled optional values", () => {
    const out = ZSignUp.parse({ ...base, lastName: " Ольга-Мария ", phone: "+90 212 000 00 00", age: "27", additional: " hi " });
    expect(out).toEqual({ ...base, lastName: "Ольга-Мария", phone: "+902120000000", age: "27", additional: "hi" });
  });

  it("still validates filled optional values", () => {
    expect(byPath(ZSignUp, { ...base, lastName: "X1", phone: "123", age: "abc", additional: "x".repeat(501) })).toEqual({
      lastName: MSG.name,
      phone: MSG.phone,
      age: MSG.regexp,
      additional: MSG.maxLength,
    });
  });

  it("requires e-mail, password and first name", () => {
    expect(byPath(ZSignUp, { agree: true })).toEqual({ email: MSG.required, password: MSG.required, firstName: MSG.required });
  });

  it("requires agreeing to the terms", () => {
    expect(byPath(ZSignUp, { ...base, agree: false })).toEqual({ agree: MSG.termsNotAccepted });
    expect(byPath(ZSignUp, { ...base, agree: undefined })).toEqual({ agree: MSG.termsNotAccepted });
    expect(byPath(ZSignUp, { ...base, agree: "true" })).toEqual({ agree: MSG.termsNotAccepted });
  });

  it("applies the new-password minimum", () => {
    expect(issues(ZSignUp, { ...base, password: "12345" })).toEqual([{ path: "password", key: MSG.minLength, params: { minimum: 6 } }]);
  });
});

describe("ZForgotPassword", () => {
  it("requires a valid e-mail", () => {
    expect(ZForgotPassword.parse({ email: " X@Y.io " })).toEqual({ email: "x@y.io" });
    expect(byPath(ZForgotPassword, { email: "" })).toEqual({ email: MSG.required });
    expect(byPath(ZForgotPassword, { email: "x@y" })).toEqual({ email: MSG.email });
  });
});

describe("ZRestorePassword", () => {
  const base = { password: "secret1", confirmPassword: "secret1", token: "tok" };

  it("accepts equal passwords with a token", () => {
    expect(ZRestorePassword.parse(base)).toEqual(base);
  });

  it("puts the coincide key on confirmPassword when they differ", () => {
    expect(issues(ZRestorePassword, { ...base, confirmPassword: "secret2" })).toEqual([{ path: "confirmPassword", key: MSG.passwordsDiffer }]);
  });

  it("still reports a mismatch alongside a too-short password", () => {
    expect(byPath(ZRestorePassword, { ...base, password: "abc", confirmPassword: "abd" })).toEqual({
      password: MSG.minLength,
      confirmPassword: MSG.passwordsDiffer,
    });
  });

  it("reports only required when the password is blank", () => {
    expect(issues(ZRestorePassword, { ...base, password: "" })).toEqual([{ path: "password", key: MSG.required }]);
  });

  it("reports an empty confirmation as required, not as a mismatch", () => {
    expect(issues(ZRestorePassword, { ...base, confirmPassword: "" })).toEqual([{ path: "confirmPassword", key: MSG.required }]);
  });

  it("requires a non-empty token", () => {
    expect(byPath(ZRestorePassword, { ...base, token: "" })).toEqual({ token: MSG.required });
    expect(byPath(ZRestorePassword, { ...base, token: "   " })).toEqual({ token: MSG.required });
    expect(byPath(ZRestorePassword, { password: "secret1", confirmPassword: "secret1" })).toEqual({ token: MSG.required });
  });
});

describe("ZProfileFill", () => {
  it("requires e-mail and phone", () => {
    expect(byPath(ZProfileFill, { email: "", phone: "" })).toEqual({ email: MSG.required, phone: MSG.required });
    expect(ZProfileFill.parse({ email: "A@B.tr", phone: "+90 (212) 000-00-00" })).toEqual({ email: "a@b.tr", phone: "+902120000000" });
    expect(byPath(ZProfileFill, { email: "a@b.tr", phone: "+1234567890123" })).toEqual({ phone: MSG.phone });
  });
});

describe("ZAnonymousSignIn / ZAnonymousSignUp", () => {
  it.each([
    ["sign-in", ZAnonymousSignIn],
    ["sign-up", ZAnonymousSignUp],
  ] as const)("%s checks username and password", (_name, schema) => {
    expect(schema.parse({ username: "learner1", password: "secret" })).toEqual({ username: "learner1", password: "secret" });
    expect(byPath(schema, { username: "learner 1", password: "12345" })).toEqual({ username: MSG.username, password: MSG.minLength });
    expect(byPath(schema, { username: "abcd", password: "" })).toEqual({ username: MSG.minLength, password: MSG.required });
  });
});
