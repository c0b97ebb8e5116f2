/**
 * Runs after `react-router build` (npm run build): writes `<file>.br` (brotli quality 11) and
 * `<file>.gz` (gzip level 9) next to every text file of the client build that is at least 1 KiB, so
 * the server sends built assets compressed without compressing them per request
 * (docs/decisions/0021-compression.md). A variant that would not be smaller is not written.
 *
 *   node scripts/precompress.mjs [dir]     # default: $MENTORA_BUILD_DIR/client, or build/client
 */
import { readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text that compresses well; images, fonts (woff2 is brotli already) and media are left alone. */
const COMPRESSIBLE = new Set([".js", ".mjs", ".css", ".html", ".json", ".map", ".svg", ".txt", ".xml", ".webmanifest"]);
const THRESHOLD = 1024;
const PARALLEL = 2;

const dir = path.resolve(process.argv[2] ?? path.join(process.env.MENTORA_BUILD_DIR || "build", "client"));

async function* files(root) {
  for (const entry of await readdir(root, { withFileTypes: true })) {
    const full = path.join(root, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (entry.isFile()) yield full;
  }
}

async function precompress(file) {
  const source = await readFile(file);
  const variants = [
    [".br", () => brotli(source, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length } })],
    [".gz", () => gzip(source, { level: 9 })],
  ];
  let saved = 0;
  for (const [ext, compress] of variants) {
    const out = await compress();
    if (out.length < source.length) {
      await writeFile(file + ext, out);
      saved += source.length - out.length;
    } else {
      await rm(file + ext, { force: true });
    }
  }
  return { bytes: source.length, saved };
}

const started = Date.now();
try {
  if (!(await stat(dir)).isDirectory()) throw new Error(`${dir} is not a directory`);
} catch (e) {
  console.error(`precompress: no client build at ${dir} (${e.message}); run react-router build first`);
  process.exit(1);
}
const todo = [];
for await (const file of files(dir)) {
  if (file.endsWith(".br") || file.endsWith(".gz")) continue;
  if (!COMPRESSIBLE.has(path.extname(file).toLowerCase())) continue;
  if ((await stat(file)).size < THRESHOLD) continue;
  todo.push(file);
}
let bytes = 0;
let next = 0;
await Promise.all(
  Array.from({ length: PARALLEL }, async () => {
    while (next < todo.length) {
      const result = await precompress(todo[next++]);
      bytes += result.bytes;
    }
  }),
);
console.log(
  `precompress: ${todo.length} files (${Math.round(bytes / 1024)} KiB) in ${path.relative(process.cwd(), dir) || "."} → .br and .gz in ${Date.now() - started} ms`,
);
