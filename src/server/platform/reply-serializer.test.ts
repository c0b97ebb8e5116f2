import Fastify from "fastify";
import { validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { installErrorHandler } from "./errors";
import { createReplySerializerCompiler, replyJsonSchema } from "./reply-serializer";

const ZBlock = z.discriminatedUnion("type", [
  z.object({ type: z.literal("text"), id: z.string(), props: z.object({ html: z.string(), note: z.string().optional() }) }),
  z.object({ type: z.literal("video"), id: z.string(), props: z.object({ url: z.string().min(1), autoplay: z.boolean().default(false) }) }),
]);
interface Tree {
  id: string;
  children?: Tree[];
}
const ZTree: z.ZodType<Tree> = z.lazy(() => z.object({ id: z.string(), children: z.array(ZTree).optional() }));

/** A reply that uses every shape the API's schemas use. */
const ZReply = z.object({
  note: z.string().optional(),
  id: z.string(),
  count: z.number().int(),
  ratio: z.number(),
  done: z.boolean(),
  state: z.enum(["open", "closed"]),
  literal: z.literal("ok"),
  cover: z.string().nullable(),
  opened: z.object({ id: z.string(), at: z.string() }).nullable(),
  blocks: z.array(ZBlock),
  maybeBlock: ZBlock.nullable(),
  titles: z.record(z.string(), z.string()),
  variables: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  button: z.union([z.object({ label: z.string(), href: z.string() }), z.object({ label: z.string(), scenarioId: z.string() })]).optional(),
  extra: z.unknown().optional(),
  tree: ZTree,
});
type TReply = z.infer<typeof ZReply>;

const reply: TReply = {
  id: "c1",
  count: 3,
  ratio: 0.25,
  done: false,
  state: "open",
  literal: "ok",
  cover: null,
  opened: { id: "e1", at: "2026-01-05T10:00:00.000Z" },
  blocks: [
    { type: "text", id: "b1", props: { html: '<p>"quoted" \u2028 ünïcode</p>', note: "n" } },
    { type: "video", id: "b2", props: { url: "https://example.com/v.mp4", autoplay: true } },
  ],
  maybeBlock: null,
  titles: { tr: "Başlık", en: "Title", 'odd key "': "x" },
  variables: { a: "x", b: 2, c: true, d: null },
  button: { label: "Go", scenarioId: "s1" },
  extra: { free: ["form", 1, { nested: true }], when: new Date("2026-01-05T10:00:00.000Z") },
  tree: { id: "root", children: [{ id: "leaf" }, { id: "branch", children: [{ id: "deep" }] }] },
};

/** A one-route app that answers `data` against ZReply, as main.ts wires the serializer. */
async function appAnswering(data: unknown, check: boolean) {
  const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(createReplySerializerCompiler({ check }));
  installErrorHandler(app);
  app.get("/reply", { schema: { response: { 200: ZReply } } }, async () => data as TReply);
  await app.ready();
  return app;
}

async function get(data: unknown, check: boolean) {
  const app = await appAnswering(data, check);
  try {
    return await app.inject({ method: "GET", url: "/reply" });
  } finally {
    await app.close();
  }
}

const zodWrites = (data: unknown) => JSON.stringify(z.encode(ZReply, data as TReply));

describe.each([
  ["production (fast-json-stringify only)", false],
  ["development and tests (checked against zod)", true],
])("replies serialized from their schemas, %s", (_mode, check) => {
  it("writes byte for byte what zod writes: key order, unions, records, nullable, optional, free-form values and dates", async () => {
    const res = await get(reply, check);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(res.body).toBe(zodWrites(reply));
    expect(res.json().extra.when).toBe("2026-01-05T10:00:00.000Z");
  });

  it("never writes a property the schema does not name, at any depth", async () => {
    const leaky = {
      ...reply,
      passwordHash: "argon2id$secret",
      opened: { ...reply.opened, learnerEmail: "a@example.com" },
      blocks: [{ ...reply.blocks[0], internal: "draft notes" }, reply.blocks[1]],
      tree: { id: "root", secret: 1, children: [{ id: "leaf", secret: 2 }] },
      button: { label: "Go", href: "/x", token: "t" },
    };
    const res = await get(leaky, check);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toMatch(/passwordHash|argon2id|learnerEmail|internal|draft notes|secret|token/);
    expect(res.body).toBe(zodWrites(leaky));
  });

  it("refuses a block whose type no branch has with 500 INTERNAL, writing none of it", async () => {
    const res = await get({ ...reply, blocks: [{ type: "script", id: "x", props: { code: "alert(1)" } }] }, check);
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: { code: "INTERNAL", message: "Internal server error", key: "errors:codes.INTERNAL", requestId: expect.any(String) } });
    expect(res.body).not.toContain("alert");
  });

  it("refuses a number field that holds no number with 500 INTERNAL", async () => {
    const res = await get({ ...reply, count: "many" }, check);
    expect(res.statusCode).toBe(500);
    expect(res.json().error.code).toBe("INTERNAL");
  });
});

describe("a reply that does not match its schema, in development and tests", () => {
  it.each([
    ["a string field holding a number", { ...reply, id: 42 }],
    ["a missing required field", { ...reply, done: undefined }],
    ["null where the schema has no null", { ...reply, state: null }],
    ["a value outside the enum", { ...reply, state: "archived" }],
    ["an object where a string belongs", { ...reply, cover: { url: "x" } }],
    ["a fraction where an integer belongs", { ...reply, count: 1.5 }],
    ["a wrong value inside a union branch", { ...reply, blocks: [{ type: "video", id: "b", props: { url: 7 } }] }],
  ])("fails loudly with 500 INTERNAL (zod's check) rather than writing garbage: %s", async (_case, data) => {
    const res = await get(data, true);
    expect(res.statusCode).toBe(500);
    expect(res.json().error.code).toBe("INTERNAL");
  });
});

describe("the serializer's JSON Schema", () => {
  it("keeps only what shapes the output: no formats, patterns, bounds, defaults or required lists outside union checks", () => {
    const schema = JSON.stringify(
      replyJsonSchema(z.object({ email: z.email(), n: z.number().int().min(1).max(5), tag: z.string().regex(/^a/).default("a"), url: z.url().optional() })),
    );
    expect(schema).not.toMatch(/format|pattern|minimum|maximum|default|"required"|additionalProperties|\$schema/);
  });

  it("checks a discriminated union's branch by its discriminator only", () => {
    const schema = replyJsonSchema(ZBlock) as { if?: unknown; then?: unknown; else?: { if?: unknown } };
    expect(schema.if).toEqual({ type: "object", properties: { type: { const: "text" } }, required: ["type"] });
    expect(schema.else?.if).toEqual({ type: "object", properties: { type: { const: "video" } }, required: ["type"] });
  });
});

describe("a frozen reply (a shared snapshot such as the portal settings)", () => {
  it("is serialized once and its text reused while the object lives", async () => {
    let reads = 0;
    const snapshot = Object.freeze({
      ...reply,
      get id() {
        reads++;
        return "c1";
      },
    });
    const app = await appAnswering(snapshot, false);
    const first = await app.inject({ method: "GET", url: "/reply" });
    const second = await app.inject({ method: "GET", url: "/reply" });
    await app.close();
    expect(first.statusCode).toBe(200);
    expect(second.body).toBe(first.body);
    expect(reads).toBe(1);
    expect(first.body).toBe(zodWrites(snapshot));
  });
});
