import { checkoutFields, type TOrderResponse } from "../../../domain/order";

/** Where a made order sends the browser next (seed 000 §4 "Order", decision 0031). */
export type OrderNext =
  | { kind: "checkout"; action: string; fields: Array<[string, string]> }
  | { kind: "result"; url: string }
  /** A reply with state error: the provider's message, shown wrapped in the learner's language (seed 000 §8). */
  | { kind: "refused"; message: string }
  /** A reply that says neither: nothing to follow. */
  | { kind: "unusable" };

/**
 * Reads an order reply: a state error stops with the provider's message; `next: "result"` (an order a
 * coupon made free, settled at once) goes to the result page; otherwise the hidden form to post to
 * the provider's checkout: LiqPay and the sandbox `data` + `signature`, WayForPay every meta.data
 * field with arrays as name[] (checkoutFields).
 */
export function orderNext(res: TOrderResponse): OrderNext {
  if (res.state === "error") return { kind: "refused", message: res.meta.error?.message ?? "" };
  if (res.next === "result") return res.resultUrl ? { kind: "result", url: res.resultUrl } : { kind: "unusable" };
  if (!res.checkoutUrl) return { kind: "unusable" };
  return { kind: "checkout", action: res.checkoutUrl, fields: checkoutFields(res) };
}

/** Posts the hidden checkout form: the providers' checkouts expect a browser form post, not a fetch. */
export function postCheckout(action: string, fields: Array<[string, string]>): void {
  const form = document.createElement("form");
  form.method = "POST";
  form.action = action;
  form.acceptCharset = "utf-8";
  form.hidden = true;
  for (const [name, value] of fields) {
    const input = document.createElement("input");
    input.type = "hidden";
    input.name = name;
    input.value = value;
    form.appendChild(input);
  }
  document.body.appendChild(form);
  form.submit();
}
