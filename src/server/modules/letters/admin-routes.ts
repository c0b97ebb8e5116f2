import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ZFailedLetterList, ZFailedLetterQuery, ZLetterId, ZLetterRetried } from "../../../domain/letter-admin";
import { requireUser } from "../../platform/auth/request-auth";
import { ZErrorReply } from "../../platform/errors";
import type { LettersService } from "./service";

const errors = { 400: ZErrorReply, 401: ZErrorReply, 403: ZErrorReply, 404: ZErrorReply, 409: ZErrorReply };

/** The back office's failed letters (docs/decisions/0073): portal admins and mp-admin. */
export const lettersAdminRoutes =
  (letters: LettersService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/admin/letters/failed",
      {
        config: { auth: "user" },
        schema: {
          tags: ["admin"],
          operationId: "listFailedLetters",
          summary: "The portal's letters that failed for good, newest failure first (admins)",
          description:
            "Recipient, subject, when queued and failed, tries and the last error; never the body. `after` (a letter id) pages on; `counts` are the portal's letters waiting and failed.",
          querystring: ZFailedLetterQuery,
          response: { 200: ZFailedLetterList, ...errors },
        },
      },
      async (req) => letters.failed((await requireUser(req)).user, req.query),
    );
    app.post(
      "/admin/letters/:letterId/retry",
      {
        config: { auth: "user" },
        schema: {
          tags: ["admin"],
          operationId: "retryFailedLetter",
          summary: "Queue a failed letter for one more try (admins)",
          description: "404 LETTER-NOT-FOUND for unknown or another portal's ids; 409 LETTER-NOT-FAILED when it is waiting, sent or queued again already.",
          params: z.object({ letterId: ZLetterId }),
          response: { 200: ZLetterRetried, ...errors },
        },
      },
      async (req) => letters.retry((await requireUser(req)).user, req.params.letterId),
    );
  };
