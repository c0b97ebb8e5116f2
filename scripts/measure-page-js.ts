/**
 * How much JavaScript a page makes the browser fetch on its first load, raw and compressed.
 *
 *   node --import tsx scripts/measure-page-js.ts [--base http://localhost:3100] [--list] [--json] [--html] [path ...]
 *
 * Default mode loads each path in Debian's Chromium (playwright-core), waits until the network is idle and
 * sums every JavaScript response (module preloads, scripts, and chunks imported while the page hydrates).
 * `--html` fetches the HTML only and sums what its `<link rel="modulepreload">` and `<script src>` name (no
 * browser; misses chunks imported at run time). Each file is compressed here with node:zlib, brotli at
 * quality 11 and gzip at level 9, as the server precompresses them at build time, whatever the server sent.
 * Paths default to the four pages of the lean-client target (docs/decisions/0020-lean-client.md).
 * `--list` prints every file; `--json` prints one JSON document (for the benchmark) instead of tables.
 */
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { chromium } from "playwright-core";

export interface JsFile {
  url: string;
  raw: number;
  gzip: number;
  brotli: number;
}

export interface PageJs {
  path: string;
  files: JsFile[];
  raw: number;
  gzip: number;
  brotli: number;
}

export const DEFAULT_PATHS = ["/en/", "/en/courses/", "/en/courses/reading-foundations", "/en/courses/reading-foundations/lesson/rf-slow-reading"];

export function compressedSizes(url: string, body: Buffer): JsFile {
  return {
    url,
    raw: body.length,
    gzip: gzipSync(body, { level: 9 }).length,
    brotli: brotliCompressSync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    }).length,
  };
}

function total(path: string, files: JsFile[]): PageJs {
  const sum = (k: "raw" | "gzip" | "brotli") => files.reduce((n, f) => n + f[k], 0);
  return { path, files, raw: sum("raw"), gzip: sum("gzip"), brotli: sum("brotli") };
}

/** Loads each page in Chromium and sums the JavaScript responses of its first load. */
export async function measureInBrowser(base: string, paths: string[], executablePath = "/usr/bin/chromium"): Promise<PageJs[]> {
  const browser = await chromium.launch({ executablePath });
  try {
    const results: PageJs[] = [];
    for (const path of paths) {
      // A fresh context per page: nothing cached, no cookies from the page before.
      const context = await browser.newContext();
      const page = await context.newPage();
      const pending: Promise<JsFile | null>[] = [];
      page.on("response", (response) => {
        const url = response.url();
        const type = response.headers()["content-type"] ?? "";
        if (!/javascript/.test(type) && !/\.m?js(\?|$)/.test(new URL(url).pathname)) return;
        pending.push(
          response.body().then(
            (body) => compressedSizes(url, body),
            () => null,
          ),
        );
      });
      const answer = await page.goto(new URL(path, base).toString(), { waitUntil: "networkidle" });
      if (!answer?.ok()) throw new Error(`${path}: HTTP ${answer?.status() ?? "no answer"}`);
      const files = (await Promise.all(pending)).filter((f): f is JsFile => f !== null);
      results.push(total(path, dedupe(files)));
      await context.close();
    }
    return results;
  } finally {
    await browser.close();
  }
}

/** Reads each page's HTML and sums the scripts and module preloads it names (no browser). */
export async function measureFromHtml(base: string, paths: string[]): Promise<PageJs[]> {
  const results: PageJs[] = [];
  for (const path of paths) {
    const res = await fetch(new URL(path, base));
    if (!res.ok) throw new Error(`${path}: HTTP ${res.status}`);
    const html = await res.text();
    const urls = new Set<string>();
    for (const m of html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*>/g)) {
      const href = /\bhref="([^"]+)"/.exec(m[0])?.[1];
      if (href) urls.add(new URL(href, base).toString());
    }
    for (const m of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)) urls.add(new URL(m[1], base).toString());
    // The inline module script imports the entry and the route modules by URL.
    for (const m of html.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*)"(\/[^"]+\.js)"/g)) urls.add(new URL(m[1], base).toString());
    const files = await Promise.all(
      [...urls].map(async (url) => {
        const body = await fetch(url);
        if (!body.ok) throw new Error(`${url}: HTTP ${body.status}`);
        return compressedSizes(url, Buffer.from(await body.arrayBuffer()));
      }),
    );
    results.push(total(path, files));
  }
  return results;
}

function dedupe(files: JsFile[]): JsFile[] {
  return [...new Map(files.map((f) => [f.url, f])).values()];
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

export function formatReport(pages: PageJs[], list: boolean): string {
  const lines: string[] = [];
  for (const p of pages) {
    lines.push(`${p.path}: ${p.files.length} files, raw ${kb(p.raw)}, gzip-9 ${kb(p.gzip)}, brotli-11 ${kb(p.brotli)}`);
    if (list) {
      for (const f of [...p.files].sort((a, b) => b.raw - a.raw)) {
        lines.push(`  ${kb(f.raw).padStart(9)} ${kb(f.gzip).padStart(9)} ${kb(f.brotli).padStart(9)}  ${new URL(f.url).pathname}`);
      }
    }
  }
  return lines.join("\n");
}

async function main(argv: string[]) {
  let base = "http://localhost:3100";
  let list = false;
  let json = false;
  let html = false;
  const paths: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--base") base = argv[++i];
    else if (arg === "--list") list = true;
    else if (arg === "--json") json = true;
    else if (arg === "--html") html = true;
    else if (arg.startsWith("--")) throw new Error(`unknown option ${arg}`);
    else paths.push(arg);
  }
  const pages = await (html ? measureFromHtml : measureInBrowser)(base, paths.length ? paths : DEFAULT_PATHS);
  console.log(json ? JSON.stringify(pages, null, 2) : formatReport(pages, list));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main(process.argv.slice(2)).catch((e: unknown) => {
    console.error(`measure-page-js: ${(e as Error).message ?? e}`);
    process.exit(1);
  });
}
