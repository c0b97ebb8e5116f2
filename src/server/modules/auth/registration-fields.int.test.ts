import { eq } from "drizzle-orm";
import { afterEach, expect, it } from "vitest";
import { describeEachDatabase } from "../../../../tests/setup/databases";
import { defaultRegistrationFields, type TRegistrationField } from "../../../domain/validation/registration-fields";
import { portals } from "../../db/schema/portal";
import { users } from "../../db/schema/users";
import { signUpBody } from "../../../../tests/support/factories";
import { Browser, expectError } from "../../../../tests/support/http";
import { changeContent } from "../../platform/content-version";

describeEachDatabase("registration fields from the portal settings (seed 001 §3, §5)", (t) => {
  async function setFields(byLang: Record<string, TRegistrationField[]> | undefined) {
    const [row] = await t.db.select().from(portals).where(eq(portals.id, t.config.PORTAL_ID));
    await changeContent(t.db, async (tx) => {
      await tx
        .update(portals)
        .set({ registration: { ...row.registration, fields: byLang } })
        .where(eq(portals.id, t.config.PORTAL_ID));
    });
  }
  const withField = (id: string, patch: Partial<TRegistrationField>) => defaultRegistrationFields().map((f) => (f.id === id ? { ...f, ...patch } : f));
  const post = (body: Record<string, unknown>) => new Browser(t.app).post("/api/auth/register", body);
  afterEach(() => setFields(undefined));

  it("by default lastName is required like firstName, with its 2-15 rule", async () => {
    const missing = await post(signUpBody({ lastName: undefined }));
    expectError(missing, 400, "VALIDATION");
    expect(missing.json().error.details.validationErrors).toEqual([{ path: "lastName", message: "crud.validation.message.required" }]);
    expect(missing.json().error.details.validationErrors).toHaveLength(1);
    const short = await post(signUpBody({ lastName: "L" }));
    expect(short.json().error.details.validationErrors[0]).toMatchObject({ path: "lastName", message: "crud.validation.message.minLength" });
  });

  it("an active phone field the portal makes required is required; inactive fields are not", async () => {
    await setFields({ en: withField("phone", { active: true, validation: { required: true } }) });
    const res = await post(signUpBody({ lang: "en" }));
    expectError(res, 400, "VALIDATION");
    expect(res.json().error.details.validationErrors).toEqual([{ path: "phone", message: "crud.validation.message.required" }]);
    // Another language without its own list falls back to the primary language's (here: defaults).
    expect((await post(signUpBody({ lang: "ru" }))).statusCode).toBe(200);
    const ok = await post(signUpBody({ lang: "en", phone: "+905551112233" }));
    expect(ok.statusCode, ok.body).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, ok.json().userId));
    expect(row.phone).toBe("+905551112233");
  });

  it("a generic field's regexp (unicode), minLength and maxLength come from the settings", async () => {
    await setFields({
      en: [
        ...defaultRegistrationFields().filter((f) => f.id !== "additional"),
        {
          id: "additional",
          type: "textarea",
          name: "Motivation",
          active: true,
          switchable: true,
          validation: { required: true, minLength: 3, maxLength: 10, regexp: "^\\p{L}+$" },
        },
      ],
    });
    const errorsOf = async (additional: unknown) => (await post(signUpBody({ lang: "en", additional }))).json().error?.details?.validationErrors;
    expect(await errorsOf(undefined)).toEqual([{ path: "additional", message: "crud.validation.message.required", params: { field: "Motivation" } }]);
    expect(await errorsOf("ab")).toEqual([{ path: "additional", message: "crud.validation.message.minLength", params: { minimum: 3 } }]);
    expect(await errorsOf("çok123")).toEqual([{ path: "additional", message: "crud.validation.message.regexp" }]);
    expect(await errorsOf("çokistekli")).toBeUndefined();
  });

  it("nothing is written when a portal rule fails", async () => {
    await setFields({ en: withField("phone", { active: true, validation: { required: true } }) });
    const body = signUpBody({ lang: "en" });
    expectError(await post(body), 400, "VALIDATION");
    expect(
      await t.db
        .select()
        .from(users)
        .where(eq(users.email, String(body.email))),
    ).toEqual([]);
  });
});
