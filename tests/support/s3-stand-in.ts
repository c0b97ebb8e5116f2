import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for an S3-compatible store: the REST subset the media storage uses (PUT, GET with
 * Range, HEAD and DELETE of an object, path-style `/{bucket}/{key}`), in memory. Every request must
 * carry a valid AWS Signature Version 4 for one of the known keys: a wrong secret, a changed header
 * or a body that does not match its signed hash is refused with 403 SignatureDoesNotMatch, as S3 does.
 */
export interface S3StandIn {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  objects: Map<string, { body: Buffer; contentType: string }>;
  /** Requests refused for their signature. */
  refused: number;
  close(): Promise<void>;
}

const sha256hex = (data: Buffer | string) => createHash("sha256").update(data).digest("hex");
const hmac = (key: Buffer | string, data: string) => createHmac("sha256", key).update(data).digest();

/** RFC 3986 encoding as SigV4 wants it (unreserved characters kept). */
const rfc3986 = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

function canonicalQuery(query: string): string {
  if (!query) return "";
  return query
    .split("&")
    .filter(Boolean)
    .map((pair) => {
      const [k, v = ""] = pair.split("=");
      return [rfc3986(decodeURIComponent(k!)), rfc3986(decodeURIComponent(v))] as const;
    })
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join("&");
}

/** Checks the request's SigV4 Authorization header; returns why it is refused, or null when it is valid. */
function signatureProblem(req: IncomingMessage, body: Buffer, keys: Map<string, string>, region: string): string | null {
  const auth = req.headers.authorization ?? "";
  const m = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(auth);
  if (!m) return "Authorization is not AWS4-HMAC-SHA256";
  const [, keyId, date, reqRegion, signedHeaders, signature] = m as unknown as [string, string, string, string, string, string];
  const secret = keys.get(keyId);
  if (!secret) return "InvalidAccessKeyId";
  if (reqRegion !== region) return "region mismatch";
  const amzDate = String(req.headers["x-amz-date"] ?? "");
  if (!amzDate.startsWith(date)) return "x-amz-date does not match the credential date";
  const payloadHash = String(req.headers["x-amz-content-sha256"] ?? "");
  if (/^[0-9a-f]{64}$/.test(payloadHash)) {
    if (sha256hex(body) !== payloadHash) return "the body does not match x-amz-content-sha256";
  } else if (payloadHash !== "UNSIGNED-PAYLOAD") {
    return `unsupported x-amz-content-sha256 ${payloadHash}`;
  }
  const names = signedHeaders.split(";");
  if (!names.includes("host") || !names.includes("x-amz-date")) return "host and x-amz-date must be signed";
  const headers = names.map((n) => {
    const v = req.headers[n];
    return `${n}:${(Array.isArray(v) ? v.join(",") : (v ?? "")).trim().replace(/\s+/g, " ")}\n`;
  });
  const [path = "/", query = ""] = (req.url ?? "/").split("?");
  const canonical = [req.method, path, canonicalQuery(query), headers.join(""), signedHeaders, payloadHash].join("\n");
  const scope = `${date}/${region}/s3/aws4_request`;
  const toSign = ["AWS4-HMAC-SHA256", amzDate, scope, sha256hex(canonical)].join("\n");
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), "s3"), "aws4_request");
  const expected = createHmac("sha256", signingKey).update(toSign).digest();
  const given = Buffer.from(signature, "hex");
  return given.length === expected.length && timingSafeEqual(given, expected) ? null : "SignatureDoesNotMatch";
}

function xmlError(res: ServerResponse, status: number, code: string, message: string) {
  res.writeHead(status, { "content-type": "application/xml" });
  res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message.replace(/[<&>]/g, "")}</Message></Error>`);
}

export async function startS3StandIn(opts: { bucket?: string; region?: string; accessKeyId?: string; secretAccessKey?: string } = {}): Promise<S3StandIn> {
  const bucket = opts.bucket ?? "mentora-media";
  const region = opts.region ?? "eu-test-1";
  const accessKeyId = opts.accessKeyId ?? "AKIDSTANDIN";
  const secretAccessKey = opts.secretAccessKey ?? "stand-in-secret-key";
  const keys = new Map([[accessKeyId, secretAccessKey]]);
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  const state = { refused: 0 };

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      const problem = signatureProblem(req, body, keys, region);
      if (problem) {
        state.refused++;
        return xmlError(res, 403, problem === "InvalidAccessKeyId" ? problem : "SignatureDoesNotMatch", problem);
      }
      const path = (req.url ?? "/").split("?")[0]!;
      const prefix = `/${bucket}/`;
      if (!path.startsWith(prefix)) return xmlError(res, 404, "NoSuchBucket", "path-style /bucket/key only");
      const key = decodeURIComponent(path.slice(prefix.length));
      const obj = objects.get(key);
      switch (req.method) {
        case "PUT":
          objects.set(key, { body, contentType: String(req.headers["content-type"] ?? "application/octet-stream") });
          res.writeHead(200, { etag: `"${createHash("md5").update(body).digest("hex")}"` });
          return res.end();
        case "HEAD":
          if (!obj) {
            res.writeHead(404);
            return res.end();
          }
          res.writeHead(200, { "content-length": obj.body.length, "content-type": obj.contentType });
          return res.end();
        case "GET": {
          if (!obj) return xmlError(res, 404, "NoSuchKey", "The specified key does not exist.");
          const range = /^bytes=(\d+)-(\d+)$/.exec(String(req.headers.range ?? ""));
          if (range) {
            const start = Number(range[1]);
            const end = Math.min(Number(range[2]), obj.body.length - 1);
            res.writeHead(206, {
              "content-type": obj.contentType,
              "content-length": end - start + 1,
              "content-range": `bytes ${start}-${end}/${obj.body.length}`,
            });
            return res.end(obj.body.subarray(start, end + 1));
          }
          res.writeHead(200, { "content-type": obj.contentType, "content-length": obj.body.length });
          return res.end(obj.body);
        }
        case "DELETE":
          objects.delete(key);
          res.writeHead(204);
          return res.end();
        default:
          return xmlError(res, 405, "MethodNotAllowed", String(req.method));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    region,
    accessKeyId,
    secretAccessKey,
    objects,
    get refused() {
      return state.refused;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
