/**
 * `npm start`: the local demo (docs/decisions/0068). Builds only when the build is missing or older
 * than its inputs (scripts/build-inputs.mjs), quietly: one "built in N s" line, the whole output only
 * when the build fails or MENTORA_VERBOSE_BUILD=1. Then serves the bundled server with the demo's
 * defaults: PUBLIC_URL on localhost at PORT, the sandbox checkout on, and MENTORA_DEMO=1 (a local
 * demo, whose public demo passwords and sandbox the server accepts) unless the operator asked for
 * NODE_ENV=production, which then refuses those defaults (src/server/config.ts).
 *
 *   npm start
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { buildDirOf, inputDigest, staleReason } from "./build-inputs.mjs";

const root = process.cwd();
const buildDir = buildDirOf(root);
const verbose = process.env.MENTORA_VERBOSE_BUILD === "1";

function npm(args, { quiet, env }) {
  // Through the npm that runs us (npm_execpath), else the one on PATH.
  const [cmd, pre] = process.env.npm_execpath ? [process.execPath, [process.env.npm_execpath]] : ["npm", []];
  return new Promise((resolve) => {
    const child = spawn(cmd, [...pre, ...args], { cwd: root, env, stdio: quiet ? ["ignore", "pipe", "pipe"] : "inherit" });
    let output = "";
    child.stdout?.on("data", (d) => (output += d));
    child.stderr?.on("data", (d) => (output += d));
    child.once("error", (e) => resolve({ code: 1, output: `${output}${e.message}\n` }));
    child.once("exit", (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output }));
  });
}

const digest = inputDigest(root);
const reason = staleReason(buildDir, digest);
if (reason) {
  const started = performance.now();
  if (!verbose) console.log(`mentora: building (${reason}) ...`);
  const { code, output } = await npm(["run", "--silent", "build"], { quiet: !verbose, env: { ...process.env, MENTORA_BUILD_DIGEST: digest } });
  if (code !== 0) {
    if (!verbose) process.stderr.write(output);
    console.error(`mentora: the build failed (exit ${code}); nothing was started`);
    process.exit(1);
  }
  console.log(`mentora: built in ${Math.round((performance.now() - started) / 1000)} s`);
}

const env = { ...process.env };
const unset = (k) => env[k] === undefined || env[k] === "";
// The demo unless the operator asked for production; an explicit MENTORA_DEMO wins either way.
if (unset("MENTORA_DEMO")) env.MENTORA_DEMO = env.NODE_ENV === "production" ? "0" : "1";
if (unset("PUBLIC_URL")) env.PUBLIC_URL = `http://localhost:${env.PORT || 3000}`;
if (unset("PAYMENTS_SANDBOX")) env.PAYMENTS_SANDBOX = "true";

// A child process, not an import: its cluster primary forks workers from its own entry file.
const server = spawn(process.execPath, [path.join(buildDir, "server-app", "start.js")], { cwd: root, env, stdio: "inherit" });
// Ctrl-C reaches the server through the terminal's process group; a SIGTERM sent to us is passed on.
process.on("SIGINT", () => {});
process.on("SIGTERM", () => server.kill("SIGTERM"));
server.once("exit", (code, signal) => process.exit(code ?? (signal === "SIGINT" || signal === "SIGTERM" ? 0 : 1)));
