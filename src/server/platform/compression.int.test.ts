/**
 * The compression hook on a bare Fastify app: what is compressed and how, and that a streamed page
 * reaches the client compressed part by part (the first part is readable before the stream ends).
 * The whole app (pages, API, language packs, built assets) is covered in
 * tests/integration/compression-ssr.int.test.ts.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { PassThrough, Readable } from "node:stream";
import zlib from "node:zlib";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "../../domain/errors";
import { installCompression } from "./compression";
import { installErrorHandler } from "./errors";

const BIG_JSON = { items: Array.from({ length: 200 }, (_, i) => ({ id: i, title: `Lesson number ${i}`, done: i % 3 === 0 })) };
const BIG_TEXT = "Mentora ".repeat(500);
/** A page-like document: repeated markup with varied words and numbers, where brotli's quality shows. */
const WORDS = ["read", "slowly", "main", "idea", "between", "lines", "circle", "final", "check", "lesson", "test", "webinar"];
const PAGE = `<!DOCTYPE html><html><body><ol>${Array.from(
  { length: 400 },
  (_, i) =>
    `<li class="element element-${i % 7}" data-id="el-${(i * 7919) % 1000}"><a href="/tr/courses/c-${i % 13}/lesson/l-${(i * 31) % 97}">${WORDS[i % 12]} ${WORDS[(i * 5) % 12]} ${i}</a><span>${(i * 37) % 60} min</span></li>`,
).join("")}</ol></body></html>`;

/** The bytes of a document streamed through a flushing brotli stream at one quality, written in one chunk. */
function streamedBrotliBytes(doc: string, quality: number): Promise<number> {
  const enc = zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality }, flush: zlib.constants.BROTLI_OPERATION_FLUSH });
  let bytes = 0;
  enc.on("data", (c: Buffer) => (bytes += c.length));
  return new Promise((resolve) => {
    enc.once("end", () => resolve(bytes));
    enc.end(doc);
  });
}

let app: FastifyInstance;
let base: string;
/** The streamed route's second part waits for this. */
let releaseRest: () => void = () => {};

