/**
 * Compression of everything the built app serves (issue 10, docs/decisions/0021): pages streamed
 * compressed, API replies and language packs compressed per request, built assets sent as the .br
 * and .gz files written at build time, with Vary, their own Content-Length and a year's immutable
 * cache. Runs on the built app (`npm run build`) through app.inject and, for streaming, over a socket.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import zlib from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { useSsrApp } from "../support/ssr-app";

const CLIENT_DIR = path.join(process.cwd(), process.env.MENTORA_BUILD_DIR || "build", "client");
const ASSETS = path.join(CLIENT_DIR, "assets");
const IMMUTABLE = "public, max-age=31536000, immutable";

function decode(encoding: string | undefined, body: Buffer): Buffer {
  if (encoding === "br") return zlib.brotliDecompressSync(body);
  if (encoding === "gzip") return zlib.gunzipSync(body);
  return body;
}

/** The page without its per-response nonce, which differs between any two renders. */
const withoutNonce = (html: string) => html.replace(/nonce="[^"]*"/g, 'nonce=""');

/** The largest built file with this extension (a precompressed one). */
function largestAsset(ext: string): string {
  const files = readdirSync(ASSETS).filter((f) => f.endsWith(ext));
  return files.sort((a, b) => statSync(path.join(ASSETS, b)).size - statSync(path.join(ASSETS, a)).size)[0];
}

beforeAll(() => {
  // `npm run build` writes the .br and .gz files; a bare `react-router build` does not.
  if (!readdirSync(ASSETS).some((f) => f.endsWith(".br"))) execFileSync(process.execPath, ["scripts/precompress.mjs", CLIENT_DIR]);
});

describe("compressed pages, API replies and language packs", () => {
  const ssr = useSsrApp();
  const get = (url: string, headers: Record<string, string> = {}) => ssr.app.inject({ method: "GET", url, headers });

  it.each(["br", "gzip"])("streams the page compressed with %s; it decodes to the page the identity reply has, security headers intact", async (coding) => {
    const plain = await get("/en/");
    const res = await get("/en/", { "accept-encoding": coding });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe(coding);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers["content-length"]).toBeUndefined();
    expect(res.headers["cache-control"]).toBe("no-store");
    const html = decode(coding, res.rawPayload).toString();
    expect(html).toMatch(/^<!DOCTYPE html><html lang="en"/);
    expect(withoutNonce(html)).toBe(withoutNonce(plain.body));
    // The CSP's nonce is the one on the page's scripts.
    const nonce = /'nonce-([\w+/=]+)'/.exec(String(res.headers["content-security-policy"]))?.[1];
    expect(nonce).toBeTruthy();
    expect(html).toContain(`nonce="${nonce}"`);
    expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
  });

  it("sends the page as it is without Accept-Encoding, still with Vary", async () => {
    const res = await get("/en/");
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.body).toMatch(/^<!DOCTYPE html>/);
  });

  it.each([
    ["the elements API", "/api/courses/reading-foundations/elements?lang=tr", "no-store"],
    ["a language pack", "/locales/en/learn.json", "no-cache"],
  ])("compresses %s with br and gzip; each decodes to the identity JSON", async (_what, url, cacheControl) => {
    const plain = await get(url);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    for (const coding of ["br", "gzip"]) {
      const res = await get(url, { "accept-encoding": `${coding}, identity;q=0.5` });
      expect(res.headers["content-encoding"], coding).toBe(coding);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers["cache-control"]).toBe(cacheControl);
      expect(Number(res.headers["content-length"])).toBe(res.rawPayload.length);
      expect(JSON.parse(decode(coding, res.rawPayload).toString())).toEqual(plain.json());
    }
  });

  it("leaves a small reply alone", async () => {
    const res = await get("/api/health", { "accept-encoding": "br" });
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.json()).toMatchObject({ ok: true });
  });

  it("compresses a large error reply in the app's error shape", async () => {
    const url = `/api/no-such-route/${"a".repeat(1_500)}`;
    const res = await get(url, { "accept-encoding": "br" });
    expect(res.statusCode).toBe(404);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(JSON.parse(decode("br", res.rawPayload).toString())).toEqual({
      error: {
        code: "NOT-FOUND",
        key: "errors:codes.NOT_FOUND",
        message: expect.stringContaining("/api/no-such-route/aaa"),
        requestId: res.headers["x-request-id"],
      },
    });
  });

  it("streams the page flushed over a socket: the first part received decodes on its own to the start of the page", async () => {
    await ssr.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = ssr.app.server.address() as AddressInfo;
    const { status, encoding, wire } = await new Promise<{ status?: number; encoding?: string; wire: Buffer[] }>((resolve, reject) => {
      http
        .get({ host: "127.0.0.1", port, path: "/en/", headers: { "accept-encoding": "br" } }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.once("end", () => resolve({ status: res.statusCode, encoding: res.headers["content-encoding"], wire: chunks }));
        })
        .once("error", reject);
    });
    expect(status).toBe(200);
    expect(encoding).toBe("br");
    const whole = zlib.brotliDecompressSync(Buffer.concat(wire)).toString();
    expect(whole).toMatch(/^<!DOCTYPE html>[\s\S]*<\/html>$/);
    // What the render wrote in one turn is flushed as one part (coalesceTurns): the first part alone is
    // readable, not held back until the compressor ends.
    const first = await new Promise<string>((resolve) => {
      const decoder = zlib.createBrotliDecompress({ finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH });
      let text = "";
      decoder.on("data", (d: Buffer) => (text += d.toString()));
      decoder.write(wire[0], () => decoder.flush(() => resolve(text)));
    });
    expect(wire.length).toBeGreaterThan(1);
    expect(first.length).toBeGreaterThan(0);
    expect(whole.startsWith(first)).toBe(true);
    expect(first).toMatch(/^<!DOCTYPE html>/);
  });
});

