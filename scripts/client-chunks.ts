import { writeFileSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";

/**
 * How the browser build is cut into files (docs/decisions/0034-frame-chunk-and-first-paint.md).
 *
 * Every page loads the browser entry, the root route and the `:lang` route, and with them everything
 * they import statically: React, React DOM, React Router, i18next, the shell. Left to itself the
 * bundler cuts that into one file per set of importers (about 40 files, many under 1 KB), and each
 * costs a request, ~0.4 kB of response headers, an entry in the route manifest inlined in every page
 * and worse compression. The `frame` group puts all of it into one file. It is closed under static
 * imports by construction (a module's static imports are in it too), so it holds nothing a page would
 * not load anyway; what pages load on demand (dialogs, forms, zod, Radix, blocks) stays out.
 */

type ModuleGraph = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };

/** The modules every page's first load runs; route modules keep their own files (React Router's manifest names them). */
const FRAME_ENTRIES = ["src/web/entry.client.tsx", "src/web/root.tsx", "src/web/routes/lang.tsx"];
const CLIENT_ROUTE = "?__react-router-build-client-route";
/**
 * Tiny modules that several routes' first loads share but the frame does not import: in the frame
 * rather than a file of their own (a 200-byte request on the course page and the lesson).
 */
const FRAME_SHARED = ["src/web/lib/use-hydrated.ts"];

export function frameChunkGroup(root: string) {
  const entries = FRAME_ENTRIES.map((p) => path.resolve(root, p));
  let frame: Set<string> | null = null;
  const staticClosure = (graph: ModuleGraph): Set<string> => {
    const seen = new Set<string>();
    const todo = [...entries.flatMap((id) => [id, id + CLIENT_ROUTE]), ...FRAME_SHARED.map((p) => path.resolve(root, p))];
    for (let id = todo.pop(); id !== undefined; id = todo.pop()) {
      const info = seen.has(id) ? null : graph.getModuleInfo(id);
      if (!info) continue;
      seen.add(id);
      todo.push(...info.importedIds);
    }
    return seen;
  };
  return {
    name(id: string, graph: ModuleGraph): string | null {
      frame ??= staticClosure(graph);
      const entry = entries.some((e) => id === e || id === e + CLIENT_ROUTE);
      return frame.has(id) && !entry ? "frame" : null;
    },
  };
}

/**
 * `CHUNK_REPORT=file.json npm run build`: every client chunk with its modules and their rendered
 * sizes (before minification), biggest first — what the bytes of a page are.
 */
export function chunkReport(file: string | undefined): Plugin | null {
  if (!file) return null;
  return {
    name: "mentora-chunk-report",
    applyToEnvironment: (env) => env.name === "client",
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((c) =>
        c.type !== "chunk"
          ? []
          : [
              {
                file: c.fileName,
                bytes: c.code.length,
                imports: c.imports,
                dynamicImports: c.dynamicImports,
                modules: Object.entries(c.modules)
                  .map(([id, m]) => ({ id: path.relative(process.cwd(), id), rendered: m.renderedLength }))
                  .sort((a, b) => b.rendered - a.rendered),
              },
            ],
      );
      writeFileSync(
        file,
        JSON.stringify(
          chunks.sort((a, b) => b.bytes - a.bytes),
          null,
          1,
        ),
      );
    },
  };
}