beforeAll(async () => {
  app = Fastify({ logger: false });
  installErrorHandler(app);
  installCompression(app);
  app.get("/json", async () => BIG_JSON);
  app.get("/tiny", async () => ({ ok: true }));
  app.get("/text", async (_req, reply) => reply.type("text/plain; charset=utf-8").send(BIG_TEXT));
  app.get("/png", async (_req, reply) => reply.type("image/png").send(Buffer.alloc(4096, 7)));
  app.get("/big-error", async () => {
    throw new AppError("NOT_FOUND", `No such thing: ${"x".repeat(2_000)}`);
  });
  app.get("/no-content", async (_req, reply) => reply.code(204).send());
  app.get("/page-doc", async (_req, reply) => reply.type("text/html").send(Readable.from([PAGE])));
  app.get("/page", async (_req, reply) => {
    const body = new PassThrough();
    body.write(`<!DOCTYPE html><html><head><title>shell</title></head><body>${"<p>shell</p>".repeat(50)}`);
    releaseRest = () => body.end(`${"<p>rest</p>".repeat(50)}</body></html>`);
    return reply.type("text/html").send(body);
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  releaseRest();
  await app.close();
});

function decode(encoding: string | undefined, body: Buffer): Buffer {
  if (encoding === "br") return zlib.brotliDecompressSync(body);
  if (encoding === "gzip") return zlib.gunzipSync(body);
  return body;
}

describe("compression hook", () => {
  it.each(["br", "gzip"])("compresses JSON with %s when asked; it decodes to the identity body", async (coding) => {
    const plain = await app.inject({ url: "/json" });
    const res = await app.inject({ url: "/json", headers: { "accept-encoding": coding } });
    expect(res.headers["content-encoding"]).toBe(coding);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(res.headers["content-length"])).toBe(res.rawPayload.length);
    expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(decode(coding, res.rawPayload).toString()).toBe(plain.body);
    expect(JSON.parse(plain.body)).toEqual(BIG_JSON);
  });

  it("sends identity without Accept-Encoding, still saying the answer varies by it", async () => {
    const res = await app.inject({ url: "/json" });
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.json()).toEqual(BIG_JSON);
  });

  it("follows the client's weights", async () => {
    const res = await app.inject({ url: "/text", headers: { "accept-encoding": "br;q=0.1, gzip;q=0.9" } });
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(decode("gzip", res.rawPayload).toString()).toBe(BIG_TEXT);
    const refused = await app.inject({ url: "/text", headers: { "accept-encoding": "br;q=0, gzip;q=0" } });
    expect(refused.headers["content-encoding"]).toBeUndefined();
    expect(refused.body).toBe(BIG_TEXT);
  });

  it("leaves tiny bodies, images and empty replies alone", async () => {
    const tiny = await app.inject({ url: "/tiny", headers: { "accept-encoding": "br" } });
    expect(tiny.headers["content-encoding"]).toBeUndefined();
    expect(tiny.json()).toEqual({ ok: true });
    const png = await app.inject({ url: "/png", headers: { "accept-encoding": "br" } });
    expect(png.headers["content-encoding"]).toBeUndefined();
    expect(png.rawPayload.length).toBe(4096);
    const empty = await app.inject({ url: "/no-content", headers: { "accept-encoding": "br" } });
    expect(empty.statusCode).toBe(204);
    expect(empty.headers["content-encoding"]).toBeUndefined();
  });

  it("compresses the app's error reply and keeps its shape", async () => {
    const res = await app.inject({ url: "/big-error", headers: { "accept-encoding": "br" } });
    expect(res.statusCode).toBe(404);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(JSON.parse(decode("br", res.rawPayload).toString())).toEqual({
      error: { code: "NOT-FOUND", key: "errors:codes.NOT_FOUND", message: expect.stringMatching(/^No such thing: x+$/), requestId: expect.any(String) },
    });
  });

  it("answers HEAD with the identity headers and no body", async () => {
    const res = await app.inject({ method: "HEAD", url: "/json", headers: { "accept-encoding": "br" } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.rawPayload.length).toBe(0);
  });

  it.each(["br", "gzip"])("streams a page compressed with %s: its first part arrives, readable, before the rest is made", async (coding) => {
    const decoder = coding === "br" ? zlib.createBrotliDecompress() : zlib.createGunzip();
    let text = "";
    decoder.on("data", (d: Buffer) => (text += d.toString()));
    const shellSeen = new Promise<void>((resolve) => decoder.on("data", () => text.includes("<title>shell</title>") && resolve()));
    const done = new Promise<{ headers: http.IncomingHttpHeaders }>((resolve, reject) => {
      http
        .get(`${base}/page`, { headers: { "accept-encoding": coding } }, (res) => {
          res.pipe(decoder);
          decoder.once("end", () => resolve({ headers: res.headers }));
        })
        .once("error", reject);
    });
    // The server holds the rest back until the client has read the shell.
    await shellSeen;
    expect(text).toMatch(/^<!DOCTYPE html><html><head><title>shell<\/title>/);
    expect(text).not.toContain("rest");
    releaseRest();
    const { headers } = await done;
    expect(headers["content-encoding"]).toBe(coding);
    expect(headers["transfer-encoding"]).toBe("chunked");
    expect(headers["content-length"]).toBeUndefined();
    expect(text).toBe(`<!DOCTYPE html><html><head><title>shell</title></head><body>${"<p>shell</p>".repeat(50)}${"<p>rest</p>".repeat(50)}</body></html>`);
  });

  it("streams pages at a higher brotli quality than buffered bodies: fewer bytes than quality 4", async () => {
    const res = await app.inject({ url: "/page-doc", headers: { "accept-encoding": "br" } });
    expect(res.headers["content-encoding"]).toBe("br");
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(PAGE);
    const [q4, q5] = await Promise.all([streamedBrotliBytes(PAGE, 4), streamedBrotliBytes(PAGE, 5)]);
    expect(q5).toBeLessThan(q4);
    expect(res.rawPayload.length).toBe(q5);
  });
});
