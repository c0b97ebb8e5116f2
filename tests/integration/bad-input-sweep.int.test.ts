/**
 * Bad-input sweep (docs/decisions/0014): reads the OpenAPI document and sends every operation the
 * inputs that used to end in a 500 — NUL in each path parameter, query parameter and string body
 * field, lone surrogates in raw JSON, oversized and malformed bodies, a wrong content type, arrays
 * where objects are expected, repeated query parameters — as a guest and as a signed-in learner.
 * No reply may be a 5xx, and every error reply must be the app's `{error:{code,message,key}}`.
 */
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { beforeAll, expect, it } from "vitest";
import { uniqueIp } from "../support/http";
import { register, type Registered } from "../support/sign-in";
import { describeEachDatabase } from "../setup/databases";

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  additionalProperties?: boolean | JsonSchema;
}
interface Parameter {
  in: "path" | "query" | "header" | "cookie";
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}
interface Case {
  label: string;
  request: InjectOptions;
}

/** Plausible values, so a request gets past the obvious checks and deeper into the route. */
const SAMPLES: Record<string, string> = {
  courseId: "reading-foundations",
  elementId: "rf-slow-reading",
  lang: "en",
  alias: "main",
  name: "course",
  category: "terms",
  provider: "google",
  messenger: "telegram",
  pkg: "common.json",
  plural: "leads",
};

function sampleOf(schema: JsonSchema | undefined, key = ""): unknown {
  if (!schema) return "x";
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const branch = schema.anyOf?.[0] ?? schema.oneOf?.[0] ?? schema.allOf?.[0];
  if (branch) return sampleOf(branch, key);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case "object":
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, v]) => [k, sampleOf(v, k)]));
    case "array":
      return [];
    case "number":
    case "integer":
      return 1;
    case "boolean":
      return true;
    case "null":
      return null;
    default:
      return SAMPLES[key] ?? (key.toLowerCase().includes("email") ? "sweep@example.com" : "x");
  }
}

/** Dotted paths of the string fields of a body skeleton (one level of nesting is enough here). */
function stringFields(schema: JsonSchema | undefined, prefix: string[] = [], depth = 0): string[][] {
  if (!schema || depth > 3) return [];
  const branch = schema.anyOf ?? schema.oneOf;
  if (branch) return [...new Map(branch.flatMap((b) => stringFields(b, prefix, depth)).map((p) => [p.join("."), p])).values()];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === "string" || (!type && !schema.properties)) return prefix.length ? [prefix] : [];
  if (type === "object" || schema.properties) {
    return Object.entries(schema.properties ?? {}).flatMap(([k, v]) => stringFields(v, [...prefix, k], depth + 1));
  }
  return [];
}

function setAt(obj: unknown, path: string[], value: unknown): unknown {
  const copy = structuredClone(obj) as Record<string, unknown>;
  let cur = copy;
  for (const k of path.slice(0, -1)) {
    if (typeof cur[k] !== "object" || cur[k] === null) cur[k] = {};
    cur = cur[k] as Record<string, unknown>;
  }
  cur[path.at(-1)!] = value;
  return copy;
}

const MARK = "\u0000MARK\u0000";
/** JSON text with a lone high surrogate where the marker was (JSON.stringify would escape it away). */
const withLoneSurrogate = (body: unknown) => JSON.stringify(body).replace(JSON.stringify(MARK).slice(1, -1), "a\\ud800b");

