/**
 * Replies are written by fast-json-stringify from a JSON Schema compiled once per route reply schema,
 * instead of a zod parse plus JSON.stringify on every reply (docs/decisions/0023). Routes keep their
 * zod reply schemas: they type the handlers and generate the OpenAPI document as before.
 *
 * What the serializer does with a reply that does not match its schema:
 * - properties the schema does not name are never written (as zod's parse stripped them);
 * - in production a missing required property, a value no union branch takes, or a number that is
 *   not one is a 500 (ReplySerializationError, logged); other wrong primitives are coerced as
 *   fast-json-stringify does (its documented rules);
 * - with `check` (development and tests) every reply is also encoded by its zod schema first: a reply
 *   zod refuses is a 500 naming the route, and so is any difference between the two outputs, so the
 *   whole test suite proves that the fast path writes byte for byte what zod would have written.
 */
import type { FastifySerializerCompiler } from "fastify";
import fastJson, { type Schema as FjsSchema } from "fast-json-stringify";
import { z } from "zod";

type JsonSchema = { [key: string]: unknown };

/**
 * Keywords the serializer needs: the shape of the value and what tells union branches apart.
 * Validation-only keywords (formats, patterns, lengths, bounds) are dropped: they would only slow the
 * branch checks down or refuse values zod writes (its regular expressions are not JSON Schema's).
 * `required` is dropped too (see shape()).
 */
const SHAPE_KEYWORDS = new Set([
  "type",
  "properties",
  "additionalProperties",
  "items",
  "anyOf",
  "oneOf",
  "allOf",
  "const",
  "enum",
  "$ref",
  "definitions",
  "$defs",
]);

const isObject = (v: unknown): v is JsonSchema => typeof v === "object" && v !== null && !Array.isArray(v);
const mapValues = (o: JsonSchema, f: (v: unknown) => unknown): JsonSchema => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, f(v)]));
const isNullOnly = (s: JsonSchema) => s.type === "null" && Object.keys(s).length === 1;
const withoutRequired = ({ required: _, ...rest }: JsonSchema): JsonSchema => rest;
const pinOf = (branch: JsonSchema, key: string) => ((branch.properties as JsonSchema)[key] as JsonSchema).const;
const pinned = (key: string, pin: unknown): JsonSchema => ({ type: "object", properties: { [key]: { const: pin } }, required: [key] });

/** The property every branch pins to its own constant (a discriminated union), if there is one. */
function discriminatorOf(options: JsonSchema[]): string | undefined {
  const [first, ...rest] = options;
  if (!first || rest.length === 0 || !isObject(first.properties)) return undefined;
  const pins = (o: JsonSchema, key: string) =>
    isObject(o.properties) && isObject(o.properties[key]) && o.properties[key].const !== undefined && Array.isArray(o.required) && o.required.includes(key);
  const key = Object.keys(first.properties).find((k) => options.every((o) => pins(o, k)));
  if (!key) return undefined;
  const values = options.map((o) => JSON.stringify(pinOf(o, key)));
  return new Set(values).size === values.length ? key : undefined;
}

/**
 * A union as fast-json-stringify serializes it cheaply: `null` next to one typed schema becomes a
 * type list; a discriminated union becomes an if/then/else chain on its discriminator (each check
 * reads one property instead of validating the whole value against a branch), ending in a check that
 * refuses a value no branch takes. Other unions stay `anyOf` (the first branch the value passes).
 */
function union(options: JsonSchema[]): JsonSchema {
  if (options.length === 1) return withoutRequired(options[0]);
  // Branches that only name a type (what is left of z.union([z.string(), z.number()]) and the like).
  if (options.every((o) => Object.keys(o).length === 1 && o.type !== undefined))
    return { type: [...new Set(options.flatMap((o) => o.type as string | string[]))] };
  const nonNull = options.filter((o) => !isNullOnly(o));
  if (nonNull.length < options.length) {
    if (nonNull.length === 0) return { type: "null" };
    const [only] = nonNull;
    if (nonNull.length === 1 && typeof only.type === "string" && !only.anyOf && !only.oneOf && !only.allOf && !only.$ref) {
      return { ...withoutRequired(only), type: [only.type, "null"] };
    }
    return { if: { type: "null" }, then: { type: "null" }, else: union(nonNull) };
  }
  const key = discriminatorOf(options);
  if (!key) return { anyOf: options };
  const last = options[options.length - 1];
  // Reached only when the discriminator matches no branch: the one-branch anyOf fails, so
  // fast-json-stringify throws instead of writing the value as some branch.
  const refuse: JsonSchema = { anyOf: [pinned(key, pinOf(last, key))] };
  return options.reduceRight<JsonSchema>(
    (otherwise, branch) => ({ if: pinned(key, pinOf(branch, key)), then: withoutRequired(branch), else: otherwise }),
    refuse,
  );
}

