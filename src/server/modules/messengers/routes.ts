import type { FastifyReply, FastifyRequest } from "fastify";
import { ZConnectStatus } from "../../../domain/api-replies";
import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../../domain/errors";
import { portalLang } from "../../../domain/locale";
import { CONNECT_CODE_TTL_MS, ZCodeMessenger, ZMessenger } from "../../../domain/messengers";
import type { TPortalSettings } from "../../../domain/portal";
import { isSignedIn } from "../../../domain/user";
import { isSafeReturnPath } from "../../../domain/validation/return-path";
import { setAuthCookies } from "../../platform/auth/request-auth";
import { ZErrorReply } from "../../platform/errors";
import { isLoopbackHost } from "../../platform/loopback";
import { RATE_LIMITS, rateLimit } from "../../platform/rate-limit";
import { verifyWebhookSignature, WEBHOOK_SIGNATURE_HEADER } from "../../platform/webhook-signature";
import { CONNECT_COOKIE, type MessengersService } from "./service";
import { toLocation } from "../../../domain/validation/location";
import { ZText } from "../../../domain/validation/safe-text";

function connectCookieOptions(req: FastifyRequest, maxAgeSeconds: number) {
  return { path: "/", httpOnly: true, sameSite: "lax" as const, secure: !isLoopbackHost(req.hostname), maxAge: maxAgeSeconds };
}

export interface MessengerRoutesDeps {
  messengers: MessengersService;
  settings: () => Promise<TPortalSettings>;
  windowMs: number;
}

/**
 * /connect/{messenger}?quick_link&lang (seed 001 §2): checks the return address, starts a code flow
 * for WhatsApp, Viber and Messenger (the flow cookie binds it to this browser), and sends the
 * browser to the connect page in its language. Telegram's page carries the Login Widget instead.
 */
export const messengerConnectRoutes =
  ({ messengers, settings, windowMs }: MessengerRoutesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/connect/:messenger",
      {
        config: rateLimit(RATE_LIMITS.messengerConnect, windowMs),
        schema: {
          tags: ["auth"],
          hide: true,
          summary: "Start a messenger sign-in and open its page",
          params: z.object({ messenger: ZMessenger }),
          querystring: z.object({ quick_link: ZText.max(2048).optional(), lang: ZText.max(8).optional() }),
        },
      },
      async (req, reply) => {
        const s = await settings();
        const { langs, primaryLang } = s.portal.i18n;
        const { messenger } = req.params;
        if (!s.providers.messengers.includes(messenger)) throw new AppError("NOT_FOUND", `${messenger} sign-in is not available`);
        const lang = portalLang(req.query.lang, langs, primaryLang);
        const returnTo = req.query.quick_link ?? `/${lang}/`;
        if (!isSafeReturnPath(returnTo)) throw new AppError("ERR_REDIRECT", "quick_link must be a path on this site");
        if (messenger === "telegram") return reply.redirect(toLocation(`/${lang}/connect/telegram?quick_link=${encodeURIComponent(returnTo)}`), 302);
        const current = await req.auth();
        const userId = current.kind === "user" && isSignedIn(current.user) ? current.user.id : undefined;
        const flow = await messengers.start(messenger, returnTo, userId);
        reply.setCookie(CONNECT_COOKIE, flow.cookie, connectCookieOptions(req, Math.ceil((CONNECT_CODE_TTL_MS + 5 * 60_000) / 1000)));
        return reply.redirect(toLocation(`/${lang}/connect/${messenger}`), 302);
      },
    );
  };

const ZWebhookBody = z.object({
  code: ZText.min(1).max(64),
  messengerUserId: ZText.min(1).max(128),
  name: ZText.max(200).nullish(),
});
const errors = { 400: ZErrorReply, 401: ZErrorReply, 404: ZErrorReply, 409: ZErrorReply, 410: ZErrorReply };

/**
 * The API side: the page's status poll and completion (both bound to the flow cookie) and the
 * bots' webhook, which must carry `x-mentora-signature: sha256=<HMAC-SHA256 of the raw body>`.
 */
export const messengerApiRoutes =
  ({ messengers, webhookSecret }: { messengers: MessengersService; webhookSecret?: string }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/messengers/connect/status",
      {
        schema: {
          tags: ["auth"],
          operationId: "getMessengerConnectStatus",
          summary: "Has the bot confirmed this browser's messenger code?",
          description: "Polled by the messenger sign-in page until the bot confirms the code.",
          response: { 200: ZConnectStatus, ...errors },
        },
      },
      async (req) => {
        const s = await messengers.status(req.cookies[CONNECT_COOKIE]);
        return { ...s, expiresAt: s.expiresAt.toISOString() };
      },
    );

    app.post(
      "/messengers/connect/complete",
      {
        schema: {
          tags: ["auth"],
          operationId: "completeMessengerConnect",
          summary: "Finish a confirmed messenger sign-in (once) and get the session cookies",
          description: "Signs in the account of a messenger sign-in the bot confirmed.",
          body: z.object({}).nullish(),
          response: { 200: z.object({ returnTo: z.string(), signedIn: z.boolean() }), ...errors },
        },
      },
      async (req, reply) => {
        const done = await messengers.complete(req.cookies[CONNECT_COOKIE]);
        if (done.tokens) setAuthCookies(req, reply, done.tokens);
        reply.clearCookie(CONNECT_COOKIE, connectCookieOptions(req, 0));
        return { returnTo: done.returnTo, signedIn: done.tokens !== null };
      },
    );

    await app.register(async (hooks) => {
      // The signature covers the body exactly as sent: keep the raw text next to the parsed JSON.
      const raw = new WeakMap<FastifyRequest, string>();
      hooks.removeContentTypeParser("application/json");
      hooks.addContentTypeParser("application/json", { parseAs: "string", bodyLimit: 16 * 1024 }, (req, body, done) => {
        raw.set(req, body as string);
        try {
          done(null, JSON.parse(body as string));
        } catch {
          done(new AppError("VALIDATION", "The body is not JSON"));
        }
      });
      const checkSignature = async (req: FastifyRequest, _reply: FastifyReply) => {
        if (!webhookSecret) throw new AppError("NOT_FOUND", "Messenger webhooks are not configured");
        if (!verifyWebhookSignature(webhookSecret, raw.get(req) ?? "", req.headers[WEBHOOK_SIGNATURE_HEADER])) {
          throw new AppError("WEBHOOK_SIGNATURE", "Missing or wrong webhook signature");
        }
      };

      hooks.withTypeProvider<ZodTypeProvider>().post(
        "/messengers/:messenger/webhook",
        {
          preValidation: checkSignature,
          schema: {
            tags: ["auth"],
            operationId: "confirmMessengerCode",
            summary: "A bot confirms a sign-in code the visitor sent it (signed with MESSENGER_WEBHOOK_SECRET)",
            description: "Called by a messenger bot, never by browsers; the body must carry a valid signature.",
            params: z.object({ messenger: ZCodeMessenger }),
            body: ZWebhookBody,
            response: { 200: z.object({ state: z.literal("confirmed") }), ...errors },
          },
        },
        async (req) => {
          await messengers.confirm(req.params.messenger, req.body);
          return { state: "confirmed" as const };
        },
      );
    });
  };
