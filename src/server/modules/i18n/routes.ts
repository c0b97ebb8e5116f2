import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../../domain/errors";
import { negotiateEncoding } from "../../platform/compression";
import { parseShippedFile, type LanguagePacks } from "../../platform/language-packs";
import { ZText } from "../../../domain/validation/safe-text";

/**
 * Language packs over HTTP: one pack, never cached, so a deployment's new strings show at once; and
 * the packs a page ships, as the script file its address names by content (kept a year, immutable).
 */
export const languagePackRoutes =
  (packs: LanguagePacks, portalLangs: () => Promise<readonly string[]>): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/locales/:lang/:pkg",
      {
        schema: {
          tags: ["i18n"],
          hide: true,
          summary: "One language pack (package) of one locale",
          params: z.object({ lang: ZText.regex(/^[a-z]{2,3}$/), pkg: ZText.regex(/^[a-z-]+\.json$/) }),
          response: { 200: z.record(z.string(), z.unknown()) },
        },
      },
      async (req, reply) => {
        const pkg = req.params.pkg.replace(/\.json$/, "");
        // A portal language without a pack of its own yet is served in English, as its pages are.
        const pack = packs.packages.includes(pkg as never) ? await packs.pack(req.params.lang, pkg, (await portalLangs()).includes(req.params.lang)) : null;
        if (!pack) throw new AppError("NOT_FOUND", `No language pack ${req.params.lang}/${req.params.pkg}`);
        reply.header("cache-control", "no-cache");
        return pack;
      },
    );

    app.get(
      "/locales/:lang/page/:file",
      {
        schema: {
          tags: ["i18n"],
          hide: true,
          summary: "The language packs a page ships, as a script",
          params: z.object({ lang: ZText.regex(/^[a-z]{2,3}$/), file: ZText.max(400) }),
        },
      },
      async (req, reply) => {
        const asked = parseShippedFile(req.params.file);
        if (!asked || !(await portalLangs()).includes(req.params.lang)) {
          throw new AppError("NOT_FOUND", `No language packs ${req.params.lang}/page/${req.params.file}`);
        }
        const file = await packs.askedFile(req.params.lang, asked.packs);
        // An address of older packs (a page from before a deployment) gets today's, not kept: its page still has text.
        reply.header("cache-control", file.hash === asked.hash ? "public, max-age=31536000, immutable" : "no-cache");
        reply.header("vary", "Accept-Encoding");
        reply.type("text/javascript; charset=utf-8");
        const coding = negotiateEncoding(req.headers["accept-encoding"]);
        if (coding) reply.header("content-encoding", coding);
        return reply.send(coding === "br" ? file.br : coding === "gzip" ? file.gzip : file.body);
      },
    );
  };
