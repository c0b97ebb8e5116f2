import { type SANDBOX_DECISIONS, type TOrderRequest, ZGift, ZOrder, ZOrderQuote, ZOrderResponse, ZSandboxDecisionReply } from "../../../domain/order";
import { api } from "../../lib/api";

/*
 * The orders API as the browser calls it (decision 0031): what a page does after it was rendered
 * (make an order, price a coupon, poll an open order, claim a gift, decide a test payment). Imported
 * by the pages and steps that use it, so zod and the schemas come with them, never with every page
 * (docs/decisions/0020-lean-client.md). Reads for a first render go through the loaders.
 */

export const orderKeys = {
  one: (id: string, lang: string) => ["orders", "one", id, lang] as const,
};

export const makeOrder = (body: TOrderRequest) => api.post("/api/orders", ZOrderResponse, body);

export function quoteOrder(courseId: string, coupon: string, signal?: AbortSignal) {
  return api.get(`/api/orders/quote?${new URLSearchParams({ courseId, coupon })}`, ZOrderQuote, signal);
}

/** Course titles come in the page's language. */
export const getOrder = (id: string, lang: string, signal?: AbortSignal) =>
  api.get(`/api/orders/${encodeURIComponent(id)}?${new URLSearchParams({ lang })}`, ZOrder, signal);

export const claimGift = (token: string) => api.post("/api/gifts/claim", ZGift, { token });

export type SandboxDecision = (typeof SANDBOX_DECISIONS)[number];

/** The sandbox signs and delivers the callback, then says where the browser goes (the order's return address). */
export function decideSandbox(orderId: string, ticket: string, decision: SandboxDecision) {
  return api.post("/api/payments/sandbox/decide", ZSandboxDecisionReply, { orderId, ticket, decision });
}
