/**
 * What a build is made from, and whether the build on disk was made from it (docs/decisions/0068).
 * The digest covers the path, size and mtime of every input file: an edit, a new or deleted file, a
 * checkout or an `npm install` (package-lock.json) all change it, and reading it takes no file's
 * contents, so `npm start` decides in milliseconds. Tests (*.test.ts[x]) are no input of the build.
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

/** Folders whose every file (tests aside) goes into the build. */
export const INPUT_DIRS = ["src", "locales", "public"];
/** Single files the build reads: its scripts, its configuration and the installed packages' lockfile. */
export const INPUT_FILES = [
  "package.json",
  "package-lock.json",
  "react-router.config.ts",
  "vite.config.ts",
  "tsconfig.json",
  "scripts/build-server.mjs",
  "scripts/precompress.mjs",
  "scripts/client-chunks.ts",
  "scripts/build-inputs.mjs",
  "scripts/build-stamp.mjs",
];
const STAMP = ".mentora-build-stamp.json";

const isTest = (name) => /\.test\.tsx?$/.test(name);

function walk(dir, out) {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const e of entries) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) walk(p, out);
    else if (e.isFile() && !isTest(e.name)) out.push(p);
  }
}

/** The digest of the inputs under `root` (the checkout). */
export function inputDigest(root = process.cwd()) {
  const files = [];
  for (const d of INPUT_DIRS) walk(path.join(root, d), files);
  for (const f of INPUT_FILES) if (existsSync(path.join(root, f))) files.push(path.join(root, f));
  files.sort();
  const hash = createHash("sha256");
  for (const f of files) {
    const s = statSync(f);
    hash.update(`${path.relative(root, f)}\0${s.size}\0${Math.floor(s.mtimeMs)}\n`);
  }
  return hash.digest("hex");
}

export function buildDirOf(root = process.cwd(), env = process.env) {
  return path.resolve(root, env.MENTORA_BUILD_DIR || "build");
}

/** Why the build in `buildDir` must be made again, or null when it was made from these inputs. */
export function staleReason(buildDir, digest) {
  for (const f of ["server-app/start.js", "server/index.js", "client"]) {
    if (!existsSync(path.join(buildDir, f))) return "no build yet";
  }
  let stamp;
  try {
    stamp = JSON.parse(readFileSync(path.join(buildDir, STAMP), "utf8"));
  } catch {
    return "the build has no stamp";
  }
  return stamp.digest === digest ? null : "sources changed since the last build";
}

/** Marks `buildDir` as made from the inputs whose digest was `digest` (taken before the build began). */
export function writeStamp(buildDir, digest) {
  writeFileSync(path.join(buildDir, STAMP), `${JSON.stringify({ digest, builtAt: new Date().toISOString() })}\n`);
}
