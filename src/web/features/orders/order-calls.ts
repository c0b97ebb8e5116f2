import { z } from "zod";
import { ZGift, ZOrder, ZOrderList, ZOrderQuote, ZOrderResponse, ZOrderStatus, type TOrderRequest } from "../../../domain/order";
import { api } from "../../lib/api";

/*
 * The orders API as the browser calls it (decision 0031). Imported by the pages and steps that use it,
 * so zod and the schemas come with them, never with every page (docs/decisions/0020-lean-client.md).
 */

export const orderKeys = {
  one: (id: string, lang: string) => ["orders", "one", id, lang] as const,
  mine: (lang: string) => ["orders", "mine", lang] as const,
  gift: (token: string, lang: string) => ["gifts", token, lang] as const,
  sandbox: (id: string) => ["orders", "sandbox", id] as const,
};

export const makeOrder = (body: TOrderRequest) => api.post("/api/orders", ZOrderResponse, body);

export function quoteOrder(courseId: string, coupon: string, signal?: AbortSignal) {
  return api.get(`/api/orders/quote?${new URLSearchParams({ courseId, coupon })}`, ZOrderQuote, signal);
}

/** Course titles come in the page's language. */
const inLang = (lang: string) => `?${new URLSearchParams({ lang })}`;

export const getOrder = (id: string, lang: string, signal?: AbortSignal) => api.get(`/api/orders/${encodeURIComponent(id)}${inLang(lang)}`, ZOrder, signal);

export const listMyOrders = (lang: string, signal?: AbortSignal) => api.get(`/api/orders${inLang(lang)}`, ZOrderList, signal);

export const getGift = (token: string, lang: string, signal?: AbortSignal) => api.get(`/api/gifts/${encodeURIComponent(token)}${inLang(lang)}`, ZGift, signal);

export const claimGift = (token: string) => api.post("/api/gifts/claim", ZGift, { token });

/** What the sandbox checkout shows about the order its ticket is for. */
export const ZSandboxOrder = z.object({
  orderId: z.string(),
  courseTitle: z.string(),
  amount: z.number(),
  currency: z.string(),
  status: ZOrderStatus,
  /** False when the ticket is not this order's or has expired: the page offers no buttons. */
  ticketValid: z.boolean().optional(),
});
export type TSandboxOrder = z.infer<typeof ZSandboxOrder>;

export const SANDBOX_DECISIONS = ["pay", "decline", "later"] as const;
export type SandboxDecision = (typeof SANDBOX_DECISIONS)[number];

export function getSandboxOrder(id: string, ticket: string, signal?: AbortSignal) {
  return api.get(`/api/payments/sandbox/orders/${encodeURIComponent(id)}?${new URLSearchParams({ t: ticket })}`, ZSandboxOrder, signal);
}

/** The sandbox signs and delivers the callback, then says where the browser goes (the order's return address). */
export function decideSandbox(orderId: string, ticket: string, decision: SandboxDecision) {
  return api.post("/api/payments/sandbox/decide", z.object({ redirect: z.string() }), { orderId, ticket, decision });
}
