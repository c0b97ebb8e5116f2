import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../../domain/errors";
import type { LanguagePacks } from "../../platform/language-packs";
import { ZText } from "../../../domain/validation/safe-text";

/** Language packs over HTTP, never cached, so a deployment's new strings show at once. */
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
  };
