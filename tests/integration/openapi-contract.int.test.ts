/**
 * The API contract: the OpenAPI document the built app serves at /api/docs/json.
 *
 * - Spectral's `oas` ruleset (the repository's .spectral.yaml) finds nothing in it: no error, no
 *   warning, no hint.
 * - Every operation has a unique camelCase operationId, a summary, a one-line description and a
 *   defined tag; only the JSON API under /api is documented (SSR and other page routes are not).
 * - A typed client generated from it with openapi-typescript compiles, and its types are the real
 *   ones (a wrong body does not compile).
 *
 * Needs the SSR build (`npm test` builds first): the SSR catch-all must be registered to prove it
 * stays out of the document.
 */
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseConfig } from "../../src/server/config";
import { openDatabase, type Database } from "../../src/server/db/client";
import { buildApp } from "../../src/server/main";

const run = promisify(execFile);
const ROOT = process.cwd();
const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"] as const;

interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
}
interface OpenApiDocument {
  openapi: string;
  servers?: Array<{ url: string }>;
  tags?: Array<{ name: string; description?: string }>;
  paths: Record<string, Partial<Record<(typeof METHODS)[number], Operation>>>;
  components?: { schemas?: Record<string, unknown> };
}

let dir = "";
let docPath = "";
let doc: OpenApiDocument;
let database: Database | undefined;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "mentora-openapi-"));
  docPath = path.join(dir, "openapi.json");
  const config = parseConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", SEED_DEMO: "false" });
  database = await openDatabase({ dataDir: null });
  await database.migrate();
  const app = await buildApp({ config, database, ssr: true, logger: false });
  try {
    await app.ready();
    doc = app.swagger() as unknown as OpenApiDocument;
    // What clients download is what we lint.
    const served = await app.inject({ method: "GET", url: "/api/docs/json" });
    expect(served.statusCode).toBe(200);
    expect(served.json()).toEqual(JSON.parse(JSON.stringify(doc)));
  } finally {
    await app.close();
  }
  await writeFile(docPath, JSON.stringify(doc, null, 2));
});

afterAll(async () => {
  await database?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const operations = () => Object.entries(doc.paths).flatMap(([p, item]) => METHODS.filter((m) => item[m]).map((m) => ({ path: p, method: m, op: item[m]! })));

describe("the OpenAPI document", () => {
  it("is clean under Spectral's oas ruleset: no error, warning, info or hint", async () => {
    const cli = path.join(ROOT, "node_modules/@stoplight/spectral-cli/dist/index.js");
    const { stdout } = await run(process.execPath, [cli, "lint", "--ruleset", path.join(ROOT, ".spectral.yaml"), "--format", "json", "--quiet", docPath], {
      cwd: ROOT,
      maxBuffer: 64 * 1024 * 1024,
    }).catch((e: { stdout?: string; stderr?: string }) => {
      // Spectral exits 1 when it finds errors; the findings are still on stdout.
      if (e.stdout) return { stdout: e.stdout };
      throw e;
    });
    const findings = (JSON.parse(stdout) as Array<{ code: string; message: string; path: string[]; severity: number }>).map(
      (f) => `${["error", "warning", "info", "hint"][f.severity]} ${f.code} at ${f.path.join(".")}: ${f.message}`,
    );
    expect(findings).toEqual([]);
  }, 60_000);

  it("documents only the JSON API: no SSR catch-all, language packs or redirect pages", () => {
    const paths = Object.keys(doc.paths);
    expect(paths.length).toBeGreaterThan(40);
    expect(paths.filter((p) => !p.startsWith("/api/"))).toEqual([]);
    expect(paths).not.toContain("/api/health");
    expect(doc.servers?.length).toBeGreaterThan(0);
  });

  it("names every operation once (camelCase verbNoun), describes it in one line and tags it with a defined tag", () => {
    const defined = new Set((doc.tags ?? []).map((t) => t.name));
    for (const t of doc.tags ?? []) expect(t.description, `tag ${t.name}`).toBeTruthy();
    const ids = new Map<string, string>();
    for (const { path: p, method, op } of operations()) {
      const where = `${method.toUpperCase()} ${p}`;
      expect(op.operationId, where).toMatch(/^[a-z]+[A-Z][A-Za-z]*$|^[a-z]+$/);
      expect(ids.get(op.operationId!), `${where} repeats the operationId of ${ids.get(op.operationId!)}`).toBeUndefined();
      ids.set(op.operationId!, where);
      expect(op.summary, where).toBeTruthy();
      expect(op.description, where).toMatch(/^[^\n]+$/);
      expect(op.tags?.length, where).toBe(1);
      expect(defined.has(op.tags![0]), `${where}: tag ${op.tags![0]} is not defined`).toBe(true);
    }
  });

  it("resolves every $ref inside the document", () => {
    const schemas = doc.components?.schemas ?? {};
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"([^"]+)"/g)].map((m) => m[1]);
    for (const ref of refs) {
      expect(ref).toMatch(/^#\/components\/schemas\//);
      expect(Object.keys(schemas), ref).toContain(ref.slice("#/components/schemas/".length));
    }
  });
});

describe("a typed client generated from the document", () => {
  const USAGE = `
import type { components, operations, paths } from "./api";

type Json<R> = R extends { content: { "application/json": infer B } } ? B : never;
type Settings = Json<paths["/api/portal/settings"]["get"]["responses"][200]>;
type NavigationItem = components["schemas"]["NavigationItem"];

export const navigationIds = (items: NavigationItem[]): string[] => items.flatMap((i) => [i.id, ...navigationIds(i.children ?? [])]);
export const topLevel = (s: Settings): string[] => navigationIds(s.environment.navigation);

type RegisterBody = operations["registerWithEmail"]["requestBody"]["content"]["application/json"];
export const body: RegisterBody = { email: "ann@example.com", password: "correct horse battery", firstName: "Ann", agree: true };

type Tokens = Json<operations["loginWithEmail"]["responses"][200]>;
export const bearer = (t: Tokens): string => "Bearer " + t.accessToken;

type Element = paths["/api/elements/{elementId}"]["get"]["parameters"]["path"];
export const element: Element = { elementId: "rf-slow-reading" };
`;

  async function typeErrors(source: string): Promise<string[]> {
    const file = path.join(dir, `usage-${Math.random().toString(36).slice(2)}.ts`);
    await writeFile(file, source);
    const program = ts.createProgram([file], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      skipLibCheck: false,
      types: [],
      lib: ["lib.es2022.d.ts"],
    });
    return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
  }

  beforeAll(async () => {
    const cli = path.join(ROOT, "node_modules/openapi-typescript/bin/cli.js");
    await run(process.execPath, [cli, docPath, "--output", path.join(dir, "api.d.ts")], { cwd: ROOT });
  }, 60_000);

  it("compiles with tsc's strict checks", async () => {
    expect(await typeErrors(USAGE)).toEqual([]);
  }, 60_000);

  it("carries the real types: a wrong body or an unknown operation does not compile", async () => {
    const errors = await typeErrors(`
import type { operations } from "./api";
type RegisterBody = operations["registerWithEmail"]["requestBody"]["content"]["application/json"];
export const body: RegisterBody = { email: 42, password: "x", firstName: "Ann", agree: false };
export type Missing = operations["noSuchOperation"];
`);
    expect(errors.join("\n")).toMatch(/number.*not assignable to type 'string'/);
    expect(errors.join("\n")).toMatch(/false.*not assignable to type 'true'/);
    expect(errors.join("\n")).toMatch(/noSuchOperation/);
  }, 60_000);
});
