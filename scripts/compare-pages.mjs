/**
 * Pixel comparison of two running servers' pages (issue 31: pages must look the same before and after
 * a change to how they are made). For each language, page, viewer (a guest, and a learner registered
 * on each server with the same name and progress) and width it takes a full-page screenshot in
 * Debian's Chromium on both servers and compares them; pages that differ are written to OUT_DIR
 * (before, after) for a look. Exits 1 when any page differs.
 *
 *   node scripts/compare-pages.mjs http://localhost:3401 http://localhost:3402 [out-dir]
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";

const [before, after, outDir = "/tmp/compare-pages"] = process.argv.slice(2);
if (!before || !after) {
  console.error("usage: node scripts/compare-pages.mjs <before-url> <after-url> [out-dir]");
  process.exit(2);
}
const LANGS = (process.env.LANGS || "tr,en,ar,ru").split(",");
const PAGES = ["/", "/courses/reading-foundations", "/courses/reading-foundations/lesson/rf-slow-reading"];
const WIDTHS = [390, 1280];

/** A learner with the same name and progress on a server: registered, the first lesson finished. */
async function learnerCookie(base) {
  // The same address on both servers (each has its own fresh data): the header shows it.
  const email = process.env.LEARNER_EMAIL || "compare.learner@example.com";
  const reg = await fetch(`${base}/api/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: "compare pages password", firstName: "Selin", lastName: "Kaya", agree: true }),
  });
  // Registered by an earlier run on the same server: signed in instead.
  const res = reg.ok
    ? reg
    : await fetch(`${base}/api/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email, password: "compare pages password" }),
      });
  if (!res.ok) throw new Error(`register or sign in on ${base}: ${res.status} ${await res.text()}`);
  const { accessToken } = await res.json();
  const done = await fetch(`${base}/api/progress/elements/rf-slow-reading/finish`, { method: "POST", headers: { authorization: `Bearer ${accessToken}` } });
  if (!done.ok) throw new Error(`finish on ${base}: ${done.status}`);
  return accessToken;
}

async function shoot(browser, base, token, lang, page, width) {
  const context = await browser.newContext({ viewport: { width, height: 900 }, reducedMotion: "reduce" });
  const { hostname } = new URL(base);
  const cookies = [
    { name: "lang", value: lang, domain: hostname, path: "/" },
    // The cookie notice decided, so it does not cover the page differently by timing.
    { name: "cookie-agreement", value: "analytics:0|youtube:0|vimeo:0|hotjar:0", domain: hostname, path: "/" },
  ];
  if (token) cookies.push({ name: "apollo-token", value: token, domain: hostname, path: "/" });
  await context.addCookies(cookies);
  const tab = await context.newPage();
  await tab.goto(`${base}/${lang}${page}`, { waitUntil: "networkidle" });
  // Runs in the page: its document.
  await tab.evaluate(async () => {
    const document = globalThis.document;
    await document.fonts.ready;
    // Spinners and other endless animations at their start, CSS and SVG alike, so both shots catch the same frame.
    for (const a of document.getAnimations()) {
      a.pause();
      a.currentTime = 0;
    }
    for (const svg of document.querySelectorAll("svg")) {
      svg.pauseAnimations?.();
      svg.setCurrentTime?.(0);
    }
  });
  // A video's own loading spinner (the browser's controls) turns at its own pace: its box is masked.
  const png = await tab.screenshot({ fullPage: true, animations: "disabled", caret: "hide", mask: [tab.locator("video")], maskColor: "#808080" });
  await context.close();
  return png;
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium", args: ["--no-sandbox"] });
const tokens = { [before]: await learnerCookie(before), [after]: await learnerCookie(after) };
let same = 0;
const differ = [];
try {
  for (const lang of LANGS)
    for (const page of PAGES)
      for (const viewer of ["guest", "learner"])
        for (const width of WIDTHS) {
          const name = `${lang}${page.replace(/\//g, "_")}-${viewer}-${width}`;
          const [a, b] = [
            await shoot(browser, before, viewer === "learner" ? tokens[before] : null, lang, page, width),
            await shoot(browser, after, viewer === "learner" ? tokens[after] : null, lang, page, width),
          ];
          if (a.equals(b)) {
            same++;
            continue;
          }
          differ.push(name);
          mkdirSync(outDir, { recursive: true });
          writeFileSync(path.join(outDir, `${name}-before.png`), a);
          writeFileSync(path.join(outDir, `${name}-after.png`), b);
        }
} finally {
  await browser.close();
}
console.log(`compare-pages: ${same} of ${same + differ.length} screenshots pixel-identical`);
for (const name of differ) console.log(`  differs: ${name} (${outDir})`);
process.exit(differ.length ? 1 : 0);
