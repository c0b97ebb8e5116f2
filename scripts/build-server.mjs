/**
 * Runs last in `npm run build`: bundles the server (src/server/start.ts and everything it imports
 * from src/) into `$MENTORA_BUILD_DIR/server-app/`, so `npm start` runs plain JavaScript on Node
 * instead of compiling TypeScript in every process at start-up and keeping the compiler, its source
 * maps and both copies of every source in memory (docs/decisions/0036). Packages stay imports of
 * node_modules. Modules the server loads later (the app behind the primary, the demo seed) become
 * chunks of their own, so the primary process never loads them. The migrations are copied beside
 * the bundle, where the database client looks for them (next to its own module).
 *
 *   node scripts/build-server.mjs
 */
import { cp, rm } from "node:fs/promises";
import path from "node:path";
import { build } from "esbuild";

const outdir = path.resolve(process.env.MENTORA_BUILD_DIR || "build", "server-app");
const started = performance.now();
await rm(outdir, { recursive: true, force: true });
const result = await build({
  entryPoints: ["src/server/start.ts"],
  outdir,
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  packages: "external",
  sourcemap: "linked",
  logLevel: "warning",
  metafile: true,
});
await cp("src/server/db/migrations", path.join(outdir, "migrations"), { recursive: true });
const bytes = Object.entries(result.metafile.outputs)
  .filter(([file]) => file.endsWith(".js"))
  .reduce((n, [, o]) => n + o.bytes, 0);
console.log(
  `build-server: ${path.relative(process.cwd(), outdir)}/start.js (${Math.round(bytes / 1024)} KiB of JavaScript) in ${Math.round(performance.now() - started)} ms`,
);
