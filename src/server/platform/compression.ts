import { type Readable, Transform, pipeline } from "node:stream";
import zlib from "node:zlib";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

/**
 * Response compression (docs/decisions/0021-compression.md): brotli or gzip as the client's
 * Accept-Encoding asks, for HTML, JSON, JavaScript, CSS, SVG and other text. Built assets are
 * compressed once at build time (scripts/precompress.mjs) and sent as they are; this hook compresses
 * what is made per request, cheaply: brotli quality 4, gzip level 6, and quality 5 for streamed pages
 * (decision 0081: +12% over quality 11 instead of +20%, for 0.1-0.2 ms more, in the thread pool).
 *
 * It must be the last onSend hook: anything that changes the payload after it would change
 * compressed bytes. main.ts installs it after the other onSend hooks.
 */

export type ContentCoding = "br" | "gzip";

/** Codings we make, in our order of preference when the client weighs them equally. */
const CODINGS: readonly ContentCoding[] = ["br", "gzip"];

/**
 * The coding to answer with, from an Accept-Encoding header (RFC 9110 §12.5.3): the acceptable one
 * (q > 0) with the highest weight, br on a tie; `*` stands for codings not named; `x-gzip` is gzip.
 * null means identity: no header, nothing acceptable, or identity weighted above every coding.
 */
export function negotiateEncoding(header: string | string[] | undefined): ContentCoding | null {
  if (!header) return null;
  const weights = new Map<string, number>();
  for (const part of (Array.isArray(header) ? header.join(",") : header).split(",")) {
    const [rawName, ...params] = part.split(";");
    const name = rawName.trim().toLowerCase();
    if (!name) continue;
    let q = 1;
    for (const param of params) {
      const m = /^\s*q\s*=\s*([0-9](?:\.[0-9]{0,3})?)\s*$/i.exec(param);
      if (m) q = Math.min(1, Number(m[1]));
      else if (/^\s*q\s*=/i.test(param)) q = 0; // a malformed weight makes the entry unusable
    }
    weights.set(name === "x-gzip" ? "gzip" : name, q);
  }
  const weightOf = (coding: string) => weights.get(coding) ?? weights.get("*") ?? 0;
  let best: ContentCoding | null = null;
  for (const coding of CODINGS) {
    const q = weightOf(coding);
    if (q > 0 && (best === null || q > weightOf(best))) best = coding;
  }
  if (best === null) return null;
  // identity is always acceptable; it wins only when the client says it prefers it.
  const identity = weights.get("identity");
  return identity !== undefined && identity > weightOf(best) ? null : best;
}

/** Text types worth compressing; images, fonts (woff2 is compressed already), video and archives are not. */
const COMPRESSIBLE =
  /^(?:text\/(?!event-stream)[\w.+-]+|application\/(?:json|javascript|x-javascript|ecmascript|xml|manifest\+json|ld\+json|[\w.-]+\+(?:json|xml))|image\/svg\+xml)\s*(?:;|$)/i;

export function isCompressibleType(contentType: string): boolean {
  return COMPRESSIBLE.test(contentType.trim());
}

export interface CompressionOptions {
  /** Bodies smaller than this many bytes go as they are (default 1024). */
  threshold?: number;
  /** Brotli quality of per-request compression of buffered bodies (default 4). */
  brotliQuality?: number;
  /** Brotli quality of pages (text/html), streamed or filled from a template: the largest bodies made per request (default 5). */
  pageBrotliQuality?: number;
  /** gzip level of per-request compression (default 6). */
  gzipLevel?: number;
  /** Buffered bodies up to this size are compressed on the event loop; larger ones in the thread pool (default 64 KiB). */
  syncLimit?: number;
}

function appendVary(reply: FastifyReply) {
  const current = reply.getHeader("vary");
  const values = (Array.isArray(current) ? current.join(",") : String(current ?? ""))
    .split(",")
    .map((v) => v.trim())
    .filter(Boolean);
  if (values.includes("*") || values.some((v) => v.toLowerCase() === "accept-encoding")) return;
  reply.header("vary", [...values, "Accept-Encoding"].join(", "));
}

function isReadable(payload: unknown): payload is Readable {
  return typeof payload === "object" && payload !== null && typeof (payload as Readable).pipe === "function";
}

/** The body's size when it is known: buffered bodies, and streams that announce a Content-Length (files). */
function knownSize(payload: unknown, reply: FastifyReply): number | undefined {
  if (typeof payload === "string") return Buffer.byteLength(payload);
  if (Buffer.isBuffer(payload)) return payload.length;
  const announced = Number(reply.getHeader("content-length"));
  return Number.isFinite(announced) && reply.hasHeader("content-length") ? announced : undefined;
}

/**
 * Gathers the chunks a stream writes within one turn of the event loop into one. A page renders its
 * shell and most of its body in one synchronous pass that arrives as dozens of small chunks; flushing
 * the compressor after each one made a metablock, a flush and a socket write per chunk. Whatever waits
 * (a boundary still loading) lands in a later turn, so the shell still goes out before it.
 */
