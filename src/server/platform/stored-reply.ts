import { promisify } from "node:util";
import zlib from "node:zlib";
import type { FastifyReply } from "fastify";

/**
 * A reply kept in memory and written again as it is (platform/page-cache.ts, platform/public-replies.ts):
 * the whole head and the body in each encoding, made once when it is stored.
 */

export type Encoding = "br" | "gzip" | "identity";

export interface StoredReply {
  headers: Record<Encoding, Record<string, string | string[]>>;
  bodies: Record<Encoding, Buffer>;
  /** The three bodies together. */
  bytes: number;
}

/** Headers Node, the compression or the request id (platform/request-id.ts) set per reply: never kept. */
const PER_REPLY = new Set(["content-length", "content-encoding", "transfer-encoding", "connection", "keep-alive", "date", "vary", "x-request-id"]);
const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/** The encoding to answer with: brotli, else gzip, else none, as Accept-Encoding allows (q=0 refuses). */
export function negotiateEncoding(header: string | undefined): Encoding {
  if (!header) return "identity";
  let br = 0;
  let gz = 0;
  let any: number | undefined;
  for (const part of header.split(",")) {
    const [rawName, ...params] = part.split(";");
    const name = rawName!.trim().toLowerCase();
    let q = 1;
    for (const p of params) {
      const [k, v] = p.split("=");
      if (k?.trim().toLowerCase() === "q") q = Number(v);
    }
    if (!Number.isFinite(q)) q = 0;
    if (name === "br") br = q;
    else if (name === "gzip" || name === "x-gzip") gz = q;
    else if (name === "*") any = q;
  }
  if (any !== undefined) {
    if (!/\bbr\b/i.test(header)) br = any;
    if (!/\bgzip\b/i.test(header)) gz = any;
  }
  if (br > 0 && br >= gz) return "br";
  if (gz > 0) return "gzip";
  return "identity";
}

/** The head a reply has after every onSend hook before it, less what is set per reply. */
export function keptHeaders(reply: FastifyReply): Record<string, string | string[]> {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value === undefined || PER_REPLY.has(name)) continue;
    headers[name] = Array.isArray(value) ? value.map(String) : String(value);
  }
  return headers;
}

/**
 * The body compressed once, with a complete head for each encoding. Brotli at its highest quality: the
 * work (tens of ms on the thread pool for a page) is paid once per content version, while every byte it
 * saves is saved on each of the many replies that follow, in the server's writes and the client's reads.
 */
export async function storeReply(identity: Buffer, headers: Record<string, string | string[]>): Promise<StoredReply> {
  const [gz, br] = await Promise.all([
    gzip(identity, { level: 9 }),
    brotli(identity, {
      params: {
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
  ]);
  const head = (body: Buffer, encoding?: "gzip" | "br") => ({
    ...headers,
    ...(encoding ? { "content-encoding": encoding } : {}),
    vary: "Accept-Encoding",
    "content-length": String(body.length),
  });
  return {
    headers: { identity: head(identity), gzip: head(gz, "gzip"), br: head(br, "br") },
    bodies: { identity, gzip: gz, br },
    bytes: identity.length + gz.length + br.length,
  };
}

/** Writes a stored reply straight to the response: no router, no onSend hooks (their work is in the head). */
export function writeStored(reply: FastifyReply, stored: StoredReply, encoding: Encoding): FastifyReply {
  reply.hijack();
  reply.raw.writeHead(200, stored.headers[encoding]);
  reply.raw.end(stored.bodies[encoding]);
  return reply;
}