function casesFor(path: string, method: string, op: Operation): Case[] {
  const params = op.parameters ?? [];
  const pathParams = params.filter((p) => p.in === "path");
  const queryParams = params.filter((p) => p.in === "query");
  const baseParams = Object.fromEntries(pathParams.map((p) => [p.name, String(sampleOf(p.schema, p.name))]));
  const baseQuery = Object.fromEntries(queryParams.filter((p) => p.required).map((p) => [p.name, String(sampleOf(p.schema, p.name))]));
  const url = (over: Record<string, string> = {}, query: Record<string, string | string[]> = baseQuery) => {
    const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => over[name] ?? encodeURIComponent(baseParams[name]));
    const qs = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) for (const one of [v].flat()) qs.append(k, one);
    return qs.size ? `${filled}?${qs}` : filled;
  };
  const M = method.toUpperCase() as InjectOptions["method"];
  const cases: Case[] = [];
  const add = (label: string, request: Omit<InjectOptions, "method">) => cases.push({ label, request: { method: M, ...request } });

  for (const p of pathParams) {
    add(`path ${p.name} NUL`, { url: url({ [p.name]: "a%00b" }) });
    add(`path ${p.name} lone surrogate (bad UTF-8)`, { url: url({ [p.name]: "a%ED%A0%80b" }) });
    add(`path ${p.name} decomposed + control`, { url: url({ [p.name]: "e%CC%81%01%7F" }) });
    add(`path ${p.name} very long`, { url: url({ [p.name]: "x".repeat(5000) }) });
  }
  for (const p of [...queryParams, { name: "unexpected", in: "query" } as Parameter]) {
    add(`query ${p.name} NUL`, { url: url({}, { ...baseQuery, [p.name]: "a\u0000b" }) });
    add(`query ${p.name} repeated`, { url: url({}, { ...baseQuery, [p.name]: ["a", "b"] }) });
    add(`query ${p.name} raw bad escape`, { url: `${url()}${url().includes("?") ? "&" : "?"}${p.name}=%E0%A4%A` });
  }

  const schema = op.requestBody?.content?.["application/json"]?.schema;
  if (schema || M !== "GET") {
    const base = sampleOf(schema) ?? {};
    const json = { "content-type": "application/json" };
    for (const field of stringFields(schema)) {
      add(`body ${field.join(".")} NUL`, { url: url(), payload: setAt(base, field, "a\u0000b") as object });
      add(`body ${field.join(".")} lone surrogate`, { url: url(), headers: json, payload: withLoneSurrogate(setAt(base, field, MARK)) });
      add(`body ${field.join(".")} object instead of text`, { url: url(), payload: setAt(base, field, { $gt: "" }) as object });
    }
    add("body NUL key", { url: url(), payload: { ...(typeof base === "object" && base ? base : {}), "k\u0000": 1 } });
    add("body lone surrogate key", { url: url(), headers: json, payload: '{"\\udfff":1}' });
    add("body array instead of object", { url: url(), payload: [base] as unknown as object });
    add("body nested arrays", { url: url(), headers: json, payload: "[".repeat(5000) + "]".repeat(5000) });
    add("body malformed JSON", { url: url(), headers: json, payload: '{"a":' });
    add("body empty JSON", { url: url(), headers: json, payload: "" });
    add("body JSON null", { url: url(), headers: json, payload: "null" });
    add("body string", { url: url(), headers: json, payload: '"a\\u0000b"' });
    add("body oversized", { url: url(), headers: json, payload: JSON.stringify({ a: "x".repeat(2 * 1024 * 1024) }) });
    add("body wrong content type", { url: url(), headers: { "content-type": "text/plain" }, payload: "hello" });
    add("body form-encoded", { url: url(), headers: { "content-type": "application/x-www-form-urlencoded" }, payload: "a=%00" });
    add("body bad charset", { url: url(), headers: { "content-type": "application/json; charset=utf-16" }, payload: "{}" });
  }
  return cases;
}

function problem(res: LightMyRequestResponse): string | null {
  if (res.statusCode >= 500) return `status ${res.statusCode}: ${res.body.slice(0, 200)}`;
  if (res.statusCode < 400) return null;
  const type = String(res.headers["content-type"] ?? "");
  if (!type.includes("application/json")) return `status ${res.statusCode} with ${type || "no content type"}`;
  try {
    const err = (res.json() as { error?: Record<string, unknown> }).error;
    if (typeof err?.code !== "string" || typeof err.message !== "string" || typeof err.key !== "string")
      return `status ${res.statusCode} without the app's error shape: ${res.body.slice(0, 200)}`;
  } catch {
    return `status ${res.statusCode} with a body that is not JSON`;
  }
  return null;
}

describeEachDatabase("bad-input sweep over the OpenAPI document", (t) => {
  let user: Registered;
  beforeAll(async () => {
    user = await register(t.app);
  });

  async function signIn(app: FastifyInstance): Promise<string> {
    const res = await app.inject({
      method: "POST",
      url: "/api/auth/login",
      remoteAddress: uniqueIp(),
      payload: { email: user.email, password: user.password },
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { accessToken: string }).accessToken;
  }

  it("covers every operation and never answers 5xx", { timeout: 120_000 }, async () => {
    const doc = t.app.swagger() as { paths: Record<string, Record<string, Operation>> };
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ path, method, op })));
    expect(operations.length).toBeGreaterThan(40);

    let token = await signIn(t.app);
    const failures: string[] = [];
    let sent = 0;
    for (const { path, method, op } of operations) {
      for (const c of casesFor(path, method, op)) {
        for (const who of ["guest", "user"] as const) {
          const headers = {
            host: "localhost",
            ...(c.request.headers as Record<string, string>),
            ...(who === "user" ? { authorization: `Bearer ${token}` } : {}),
          };
          const res = await t.app.inject({ ...c.request, headers, remoteAddress: uniqueIp() });
          sent++;
          const p = problem(res);
          if (p) failures.push(`${who} ${method.toUpperCase()} ${path} [${c.label}]: ${p}`);
        }
      }
      // Operations that end the session (sign-out, password reset) must not leave the rest as a guest.
      if ((await t.app.inject({ method: "GET", url: "/api/users/me", headers: { authorization: `Bearer ${token}` } })).statusCode !== 200)
        token = await signIn(t.app);
    }
    expect(failures, failures.join("\n")).toEqual([]);
    expect(sent).toBeGreaterThan(1000);
  });
});
