/**
 * The shared safe-text rule cannot be forgotten (docs/decisions/0014): every string a route accepts
 * in its params, querystring, body or headers is checked by SAFE_TEXT_CHECK (safeText / ZText /
 * the `text()` field builder), or is a closed set (enum, literal) or a string format.
 * Free-form values (z.unknown / z.any) are not allowed in request schemas.
 * The schemas are collected from the validator compiler while the real app is built.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { z } from "zod";
import { SAFE_TEXT_CHECK } from "../../src/domain/validation/safe-text";
import { buildApp } from "../../src/server/main";
import { openTestDatabase, testConfig, type TestDatabase } from "../setup/databases";

const compiled = vi.hoisted(() => [] as { schema: unknown; method: string; url: string; httpPart?: string }[]);

vi.mock("fastify-type-provider-zod", async (importOriginal) => {
  const original = await importOriginal<typeof import("fastify-type-provider-zod")>();
  return {
    ...original,
    validatorCompiler: (route: { schema: unknown; method: string; url: string; httpPart?: string }) => {
      compiled.push(route);
      return original.validatorCompiler(route as Parameters<typeof original.validatorCompiler>[0]);
    },
  };
});

type AnySchema = z.core.$ZodType;

/** Paths (within the schema) of strings without the shared rule, and of free-form values. */
export function unsafeStringPaths(schema: AnySchema): string[] {
  const out: string[] = [];
  const visiting = new Set<AnySchema>();
  const walk = (s: AnySchema, path: string) => {
    if (visiting.has(s)) return;
    visiting.add(s);
    const def = s._zod.def as unknown as Record<string, unknown> & { type: string; checks?: unknown[] };
    const sub = (key: string, p = path) => def[key] && walk(def[key] as AnySchema, p);
    switch (def.type) {
      case "string":
        if (!def.format && !(def.checks ?? []).includes(SAFE_TEXT_CHECK)) out.push(path || "(root)");
        break;
      case "unknown":
      case "any":
        out.push(`${path || "(root)"} (${def.type})`);
        break;
      case "object":
        for (const [k, v] of Object.entries(def.shape as Record<string, AnySchema>)) walk(v, path ? `${path}.${k}` : k);
        sub("catchall", `${path}.*`);
        break;
      case "array":
        sub("element", `${path}[]`);
        break;
      case "tuple":
        (def.items as AnySchema[]).forEach((item, i) => walk(item, `${path}[${i}]`));
        sub("rest", `${path}[]`);
        break;
      case "record":
        sub("keyType", `${path}{key}`);
        sub("valueType", `${path}{}`);
        break;
      case "union":
        for (const o of def.options as AnySchema[]) walk(o, path);
        break;
      case "intersection":
        sub("left");
        sub("right");
        break;
      case "pipe":
        sub("in");
        sub("out");
        break;
      case "lazy":
        walk((def.getter as () => AnySchema)(), path);
        break;
      default:
        sub("innerType");
    }
    visiting.delete(s);
  };
  walk(schema, "");
  return out;
}

describe("request schemas", () => {
  let handle: TestDatabase;
  beforeAll(async () => {
    handle = await openTestDatabase("pglite");
    const app = await buildApp({ config: testConfig(undefined), database: handle.database, ssr: false, logger: false });
    await app.ready();
    await app.close();
  });
  afterAll(async () => {
    await handle?.dispose();
  });

  it("were collected from the app", () => {
    expect(compiled.length).toBeGreaterThan(40);
    expect(compiled.some((r) => r.url === "/api/progress/courses/:courseId/variables/:name" && r.httpPart === "body")).toBe(true);
  });

  it("check every string with the shared safe-text rule", () => {
    const offenders = compiled.flatMap((r) => unsafeStringPaths(r.schema as AnySchema).map((p) => `${r.method} ${r.url} ${r.httpPart}: ${p}`));
    expect(offenders, `request strings without the safe-text rule (use ZText):\n${offenders.join("\n")}`).toEqual([]);
  });

  it("the walker notices a plain z.string()", async () => {
    const { z } = await import("zod");
    const { ZText } = await import("../../src/domain/validation/safe-text");
    expect(unsafeStringPaths(z.object({ a: z.string(), b: ZText.max(3), c: z.enum(["x"]), d: z.array(z.string().optional()) }))).toEqual(["a", "d[]"]);
  });
});