describe("built assets, precompressed at build time", () => {
  const ssr = useSsrApp();
  const get = (url: string, headers: Record<string, string> = {}, method: "GET" | "HEAD" = "GET") => ssr.app.inject({ method, url, headers });

  it.each([
    [".js", /^(application|text)\/javascript/],
    [".css", /^text\/css/],
  ])("sends the %s file's .br and .gz siblings as the client accepts, with a year's immutable cache", async (ext, type) => {
    const name = largestAsset(ext);
    const file = path.join(ASSETS, name);
    const original = readFileSync(file);
    for (const [coding, suffix] of [
      ["br", ".br"],
      ["gzip", ".gz"],
    ]) {
      expect(existsSync(file + suffix), `${name}${suffix} written at build time`).toBe(true);
      const res = await get(`/assets/${name}`, { "accept-encoding": coding });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-encoding"]).toBe(coding);
      expect(res.headers["content-type"]).toMatch(type);
      expect(res.headers["cache-control"]).toBe(IMMUTABLE);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(Number(res.headers["content-length"])).toBe(statSync(file + suffix).size);
      expect(res.rawPayload.equals(readFileSync(file + suffix))).toBe(true);
      expect(decode(coding, res.rawPayload).equals(original)).toBe(true);
    }
    const plain = await get(`/assets/${name}`);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers["cache-control"]).toBe(IMMUTABLE);
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(plain.headers["content-length"])).toBe(original.length);
    expect(plain.rawPayload.equals(original)).toBe(true);
  });

  it("answers HEAD and Range on an asset, and sends no validators: an immutable file is never asked for again", async () => {
    const name = largestAsset(".js");
    const br = statSync(path.join(ASSETS, `${name}.br`)).size;
    const head = await get(`/assets/${name}`, { "accept-encoding": "br" }, "HEAD");
    expect(head.statusCode).toBe(200);
    expect(head.headers["content-encoding"]).toBe("br");
    expect(Number(head.headers["content-length"])).toBe(br);
    expect(head.rawPayload.length).toBe(0);

    const first = await get(`/assets/${name}`, { "accept-encoding": "br" });
    expect(first.headers["cache-control"]).toBe(IMMUTABLE);
    for (const header of ["etag", "last-modified", "permissions-policy", "x-frame-options", "strict-transport-security"])
      expect(first.headers[header], header).toBeUndefined();
    expect(first.headers["x-content-type-options"]).toBe("nosniff");

    const range = await get(`/assets/${name}`, { range: "bytes=0-99" });
    expect(range.statusCode).toBe(206);
    expect(range.headers["content-range"]).toBe(`bytes 0-99/${statSync(path.join(ASSETS, name)).size}`);
    expect(range.headers["content-encoding"]).toBeUndefined();
    expect(range.rawPayload.equals(readFileSync(path.join(ASSETS, name)).subarray(0, 100))).toBe(true);
  });

  it("answers 404 at once for an asset that is not there, and never serves the .br files by their own names", async () => {
    for (const url of ["/assets/nope-0000.js", `/assets/${largestAsset(".js")}.br`, `/assets/${largestAsset(".css")}.gz`]) {
      const res = await get(url, { "accept-encoding": "br" });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers["cache-control"], url).toBe("no-store");
    }
  });

  it("caches a file outside /assets/ briefly", async () => {
    const res = await get("/favicon.svg");
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("public, max-age=600");
  });
});