/**
 * The serializer's schema: shape keywords only, unions rewritten (see union()). `required` is kept
 * only where it picks a union branch: fast-json-stringify writes required properties first, and
 * replies keep the key order zod writes (the schema's); a missing property is caught by the zod
 * check of development and tests.
 */
function shape(node: unknown, keepRequired = false): unknown {
  if (Array.isArray(node)) return node.map((n) => shape(n));
  if (!isObject(node)) return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === "required" && keepRequired) out[key] = value;
    if (!SHAPE_KEYWORDS.has(key)) continue;
    if (key === "properties" || key === "definitions" || key === "$defs") out[key] = mapValues(value as JsonSchema, (v) => shape(v));
    else if (key === "additionalProperties") {
      // false and absent serialize alike (only named properties); false would also make a union
      // branch check refuse a value that merely carries more than its schema names.
      if (value !== false) out[key] = shape(value);
    } else if (key !== "anyOf" && key !== "oneOf") out[key] = shape(value);
  }
  const options = (node.anyOf ?? node.oneOf) as unknown[] | undefined;
  if (!options) return out;
  const rewritten = union(options.map((o) => shape(o, true) as JsonSchema));
  return Object.keys(out).length === 0 ? rewritten : { allOf: [out, rewritten] };
}

/** A reply's zod schema as the JSON Schema its serializer is compiled from (what zod writes on output). */
export function replyJsonSchema(schema: z.ZodType): FjsSchema {
  const json = z.toJSONSchema(schema, { target: "draft-07", io: "output", unrepresentable: "any", cycles: "ref", reused: "inline" });
  return shape(json) as FjsSchema;
}

/**
 * A reply its schema does not describe: the error handler logs it and answers 500 INTERNAL. `cause` is
 * zod's error, fast-json-stringify's, or the two outputs that differ.
 */
export class ReplySerializationError extends Error {
  readonly statusCode = 500;
  constructor(
    readonly method: string,
    readonly url: string,
    cause: unknown,
  ) {
    super(`The reply of ${method} ${url} does not match its schema`, { cause });
    this.name = "ReplySerializationError";
  }
}

type Serialize = (data: unknown) => string;
const compiled = new WeakMap<z.ZodType, Serialize>();

/** One fast-json-stringify function per zod schema object: the shared error reply is compiled once. */
function serializerFor(schema: z.ZodType): Serialize {
  let serialize = compiled.get(schema);
  if (!serialize) {
    serialize = fastJson(replyJsonSchema(schema));
    compiled.set(schema, serialize);
  }
  return serialize;
}

function zodSchemaOf(schema: unknown): z.ZodType {
  if (schema instanceof z.ZodType) return schema;
  // Fastify hands over `{ properties: schema }` for some shapes (as fastify-type-provider-zod accepts).
  const inner = isObject(schema) ? schema.properties : undefined;
  if (inner instanceof z.ZodType) return inner;
  throw new Error(`A reply schema must be a zod schema, got ${JSON.stringify(schema)}`);
}

/** Where the two outputs part, with a little context (check mode only: development and tests). */
function differenceOf(written: string, expected: string): string {
  let at = 0;
  while (at < written.length && written[at] === expected[at]) at++;
  const around = (text: string) => JSON.stringify(text.slice(Math.max(0, at - 60), at + 60));
  return `fast-json-stringify and zod part at character ${at}: ${around(written)} against ${around(expected)}`;
}

export interface ReplySerializerOptions {
  /** Also encode every reply with zod and require the same bytes (development and tests). */
  check: boolean;
}

/**
 * Fastify's serializer compiler for zod reply schemas (app.setSerializerCompiler). A frozen reply is a
 * shared snapshot (deepFreeze: the portal settings): its text is kept while the object lives and
 * written again without serializing. Check mode compares that text with zod's every time too.
 */
export function createReplySerializerCompiler(options: ReplySerializerOptions): FastifySerializerCompiler<unknown> {
  return ({ schema, method, url }) => {
    const zodSchema = zodSchemaOf(schema);
    const serialize = serializerFor(zodSchema);
    const fail = (cause: unknown) => new ReplySerializationError(method, url, cause);
    const texts = new WeakMap<object, string>();
    const write = (data: unknown): string => {
      try {
        if (data === null || typeof data !== "object" || !Object.isFrozen(data)) return serialize(data);
        let text = texts.get(data);
        if (text === undefined) {
          text = serialize(data);
          texts.set(data, text);
        }
        return text;
      } catch (e) {
        throw fail(e);
      }
    };
    if (!options.check) return write;
    return (data) => {
      const encoded = z.safeEncode(zodSchema, data);
      if (!encoded.success) throw fail(encoded.error);
      const written = write(data);
      const expected = JSON.stringify(encoded.data);
      if (written !== expected) throw fail(new Error(differenceOf(written, expected)));
      return written;
    };
  };
}
