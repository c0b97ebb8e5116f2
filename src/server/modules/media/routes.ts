import { ASCII_CONTROL } from "../../../domain/validation/control-chars";
import { ZText } from "../../../domain/validation/safe-text";
import { Readable } from "node:stream";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../../domain/errors";
import { MEDIA_NAME_HEADER, MEDIA_NAME_MAX, safeMediaName, ZMedia, ZMediaId, ZMediaPage, ZMediaQuery, ZMediaUnused } from "../../../domain/media";
import { requireUser } from "../../platform/auth/request-auth";
import { ZErrorReply } from "../../platform/errors";
import type { MediaService } from "./service";
import { parseRange } from "./range";

const reads = { 400: ZErrorReply, 401: ZErrorReply, 403: ZErrorReply, 404: ZErrorReply };
const who = "Authors only: admin, mp-admin, mp-leader (AUTHORS-ONLY otherwise).";
const ZUploadReply = z.object({ media: ZMedia, created: z.boolean() });

/** The file name header: percent-encoded UTF-8, no control characters; the name kept is its last path segment. */
function uploadName(header: string | string[] | undefined): string {
  const raw = Array.isArray(header) ? header[0] : header;
  if (!raw)
    throw new AppError("VALIDATION", `The ${MEDIA_NAME_HEADER} header is required`, { validationErrors: [{ path: MEDIA_NAME_HEADER, message: "Required" }] });
  let name: string;
  try {
    name = decodeURIComponent(raw);
  } catch {
    throw new AppError("VALIDATION", `The ${MEDIA_NAME_HEADER} header is not percent-encoded UTF-8`);
  }
  if (ASCII_CONTROL.test(name) || name.length > 1000) {
    throw new AppError("VALIDATION", "The file name has control characters or is too long", {
      validationErrors: [{ path: MEDIA_NAME_HEADER, message: "Invalid" }],
    });
  }
  return safeMediaName(name).slice(0, MEDIA_NAME_MAX);
}

/** The media library's API (issue 15, docs/api/media.md): thin routes; the rules live in the service. */
export const mediaAdminRoutes =
  (media: MediaService): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ["media"];
    // The upload's body is the file itself, streamed by the service: no parser reads it (decision 0048).
    app.removeAllContentTypeParsers();
    app.addContentTypeParser("*", (_req, _payload, done) => done(null, undefined));
    app.post(
      "/admin/media",
      {
        config: { auth: "user" },
        schema: {
          tags,
          operationId: "mediaUpload",
          summary: "Upload one file: the body is its bytes, the name in the X-File-Name header (percent-encoded)",
          description: `${who} The type comes from the bytes: a name whose extension disagrees is MEDIA-TYPE-MISMATCH (415), other content MEDIA-TYPE-UNSUPPORTED (415), over the kind's limit MEDIA-TOO-LARGE (413). The same bytes again answer 200 with the first upload's row.`,
          headers: z.object({ [MEDIA_NAME_HEADER]: ZText.max(3000) }),
          querystring: z.object({}).strict(),
          response: { 200: ZUploadReply, 201: ZUploadReply, ...reads, 413: ZErrorReply, 415: ZErrorReply },
        },
      },
      async (req, reply) => {
        const { user } = await requireUser(req);
        const name = uploadName(req.headers[MEDIA_NAME_HEADER]);
        const length = req.headers["content-length"] ? Number(req.headers["content-length"]) : undefined;
        try {
          // Not destroyed when the reading stops early: the refusal must still reach the client.
          const body = req.raw.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer>;
          const out = await media.upload(user, { name, body, declaredLength: Number.isFinite(length) ? length : undefined });
          return reply.status(out.created ? 201 : 200).send(out);
        } catch (e) {
          // A refused body is left unread: close the connection after the reply rather than drain the rest.
          if (!req.raw.complete) reply.header("connection", "close");
          throw e;
        }
      },
    );
    app.get(
      "/admin/media",
      {
        config: { auth: "user" },
        schema: {
          tags,
          operationId: "mediaList",
          summary: "The media library, newest first",
          description: `${who} Filter by kind and by a part of the name (q); page on with before=nextBefore.`,
          querystring: ZMediaQuery,
          response: { 200: ZMediaPage, ...reads },
        },
      },
      async (req) => media.list((await requireUser(req)).user, req.query),
    );
    app.get(
      "/admin/media/unused",
      {
        config: { auth: "user" },
        schema: {
          tags,
          operationId: "mediaUnused",
          summary: "Media no page, course, element, microcourse, video event or portal setting names",
          description: who,
          querystring: z.object({}).strict(),
          response: { 200: ZMediaUnused, ...reads },
        },
      },
      async (req) => media.unused((await requireUser(req)).user),
    );
    app.delete(
      "/admin/media/:id",
      {
        config: { auth: "user" },
        schema: {
          tags,
          operationId: "mediaDelete",
          summary: "Remove a file nothing names, with its variants",
          description: `${who} In use: MEDIA-IN-USE (409) with details.usedBy [{source, count}], and nothing is removed; there is no force.`,
          params: z.object({ id: ZMediaId }).strict(),
          querystring: z.object({}).strict(),
          response: { 204: z.null(), ...reads, 409: ZErrorReply },
        },
      },
      async (req, reply) => {
        await media.remove((await requireUser(req)).user, req.params.id);
        return reply.status(204).send(null);
      },
    );
  };

const IMMUTABLE = "public, max-age=31536000, immutable";

/** Public serving of stored media: /media/{key} (originals and variants), with Range for audio and video. */
export const mediaPublicRoutes =
  (media: MediaService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get("/media/:file", { schema: { hide: true, params: z.object({ file: ZText.max(100) }) } }, async (req, reply) => {
      const served = await media.serve(req.params.file, (size) => parseRange(req.headers.range, size));
      if (served === null) throw new AppError("NOT_FOUND", "No such media");
      reply.header("x-content-type-options", "nosniff").header("accept-ranges", "bytes").header("cache-control", IMMUTABLE);
      if (served === "unsatisfiable") {
        return reply.status(416).header("content-range", "bytes */*").send(null);
      }
      const { object, mime, attachment } = served;
      reply.header("content-type", mime.startsWith("text/") ? `${mime}; charset=utf-8` : mime);
      if (attachment !== null) {
        const ascii = attachment.replace(/[^\x20-\x7e]|[\\"]/g, "_");
        reply.header("content-disposition", `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(attachment)}`);
        // A downloaded document never runs anything in our origin.
        reply.header("content-security-policy", "default-src 'none'; sandbox");
      }
      if (req.method === "HEAD") {
        // The object's length without reading it: Fastify's HEAD handling keeps a stream's Content-Length.
        object.body.destroy();
        return reply.header("content-length", object.size).send(Readable.from([]));
      }
      const range = parseRange(req.headers.range, object.size);
      if (range && range !== "unsatisfiable") {
        reply
          .status(206)
          .header("content-range", `bytes ${range.start}-${range.end}/${object.size}`)
          .header("content-length", range.end - range.start + 1);
      } else {
        reply.header("content-length", object.size);
      }
      return reply.send(object.body);
    });
  };
