import { existsSync } from "node:fs";
import { chromium } from "playwright-core";

/**
 * The JavaScript a page costs a first-time visitor: the page is opened in Debian's Chromium (fresh
 * context, cache off, the Accept-Encoding Chromium itself sends), and every JS response it loads until
 * the network is idle is summed from the DevTools protocol: bytes on the wire (Network.loadingFinished
 * encodedDataLength, headers included, as DevTools' "transferred") and decoded bytes (Network.dataReceived).
 * Inline scripts of the HTML are part of the document, counted separately.
 */

export const CHROMIUM_PATH = process.env.CHROME_PATH || "/usr/bin/chromium";

export interface PageWeight {
  path: string;
  status: number;
  /** JS responses: count, bytes transferred, bytes after decoding. */
  jsFiles: number;
  jsTransferred: number;
  jsDecoded: number;
  /** The HTML document itself, transferred and decoded. */
  documentTransferred: number;
  documentDecoded: number;
  /** Accept-Encoding Chromium sent and the Content-Encoding(s) the JS came with, e.g. "br" or "identity". */
  acceptEncoding: string;
  jsEncodings: string[];
}

interface Tracked {
  url: string;
  type?: string;
  mimeType?: string;
  status?: number;
  encoding?: string;
  acceptEncoding?: string;
  decoded: number;
  transferred?: number;
}

function header(headers: Record<string, unknown> | undefined, name: string): string | undefined {
  const found = Object.entries(headers ?? {}).find(([k]) => k.toLowerCase() === name);
  return found === undefined ? undefined : String(found[1]);
}

export async function measurePageWeights(base: string, paths: readonly string[]): Promise<PageWeight[]> {
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`Chromium is missing at ${CHROMIUM_PATH} (apt-get install chromium, or set CHROME_PATH)`);
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run", "--disable-quic"],
  });
  try {
    const weights: PageWeight[] = [];
    for (const path of paths) weights.push(await weigh(browser, base + path, path));
    return weights;
  } finally {
    await browser.close();
  }
}

async function weigh(browser: import("playwright-core").Browser, url: string, path: string): Promise<PageWeight> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const requests = new Map<string, Tracked>();
    const tracked = (id: string, url = "") => {
      let r = requests.get(id);
      if (!r) requests.set(id, (r = { url, decoded: 0 }));
      return r;
    };
    cdp.on("Network.requestWillBeSent", (e) => {
      const r = tracked(e.requestId, e.request.url);
      r.type = e.type;
    });
    cdp.on("Network.requestWillBeSentExtraInfo", (e) => {
      tracked(e.requestId).acceptEncoding = header(e.headers, "accept-encoding");
    });
    cdp.on("Network.responseReceived", (e) => {
      const r = tracked(e.requestId, e.response.url);
      r.type = e.type;
      r.mimeType = e.response.mimeType;
      r.status = e.response.status;
      r.encoding = header(e.response.headers, "content-encoding") ?? "identity";
    });
    cdp.on("Network.dataReceived", (e) => {
      tracked(e.requestId).decoded += e.dataLength;
    });
    cdp.on("Network.loadingFinished", (e) => {
      tracked(e.requestId).transferred = e.encodedDataLength;
    });
    await cdp.send("Network.enable");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });

    const response = await page.goto(url, { waitUntil: "networkidle", timeout: 60_000 });
    if (!response) throw new Error(`${path}: no response`);
    const all = [...requests.values()].filter((r) => r.transferred !== undefined);
    const js = all.filter((r) => r.type === "Script" || /javascript/.test(r.mimeType ?? ""));
    const doc = all.find((r) => r.type === "Document");
    const sum = (list: Tracked[], key: "transferred" | "decoded") => list.reduce((n, r) => n + (r[key] ?? 0), 0);
    return {
      path,
      status: response.status(),
      jsFiles: js.length,
      jsTransferred: sum(js, "transferred"),
      jsDecoded: sum(js, "decoded"),
      documentTransferred: doc?.transferred ?? 0,
      documentDecoded: doc?.decoded ?? 0,
      acceptEncoding: doc?.acceptEncoding ?? js[0]?.acceptEncoding ?? "(not seen)",
      jsEncodings: [...new Set(js.map((r) => r.encoding ?? "identity"))].sort(),
    };
  } finally {
    await context.close();
  }
}