export function coalesceTurns(): Transform {
  let pending: Buffer[] = [];
  let scheduled = false;
  const out = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      pending.push(chunk);
      if (!scheduled) {
        scheduled = true;
        setImmediate(release);
      }
      cb();
    },
    flush(cb) {
      release();
      cb();
    },
  });
  function release() {
    scheduled = false;
    if (pending.length === 0 || out.destroyed) return;
    const chunk = pending.length === 1 ? pending[0]! : Buffer.concat(pending);
    pending = [];
    out.push(chunk);
  }
  return out;
}

export function installCompression(app: FastifyInstance, opts: CompressionOptions = {}) {
  const threshold = opts.threshold ?? 1024;
  const syncLimit = opts.syncLimit ?? 64 * 1024;
  const brotli = (size: number | undefined, flushEachChunk: boolean, page = flushEachChunk): zlib.BrotliOptions => ({
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: page ? (opts.pageBrotliQuality ?? 5) : (opts.brotliQuality ?? 4),
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      ...(size !== undefined ? { [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size } : {}),
    },
    ...(flushEachChunk ? { flush: zlib.constants.BROTLI_OPERATION_FLUSH } : {}),
  });
  const gzip = (flushEachChunk: boolean): zlib.ZlibOptions => ({
    level: opts.gzipLevel ?? 6,
    ...(flushEachChunk ? { flush: zlib.constants.Z_SYNC_FLUSH } : {}),
  });

  function compressBuffered(body: Buffer, coding: ContentCoding, page: boolean, done: (err: Error | null, out?: Buffer) => void) {
    if (body.length <= syncLimit) {
      try {
        done(null, coding === "br" ? zlib.brotliCompressSync(body, brotli(body.length, false, page)) : zlib.gzipSync(body, gzip(false)));
      } catch (e) {
        done(e as Error);
      }
      return;
    }
    const cb = (err: Error | null, out: Buffer) => done(err, out);
    if (coding === "br") zlib.brotliCompress(body, brotli(body.length, false, page), cb);
    else zlib.gzip(body, gzip(false), cb);
  }

  app.addHook("onSend", (req: FastifyRequest, reply: FastifyReply, payload: unknown, done: (err: Error | null, value?: unknown) => void) => {
    const status = reply.statusCode;
    const encoded = reply.getHeader("content-encoding");
    if (encoded && encoded !== "identity") {
      // A precompressed file (or a range or 304 of one): what it is depends on Accept-Encoding too.
      appendVary(reply);
      return done(null, payload);
    }
    const compressible = isCompressibleType(String(reply.getHeader("content-type") ?? ""));
    // No body, or one whose bytes are fixed already: 1xx, 204, 304, and ranges (Content-Range counts identity bytes).
    if (payload == null || status < 200 || status === 204 || status === 206 || status === 304 || reply.hasHeader("content-range")) {
      if (compressible && (status === 304 || status === 206)) appendVary(reply);
      return done(null, payload);
    }
    if (!compressible) return done(null, payload);
    const size = knownSize(payload, reply);
    if (size !== undefined && size < threshold) return done(null, payload);
    if (typeof payload !== "string" && !Buffer.isBuffer(payload) && !isReadable(payload)) return done(null, payload);
    appendVary(reply);
    // HEAD answers with the identity headers; its body is empty anyway.
    if (req.method === "HEAD") return done(null, payload);
    const coding = negotiateEncoding(req.headers["accept-encoding"]);
    if (!coding) return done(null, payload);

    if (isReadable(payload)) {
      // Streamed pages are flushed chunk by chunk, so the shell reaches the browser before the rest renders.
      const flushEachChunk = String(reply.getHeader("content-type")).startsWith("text/html");
      const compressor = coding === "br" ? zlib.createBrotliCompress(brotli(size, flushEachChunk)) : zlib.createGzip(gzip(flushEachChunk));
      reply.removeHeader("content-length");
      reply.header("content-encoding", coding);
      const stages = flushEachChunk ? [payload, coalesceTurns(), compressor] : [payload, compressor];
      pipeline(stages, (err) => {
        if (err && (err as NodeJS.ErrnoException).code !== "ERR_STREAM_PREMATURE_CLOSE") req.log.warn({ err }, "compressed stream failed");
      });
      return done(null, compressor);
    }
    // A page in one piece (a signed-in page filled from its template) is a page all the same.
    const page = String(reply.getHeader("content-type")).startsWith("text/html");
    compressBuffered(typeof payload === "string" ? Buffer.from(payload) : payload, coding, page, (err, out) => {
      if (err || !out) return done(err ?? new Error("compression produced nothing"));
      reply.header("content-encoding", coding);
      // Fastify sets Content-Length from the buffer it is given.
      reply.removeHeader("content-length");
      done(null, out);
    });
  });
}
