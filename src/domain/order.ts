import { z } from "zod";

/** Seed 001 §3 "Order request": one course, the browser's return address, host and environment. */
export const ZOrderRequest = z.object({
  courses: z.array(z.string().min(1).max(100)).length(1),
  resultUrl: z.string().min(1).max(2048),
  host: z.string().min(1).max(255),
  environmentId: z.string().min(1).max(64),
  /** Seed 001 §7: default gateway liqpay; wayforpay also supported. */
  gateway: z.enum(["liqpay", "wayforpay"]).default("liqpay"),
});
export type TOrderRequest = z.input<typeof ZOrderRequest>;

/**
 * Seed 000 §3 "Order response": state, meta.data, meta.signature, meta.error.message. The browser
 * posts a form to `checkoutUrl`: LiqPay takes `data` and `signature`; WayForPay takes every field of
 * meta.data (arrays as name[]).
 */
export const ZOrderResponse = z.object({
  state: z.enum(["ok", "error"]),
  orderId: z.string().optional(),
  checkoutUrl: z.string().optional(),
  meta: z.object({
    data: z.union([z.string(), z.record(z.string(), z.union([z.string(), z.number(), z.array(z.union([z.string(), z.number()]))]))]).optional(),
    signature: z.string().optional(),
    error: z.object({ message: z.string() }).optional(),
  }),
});
export type TOrderResponse = z.infer<typeof ZOrderResponse>;

/** The form fields a checkout post carries, per gateway. */
export function checkoutFields(res: TOrderResponse): Array<[string, string]> {
  const { data, signature } = res.meta;
  if (typeof data === "string")
    return [
      ["data", data],
      ["signature", signature ?? ""],
    ];
  return Object.entries(data ?? {}).flatMap(([name, value]) =>
    Array.isArray(value) ? value.map((v): [string, string] => [`${name}[]`, String(v)]) : [[name, String(value)] as [string, string]],
  );
}
