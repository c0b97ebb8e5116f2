import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { describeEachDatabase } from "../../../../tests/setup/databases";
import { FORM_MSG, REMOTE_SEARCH_LIMIT, ZDataSource, ZForm, ZRecordCreated } from "../../../domain/forms";
import { MSG } from "../../../domain/validation/messages";
import { dataRecords } from "../../db/schema/forms";
import { DEMO_FORM_ID, demoFormTexts } from "../../db/seed/demo-forms";
import { upsertDataSource, upsertForm, upsertRecord } from "../../db/seed/form-factories";
import { RECORD_CREATE_LIMIT } from "./routes";

const valid = {
  name: "Elif Yılmaz",
  email: "  Elif@Example.COM ",
  phone: "+90 555 123 45 67",
  city: "city-istanbul",
  topic: "courses",
  message: "When does the next reading course start?",
  callback: true,
};

describeEachDatabase("forms and data sources API", (t) => {
  const get = (url: string) => t.app.inject({ method: "GET", url });
  // Each request from its own address: these tests are about answers, the rate limit has its own test.
  let client = 0;
  const post = (body: unknown, opts: { plural?: string; headers?: Record<string, string>; cookies?: Record<string, string> } = {}) =>
    t.app.inject({
      method: "POST",
      url: `/api/data/${opts.plural ?? "questions"}`,
      remoteAddress: `10.1.${(++client >> 8) & 255}.${client & 255}`,
      headers: opts.headers,
      cookies: opts.cookies,
      ...(body === undefined ? {} : { payload: body as object }),
    });
  const recordCount = async () => Number((await t.db.select({ n: sql<number>`count(*)::int` }).from(dataRecords))[0].n);

  describe("GET /api/forms/:id", () => {
    it.each(["tr", "en", "ar", "ru"] as const)("answers the demo form in %s with its data source", async (lang) => {
      const res = await get(`/api/forms/${DEMO_FORM_ID}?lang=${lang}`);
      expect(res.statusCode).toBe(200);
      const form = res.json();
      expect(ZForm.safeParse(form).success).toBe(true);
      expect(form).toMatchObject({
        id: DEMO_FORM_ID,
        lang,
        title: demoFormTexts.title[lang],
        buttonText: demoFormTexts.buttonText[lang],
        dataSource: { plural: "questions" },
      });
      expect(form.fields.map((f: { name: string }) => f.name)).toEqual(["name", "email", "phone", "city", "topic", "message", "callback"]);
    });

    it("keeps where a remote search looks on the server", async () => {
      const form = (await get(`/api/forms/${DEMO_FORM_ID}?lang=en`)).json();
      const city = form.fields.find((f: { name: string }) => f.name === "city");
      expect(city.component).toBe("remote-search");
      expect(JSON.stringify(city)).not.toContain("ds-cities");
    });

    it("answers 404 NOT-FOUND for an unknown form and 400 for an unsupported or missing language", async () => {
      const missing = await get("/api/forms/no-such-form?lang=en");
      expect(missing.statusCode).toBe(404);
      expect(missing.json().error.code).toBe("NOT-FOUND");
      expect((await get(`/api/forms/${DEMO_FORM_ID}?lang=de`)).json().error.code).toBe("UNSUPPORTED-LANG");
      expect((await get(`/api/forms/${DEMO_FORM_ID}`)).statusCode).toBe(400);
      expect((await get(`/api/forms/${encodeURIComponent("a b")}?lang=en`)).statusCode).toBe(400);
    });
  });

  describe("GET /api/data-sources/:id", () => {
    it("answers the plural and field types, hidden fields included", async () => {
      const res = await get("/api/data-sources/ds-questions");
      expect(res.statusCode).toBe(200);
      const ds = res.json();
      expect(ZDataSource.safeParse(ds).success).toBe(true);
      expect(ds.plural).toBe("questions");
      expect(ds.fields).toEqual(
        expect.arrayContaining([
          { id: "userId", type: "hidden" },
          { id: "missionaryId", type: "hidden" },
          { id: "callback", type: "boolean" },
        ]),
      );
    });

    it("answers 404 NOT-FOUND for an unknown data source", async () => {
      const res = await get("/api/data-sources/ds-nothing");
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe("NOT-FOUND");
    });
  });

  describe("POST /api/data/:plural", () => {
    it("creates a record from a guest with normalised answers; the server sets userId and missionaryId", async () => {
      const res = await post({ formId: DEMO_FORM_ID, lang: "en", values: valid }, { cookies: { mentor_id: "mentor-42" } });
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(ZRecordCreated.safeParse(body).success).toBe(true);
      expect(body.values).toEqual({ ...valid, email: "elif@example.com", phone: "+905551234567", userId: "guest", missionaryId: "mentor-42" });
      const [row] = await t.db.select().from(dataRecords).where(eq(dataRecords.id, body.id));
      expect(row).toMatchObject({ dataSourceId: "ds-questions", formId: DEMO_FORM_ID, userId: "guest", missionaryId: "mentor-42" });
      expect(row.values).not.toHaveProperty("userId");
    });

    it("takes userId from the session of the caller", async () => {
      const session = (await t.app.inject({ method: "POST", url: "/api/auth/session" })).json();
      const res = await post({ formId: DEMO_FORM_ID, values: valid }, { headers: { authorization: `Bearer ${session.accessToken}` } });
      expect(res.statusCode).toBe(201);
      expect(res.json().values).toMatchObject({ userId: session.userId, missionaryId: null });
    });

    it("drops blank optional answers and ignores a malformed mentor_id cookie", async () => {
      const res = await post(
        {
          formId: DEMO_FORM_ID,
          values: { name: "Ivan", email: "ivan@example.ru", topic: "other", message: "Можно ли учиться с телефона?", phone: " ", city: "" },
        },
        { cookies: { mentor_id: "<script>" } },
      );
      expect(res.statusCode).toBe(201);
      expect(res.json().values).toEqual({
        name: "Ivan",
        email: "ivan@example.ru",
        topic: "other",
        message: "Можно ли учиться с телефона?",
        userId: "guest",
        missionaryId: null,
      });
    });

    it.each([
      ["userId", { userId: "admin" }],
      ["missionaryId", { missionaryId: "mentor-1" }],
      ["an unknown field", { isAdmin: true }],
    ])("refuses %s in the answers with 400 and writes nothing", async (_what, extra) => {
      const before = await recordCount();
      const res = await post({ formId: DEMO_FORM_ID, values: { ...valid, ...extra } });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: "VALIDATION", details: { validationErrors: [{ path: "values", message: FORM_MSG.unknownField }] } });
      expect(await recordCount()).toBe(before);
    });

    it("refuses hidden fields beside the answers (the envelope is strict)", async () => {
      const before = await recordCount();
      const res = await post({ formId: DEMO_FORM_ID, values: valid, userId: "admin", missionaryId: "m" });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe("VALIDATION");
      expect(await recordCount()).toBe(before);
    });

    it("lists every failing field with its key, the field name and the bound, and writes nothing", async () => {
      const before = await recordCount();
      const res = await post({
        formId: DEMO_FORM_ID,
        lang: "ar",
        values: { name: " ", email: "elif@", phone: "12345", topic: "payments", message: "short", callback: "yes" },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details.validationErrors).toEqual([
        { path: "values.name", message: MSG.required, params: { field: "اسمك" } },
        { path: "values.email", message: MSG.email },
        { path: "values.phone", message: MSG.phone },
        { path: "values.topic", message: FORM_MSG.option },
        { path: "values.message", message: MSG.minLength, params: { minimum: 10 } },
        { path: "values.callback", message: FORM_MSG.invalid },
      ]);
      expect(await recordCount()).toBe(before);
    });

    it("reports a too long answer with its maximum", async () => {
      const res = await post({ formId: DEMO_FORM_ID, values: { ...valid, message: "x".repeat(1001) } });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details.validationErrors).toEqual([{ path: "values.message", message: MSG.maxLength, params: { maximum: 1000 } }]);
    });

    it("refuses a remote-search answer that is not a record of the searched source", async () => {
      const before = await recordCount();
      for (const city of ["city-atlantis", "ds-questions"]) {
        const res = await post({ formId: DEMO_FORM_ID, values: { ...valid, city } });
        expect(res.statusCode, city).toBe(400);
        expect(res.json().error.details.validationErrors).toEqual([{ path: "values.city", message: FORM_MSG.option }]);
      }
      expect(await recordCount()).toBe(before);
    });

    it("answers 404 for an unknown data source or form and 400 for a form of another data source", async () => {
      const before = await recordCount();
      const noSource = await post({ formId: DEMO_FORM_ID, values: valid }, { plural: "secrets" });
      expect(noSource.statusCode).toBe(404);
      expect(noSource.json().error.code).toBe("NOT-FOUND");
      const noForm = await post({ formId: "form-nothing", values: valid });
      expect(noForm.statusCode).toBe(404);
      const wrongSource = await post({ formId: DEMO_FORM_ID, values: valid }, { plural: "cities" });
      expect(wrongSource.statusCode).toBe(400);
      expect(wrongSource.json().error.code).toBe("VALIDATION");
      expect(await recordCount()).toBe(before);
    });

    it.each([
      ["no body", undefined],
      ["values that are not an object", { formId: DEMO_FORM_ID, values: "name=Elif" }],
      ["no formId", { values: valid }],
      ["an unsupported language", { formId: DEMO_FORM_ID, lang: "de", values: valid }],
    ])("answers 400 for %s", async (_what, body) => {
      const res = await post(body);
      expect(res.statusCode).toBe(400);
      expect(["VALIDATION", "UNSUPPORTED-LANG"]).toContain(res.json().error.code);
    });

    it("refuses a token that does not verify with 401 TOKEN-BAD instead of writing as a guest", async () => {
      const before = await recordCount();
      const res = await post({ formId: DEMO_FORM_ID, values: valid }, { headers: { authorization: "Bearer not-a-token" } });
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe("TOKEN-BAD");
      expect(await recordCount()).toBe(before);
    });

    it("refuses a cross-origin browser request", async () => {
      const res = await post({ formId: DEMO_FORM_ID, values: valid }, { headers: { origin: "https://evil.example" } });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe("BAD-ORIGIN");
    });

    it(`rate-limits record creation after ${RECORD_CREATE_LIMIT} requests per window`, async () => {
      const app = await t.buildApp({ RATE_LIMIT_WINDOW_MS: "600000" });
      const send = (values: object) =>
        app.inject({ method: "POST", url: "/api/data/questions", remoteAddress: "10.9.8.7", payload: { formId: DEMO_FORM_ID, values } });
      for (let i = 0; i < RECORD_CREATE_LIMIT; i++) expect((await send({})).statusCode).toBe(400);
      const before = await recordCount();
      const limited = await send(valid);
      expect(limited.statusCode).toBe(429);
      expect(limited.json().error.code).toBe("RATE-LIMITED");
      expect(await recordCount()).toBe(before);
    });
  });

  describe("GET /api/forms/:id/fields/:fieldId/options (remote search)", () => {
    const search = (q: string, field = "city", form = DEMO_FORM_ID) => get(`/api/forms/${form}/fields/${field}/options?q=${encodeURIComponent(q)}`);

    it.each([
      ["mos", ["Moscow · Москва"]],
      ["МОСК", ["Moscow · Москва"]],
      ["القا", ["Cairo · القاهرة"]],
      ["istanbul", ["Istanbul · İstanbul"]],
      [" kaz ", ["Kazan · Казань"]],
    ])("finds %j", async (q, labels) => {
      const res = await search(q);
      expect(res.statusCode).toBe(200);
      expect(res.json().map((o: { label: string }) => o.label)).toEqual(labels);
    });

    it("answers only the record id and the label field", async () => {
      expect((await search("Ankara")).json()).toEqual([{ value: "city-ankara", label: "Ankara" }]);
    });

    it("matches wildcard characters literally", async () => {
      for (const q of ["%%%", "___", "\\\\\\"]) expect((await search(q)).json(), q).toEqual([]);
    });

    it("needs at least 3 characters after trimming", async () => {
      for (const q of ["", "mo", "  mo  "]) {
        const res = await search(q);
        expect(res.statusCode, JSON.stringify(q)).toBe(400);
        expect(res.json().error.code).toBe("VALIDATION");
      }
      expect((await search("x".repeat(101))).statusCode).toBe(400);
    });

    it("searches only remote-search fields of existing forms", async () => {
      for (const [field, form] of [
        ["name", DEMO_FORM_ID],
        ["topic", DEMO_FORM_ID],
        ["nothing", DEMO_FORM_ID],
        ["city", "form-nothing"],
      ]) {
        const res = await search("mos", field, form);
        expect(res.statusCode, `${form}/${field}`).toBe(404);
        expect(res.json().error.code).toBe("NOT-FOUND");
      }
    });

    describe("with many matches", () => {
      beforeAll(async () => {
        const env = t.config.ENVIRONMENT_ID;
        await upsertDataSource(t.db, { id: "ds-towns", environmentId: env, plural: "towns", fields: [{ id: "title", type: "string" }] });
        await upsertDataSource(t.db, { id: "ds-visits", environmentId: env, plural: "visits", fields: [{ id: "town", type: "string" }] });
        await upsertForm(t.db, {
          id: "form-visit",
          environmentId: env,
          dataSourceId: "ds-visits",
          title: { en: "Visit" },
          schema: [
            {
              id: "town",
              name: "town",
              type: "string",
              component: "remote-search",
              props: { label: { en: "Town" }, search: { dataSourceId: "ds-towns", labelField: "title" } },
              validation: { required: true },
              dataAttributes: {},
            },
          ],
        });
        for (let i = 30; i >= 1; i--)
          await upsertRecord(t.db, { id: `town-${i}`, dataSourceId: "ds-towns", values: { title: `Town ${String(i).padStart(2, "0")}` } });
      });

      it(`answers at most ${REMOTE_SEARCH_LIMIT}, ordered by label`, async () => {
        const res = await search("town", "town", "form-visit");
        expect(res.statusCode).toBe(200);
        const labels = res.json().map((o: { label: string }) => o.label);
        expect(labels).toHaveLength(REMOTE_SEARCH_LIMIT);
        expect(labels[0]).toBe("Town 01");
        expect(labels).toEqual([...labels].sort());
      });

      it("creates a record with a remote-search answer from that source", async () => {
        const res = await post({ formId: "form-visit", values: { town: "town-7" } }, { plural: "visits" });
        expect(res.statusCode).toBe(201);
        expect(res.json().values).toEqual({ town: "town-7", userId: "guest", missionaryId: null });
        const demoCity = await post({ formId: "form-visit", values: { town: "city-istanbul" } }, { plural: "visits" });
        expect(demoCity.statusCode).toBe(400);
      });
    });
  });
});
