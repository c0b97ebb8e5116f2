import { describe, expect, it } from "vitest";
import { z } from "zod";
import { firstIssueByPath, issuesOf, MSG } from "./messages";

describe("MSG", () => {
  it("holds the seed's language-pack keys", () => {
    expect(MSG).toMatchObject({
      required: "crud.validation.message.required",
      email: "crud.validation.message.email",
      minLength: "crud.validation.message.minLength",
      maxLength: "crud.validation.message.maxLength",
      regexp: "crud.validation.message.regexp",
      name: "crud.validation.message.name",
      username: "crud.validation.message.username",
      phone: "crud.validation.message.phone",
      loginError: "env.scenarious.popup.login.error",
      passwordError: "env.scenarious.popup.password.error",
      passwordsDiffer: "env.scenarious.popup.login.password.coincide.error",
      authError: "env.scenarious.popup.auth.error",
    });
  });
});

describe("issuesOf", () => {
  it("joins paths with dots and uses the message as the key", () => {
    const schema = z.object({ list: z.array(z.object({ name: z.string({ error: MSG.required }) })) });
    const r = schema.safeParse({ list: [{ name: "ok" }, {}] });
    expect(r.success).toBe(false);
    expect(issuesOf(r.error!)).toEqual([{ path: "list.1.name", key: MSG.required }]);
  });

  it("carries the bound of zod's own length checks", () => {
    const r = z.object({ a: z.string().min(3, MSG.minLength), b: z.string().max(2, MSG.maxLength) }).safeParse({ a: "x", b: "xyz" });
    expect(issuesOf(r.error!)).toEqual([
      { path: "a", key: MSG.minLength, params: { minimum: 3 } },
      { path: "b", key: MSG.maxLength, params: { maximum: 2 } },
    ]);
  });

  it("carries string and number params of custom issues and leaves out the rest", () => {
    const schema = z.string().refine(() => false, { error: MSG.required, params: { field: "City", n: 1, skip: { x: 1 } } });
    expect(issuesOf(schema.safeParse("")!.error!)).toEqual([{ path: "", key: MSG.required, params: { field: "City", n: 1 } }]);
    const bare = z.string().refine(() => false, { error: MSG.regexp });
    expect(issuesOf(bare.safeParse("").error!)).toEqual([{ path: "", key: MSG.regexp }]);
  });
});

describe("firstIssueByPath", () => {
  it("keeps the first issue of each field", () => {
    const out = firstIssueByPath([
      { path: "a", key: "k1" },
      { path: "a", key: "k2" },
      { path: "b", key: "k3" },
    ]);
    expect(out).toEqual({ a: { path: "a", key: "k1" }, b: { path: "b", key: "k3" } });
  });
});
