/**
 * The inner test loop (docs/decisions/0072): `npm run test:quick -- <path> [more paths or Vitest flags]`
 * runs the tests under the paths on PGlite only, with no lint, typecheck or PostgreSQL pass, and
 * builds first only when the selection needs the build (integration and browser specs serve it) and
 * the build is older than its inputs. `npm test` stays the whole suite on both databases; CI runs that.
 *
 *   npm run test:quick -- src/server/modules/chat
 *   npm run test:quick -- tests/e2e/journey.e2e.test.ts -t "finished state"
 *   MENTORA_QUICK_PG=1 npm run test:quick -- src/server/modules/orders   # PostgreSQL too
 */
import { spawn } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { buildDirOf, inputDigest, staleReason } from "./build-inputs.mjs";

const root = process.cwd();
const args = process.argv.slice(2);
const paths = args.filter((a) => !a.startsWith("-"));
if (paths.length === 0) {
  console.error("usage: npm run test:quick -- <test file or folder> [...]  (the whole suite is npm test)");
  process.exit(2);
}

/** A unit test file needs no build; a folder, or an integration or browser spec, may. */
const needsBuild = paths.some((p) => {
  const full = path.resolve(root, p);
  const isFile = existsSync(full) && statSync(full).isFile();
  return !isFile || /\.(int|e2e)\.test\.tsx?$/.test(p);
});

function run(cmd, argv, env = process.env) {
  return new Promise((resolve) => {
    const child = spawn(cmd, argv, { cwd: root, env, stdio: "inherit" });
    child.once("error", () => resolve(1));
    child.once("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

if (needsBuild) {
  const digest = inputDigest(root);
  const reason = staleReason(buildDirOf(root), digest);
  if (reason) {
    console.log(`test:quick: building first (${reason})`);
    const npm = process.env.npm_execpath ? [process.execPath, [process.env.npm_execpath]] : ["npm", []];
    const code = await run(npm[0], [...npm[1], "run", "--silent", "build"], { ...process.env, MENTORA_BUILD_DIGEST: digest });
    if (code !== 0) process.exit(code);
  }
}

const env = { ...process.env };
if (env.MENTORA_QUICK_PG !== "1") env.MENTORA_SKIP_PG = "1";
env.MENTORA_TEST_WORKERS ||= "2";
const vitest = path.join(root, "node_modules", "vitest", "vitest.mjs");
process.exit(await run(process.execPath, [vitest, "run", ...args], env));
