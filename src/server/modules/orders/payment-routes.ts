import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../../domain/errors";
import { ZOrderId, ZPaymentGateways, ZSandboxDecision, ZSandboxDecisionReply, ZSandboxPayment } from "../../../domain/order";
import { toLocation } from "../../../domain/validation/location";
import { ZText } from "../../../domain/validation/safe-text";
import { ZErrorReply } from "../../platform/errors";
import { rateLimit } from "../../platform/rate-limit";
import type { CallbackRoute } from "./operations/callbacks";
import type { OrdersService } from "./service";

const errors = { 400: ZErrorReply, 403: ZErrorReply, 404: ZErrorReply, 413: ZErrorReply, 429: ZErrorReply, 502: ZErrorReply };
/** Sandbox decisions per client address and window. */
export const SANDBOX_DECIDE_RATE_LIMIT = 30;
/** Bodies read as bytes here: a provider's signature covers them exactly as sent. Bigger ones are refused unread. */
const RAW_BODY_LIMIT = 1024 * 1024;
const ZRedirect = z.null().describe("No body: the Location header names the page.");
const ZCallbackReply = z.object({ outcome: z.enum(["applied", "ignored"]), reason: z.string() });
const ZWayforpayAccept = z.object({ orderReference: z.string(), status: z.literal("accept"), time: z.number().int(), signature: z.string() });

declare module "fastify" {
  interface FastifyContextConfig {
    /** Set on provider callback routes: a body refused before the handler (too large) is still recorded. */
    paymentCallback?: "liqpay" | "wayforpay";
  }
}

const see = (reply: FastifyReply, path: string) => reply.redirect(toLocation(path), 303);

/**
 * What providers and the sandbox call (docs/decisions/0031): callbacks, the browser's return, the
 * sandbox checkout and its decision, and the gateways on offer.
 */
export const paymentRoutes =
  (orders: OrdersService, windowMs: number): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/payments/gateways",
      {
        schema: {
          tags: ["payments"],
          operationId: "listPaymentGateways",
          summary: "The payment gateways this portal offers and its default",
          description: "Only gateways with their keys configured (and the sandbox while it is on) are listed.",
          response: { 200: ZPaymentGateways },
        },
      },
      async () => orders.gateways(),
    );

    app.post(
      "/payments/sandbox/decide",
      {
        // Each decision makes a request to our own callback route: bounded per client address.
        config: rateLimit(SANDBOX_DECIDE_RATE_LIMIT, windowMs),
        schema: {
          tags: ["payments"],
          operationId: "decideSandboxPayment",
          summary: "The test-payment page's decision: pay, decline or pay later",
          description: "Signs a LiqPay-format callback with the sandbox key, delivers it to this server's LiqPay callback route and answers where to go.",
          body: ZSandboxDecision,
          response: { 200: ZSandboxDecisionReply, ...errors },
        },
      },
      async (req) => orders.sandboxDecide(req.body, req, req.log),
    );

    app.get(
      "/payments/sandbox/orders/:id",
      {
        schema: {
          tags: ["payments"],
          operationId: "getSandboxPayment",
          summary: "What the test-payment page shows for an order with a valid ticket",
          description:
            "Sandbox orders only; the ticket comes from the sandbox checkout's redirect (?t=). A wrong, expired or missing ticket is 404 ORDER-NOT-FOUND, as for a missing order.",
          params: z.object({ id: ZOrderId }),
          querystring: z.object({ t: ZText.max(200).default("") }),
          response: { 200: ZSandboxPayment, ...errors },
        },
      },
      async (req) => orders.sandboxPayment(req.params.id, req.query.t),
    );

    // Bodies as bytes: LiqPay posts a form, WayForPay JSON (sometimes labelled as a form), browsers a form.
    await app.register(async (raw) => {
      raw.removeAllContentTypeParsers();
      raw.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: RAW_BODY_LIMIT }, (_req, body, done) => done(null, body));
      raw.addHook("onError", async (req, _reply, err) => {
        const route = req.routeOptions.config?.paymentCallback;
        if (route && (err as { statusCode?: number }).statusCode === 413) await orders.refuseUnread(route, "body too large", req.log);
      });
      const r = raw.withTypeProvider<ZodTypeProvider>();
      const body = (req: { body: unknown }) => (Buffer.isBuffer(req.body) ? req.body : undefined);

      const callback = (route: CallbackRoute, operationId: string, summary: string, description: string) =>
        r.post(
          `/payments/${route}/callback`,
          {
            config: { crossSite: true, paymentCallback: route },
            schema: {
              tags: ["payments"],
              operationId,
              summary,
              description,
              response: { 200: route === "wayforpay" ? ZWayforpayAccept : ZCallbackReply, ...errors },
            },
          },
          async (req) => {
            const result = await orders.receiveCallback(route, body(req), req, req.log);
            if (route === "wayforpay" && result.verified && result.orderReference !== null) return orders.wayforpayAccept(result.orderReference);
            if (result.outcome === "refused") throw new AppError("PAYMENT_CALLBACK_REFUSED", "The payment callback was refused");
            return { outcome: result.outcome, reason: result.reason };
          },
        );
      callback(
        "liqpay",
        "receiveLiqpayCallback",
        "LiqPay's (and the sandbox's) server callback: form fields data and signature",
        "Verified over data as received before decoding; every callback is recorded with its outcome; a refused one is 400 PAYMENT-CALLBACK-REFUSED.",
      );
      callback(
        "wayforpay",
        "receiveWayforpayCallback",
        "WayForPay's serviceUrl callback: a JSON body, whatever its content type",
        "Verified with the merchant's secret; a verified callback always gets the signed accept reply, else 400 PAYMENT-CALLBACK-REFUSED.",
      );

      const returnRoute = { params: z.object({ id: ZOrderId }), response: { 303: ZRedirect, ...errors } };
      r.get(
        "/orders/:id/return",
        {
          schema: {
            tags: ["orders"],
            operationId: "returnFromPayment",
            summary: "Where a provider returns the browser: 303 to the order's result page",
            description: "Only redirects to the result path stored with the order; never changes the order.",
            ...returnRoute,
          },
        },
        async (req, reply) => see(reply, await orders.returnPath(req.params.id)),
      );
      r.post(
        "/orders/:id/return",
        {
          config: { crossSite: true },
          schema: {
            tags: ["orders"],
            operationId: "returnFromPaymentByPost",
            summary: "A provider's return of the browser by POST: 303 to the order's result page",
            description: "The posted fields are ignored: only a signed callback changes an order.",
            ...returnRoute,
          },
        },
        async (req, reply) => see(reply, await orders.returnPath(req.params.id)),
      );

      r.post(
        "/payments/sandbox/checkout",
        {
          // A form post (a navigation): under our Referrer-Policy no-referrer, browsers send it with
          // `Origin: null`. The signature over `data` is what vouches for it, as on LiqPay's checkout.
          config: { crossSite: true },
          schema: {
            tags: ["payments"],
            operationId: "startSandboxCheckout",
            summary: "The sandbox's checkout: the browser posts data and signature, and goes to the test-payment page",
            description: "Checked like LiqPay's checkout; answers 303 to /{lang}/test-payment/{orderId}/?t=<ticket>.",
            response: { 303: ZRedirect, ...errors },
          },
        },
        async (req, reply) => see(reply, await orders.sandboxCheckout(body(req))),
      );
    });
  };
