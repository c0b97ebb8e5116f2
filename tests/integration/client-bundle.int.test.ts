/**
 * What the browser build contains and what a page loads first (docs/decisions/0020-lean-client.md).
 * Reads the client build that `npx react-router build` wrote (MENTORA_BUILD_DIR, default build/);
 * how many bytes a page loads is measured by scripts/measure-page-js.ts, not asserted here.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ASSETS = path.join(process.cwd(), process.env.MENTORA_BUILD_DIR || "build", "client", "assets");

function scripts(): Array<{ file: string; text: string }> {
  if (!existsSync(ASSETS)) throw new Error(`No client build at ${ASSETS}: run \`npx react-router build\` first`);
  return readdirSync(ASSETS)
    .filter((f) => f.endsWith(".js"))
    .map((file) => ({ file, text: readFileSync(path.join(ASSETS, file), "utf8") }));
}

interface ManifestRoute {
  module: string;
  imports?: string[];
}

/** React Router's manifest of the build: each route's module and the chunks it imports statically. */
function manifest(): { entry: ManifestRoute; routes: Record<string, ManifestRoute & { parentId?: string }> } {
  const file = readdirSync(ASSETS).find((f) => /^manifest-[\w-]+\.js$/.test(f));
  if (!file) throw new Error(`No React Router manifest in ${ASSETS}`);
  const text = readFileSync(path.join(ASSETS, file), "utf8");
  return JSON.parse(text.slice(text.indexOf("=") + 1).replace(/;\s*$/, ""));
}

/** The chunks a first load of a route fetches before anything is clicked: the entry, the route and its parents. */
function firstLoad(routeId: string): string[] {
  const { entry, routes } = manifest();
  const files = new Set<string>([entry.module, ...(entry.imports ?? [])]);
  for (let id: string | undefined = routeId; id; id = routes[id]?.parentId) {
    const route = routes[id];
    if (!route) throw new Error(`No route ${id} in the manifest`);
    for (const f of [route.module, ...(route.imports ?? [])]) files.add(f);
  }
  return [...files].map((f) => path.basename(f));
}

/** A chunk and every chunk it imports statically, transitively (what loading it fetches). */
function staticImports(file: string, seen = new Set<string>()): string[] {
  if (seen.has(file)) return [...seen];
  seen.add(file);
  const text = readFileSync(path.join(ASSETS, file), "utf8");
  for (const m of text.matchAll(/(?:from|import)\s*"\.\/([\w.-]+\.js)"/g)) staticImports(m[1]!, seen);
  return [...seen];
}

/** Text that only each library's code carries, minified or not. */
const LIBRARIES: Record<string, RegExp> = {
  /** sanitize-html and its parser (or any DOMPurify a dependency might bring). */
  sanitiser: /dompurify|allowedSchemesByTag|htmlparser2/i,
  zod: /ZodObject/,
  "Radix UI": /data-radix-/,
  "TanStack Query": /No QueryClient set/,
};

describe("the client build", () => {
  it("has no HTML sanitiser but the studio preview's own DOMPurify chunk: readers' rich text is sanitised on the server", () => {
    const files = scripts();
    expect(files.length).toBeGreaterThan(0);
    const carrying = files.filter(({ text }) => LIBRARIES.sanitiser.test(text)).map(({ file }) => file);
    // The designer's preview draws unsaved rich text, so it sanitises it itself (issue 15); it fetches DOMPurify on its own.
    expect(carrying.filter((f) => !/^purify\.es-[\w-]+\.js$/.test(f))).toEqual([]);
    const { routes } = manifest();
    const loadingIt = Object.keys(routes).filter((id) => firstLoad(id).some((f) => carrying.includes(f)));
    expect(loadingIt).toEqual([]);
  });

  it("still has the libraries the lean pages leave out, in chunks of their own (the check below would see them)", () => {
    const files = scripts();
    for (const [name, signature] of Object.entries(LIBRARIES)) {
      if (name === "sanitiser") continue;
      expect(
        files.some(({ text }) => signature.test(text)),
        name,
      ).toBe(true);
    }
  });

  it.each([
    ["the course page", "lang-courses-courseId"],
    ["a lesson", "lesson-id"],
    ["the catalogue", "courses"],
  ])("loads no zod, Radix or TanStack Query before anything is clicked on %s", (_, routeId) => {
    const files = firstLoad(routeId);
    expect(files.length).toBeGreaterThan(3);
    const found = files.flatMap((file) => {
      const text = readFileSync(path.join(ASSETS, file), "utf8");
      return Object.entries(LIBRARIES)
        .filter(([, signature]) => signature.test(text))
        .map(([name]) => `${name} in ${file}`);
    });
    expect(found).toEqual([]);
  });

  it("loads no zod with any content block but the forms: blocks arrive per type after the first load, so the check above does not see them", () => {
    // The form and subscribe blocks check their fields with the schemas the server checks them with.
    const blocks = scripts().filter(({ file }) => /-block-[\w-]+\.js$/.test(file) && !/^(form|subscribe)-block-/.test(file));
    expect(blocks.length).toBeGreaterThan(10);
    const found = blocks.flatMap(({ file }) =>
      staticImports(file)
        .filter((f) => LIBRARIES.zod.test(readFileSync(path.join(ASSETS, f), "utf8")))
        .map((f) => `zod in ${f}, imported by ${file}`),
    );
    expect(found).toEqual([]);
  });

  it("has no i18next nor react-i18next: the browser translates with the app's own translator (decision 0035)", () => {
    const carrying = scripts()
      .filter(({ text }) => /backendConnector|I18nextProvider|react-i18next/.test(text))
      .map(({ file }) => file);
    expect(carrying).toEqual([]);
  });

  it.each([
    ["the course page", "lang-courses-courseId"],
    ["a lesson", "lesson-id"],
  ])("starts %s from one frame chunk and a handful of small route files (decision 0034)", (_, routeId) => {
    const files = firstLoad(routeId);
    const frames = files.filter((f) => /^frame-[\w-]+\.js$/.test(f));
    expect(frames).toHaveLength(1);
    // 16 before the chat button joined the default layout's rail (its launcher is a small file of its own).
    expect(files.length).toBeLessThanOrEqual(17);
    const frameBytes = readFileSync(path.join(ASSETS, frames[0])).length;
    for (const f of files.filter((f) => !frames.includes(f))) expect(readFileSync(path.join(ASSETS, f)).length, f).toBeLessThan(frameBytes / 20);
  });
});
