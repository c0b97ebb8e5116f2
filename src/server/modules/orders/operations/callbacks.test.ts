import { describe, expect, it } from "vitest";
import { parseConfig } from "../../../config";
import { createGateways } from "../../../platform/payments/gateways";
import { liqpayData, liqpaySignature } from "../../../platform/payments/liqpay-signature";
import type { OrderRow, PaymentCallbackInsert } from "../repo";
import { receiveCallback } from "./callbacks";
import type { OrdersContext } from "./context";

const LIQ = { publicKey: "i00000000", privateKey: "a4825234f4bae72a0be04eafe9e8e2bada209255" };
const ORDER = {
  id: "ord_aaaaaaaaaaaaaaaaaaaaaaaaaa",
  environmentId: "env-a",
  gateway: "liqpay",
  currency: "UAH",
  amountMinor: 49000,
  status: "created",
} as OrderRow;

/** A context with only what refused and ignored callbacks touch: the order lookup and the audit. */
function harness() {
  const recorded: PaymentCallbackInsert[] = [];
  const lines: Array<{ level: string; obj: Record<string, unknown>; msg: string }> = [];
  const log = {
    info: (obj: object, msg: string) => lines.push({ level: "info", obj: obj as Record<string, unknown>, msg }),
    warn: (obj: object, msg: string) => lines.push({ level: "warn", obj: obj as Record<string, unknown>, msg }),
    error: (obj: object, msg: string) => lines.push({ level: "error", obj: obj as Record<string, unknown>, msg }),
  };
  const ctx = {
    environmentId: "env-a",
    gateways: createGateways(parseConfig({ NODE_ENV: "test", LIQPAY_PUBLIC_KEY: LIQ.publicKey, LIQPAY_PRIVATE_KEY: LIQ.privateKey }), "s".repeat(32)),
    repo: {
      findOrder: async (id: string) => (id === ORDER.id ? ORDER : null),
      recordCallback: async (row: PaymentCallbackInsert) => void recorded.push(row),
    },
    now: () => new Date(),
  } as unknown as OrdersContext;
  const place = { origin: "http://localhost", paymentsBase: "http://localhost", log };
  return { ctx, place, recorded, lines };
}
const body = (params: Record<string, string | number>, key = LIQ.privateKey) => {
  const data = liqpayData({ public_key: LIQ.publicKey, ...params });
  return Buffer.from(new URLSearchParams({ data, signature: liqpaySignature(key, data) }).toString());
};

describe("a refused or ignored callback", () => {
  it("is recorded and logged with its reason, and names the order only when it is this portal's", async () => {
    const h = harness();
    const cases: Array<[Buffer | undefined, string, string | null]> = [
      [undefined, "empty body", null],
      [Buffer.alloc(20_000, "a"), "body too large", null],
      [body({ order_id: ORDER.id, status: "success", amount: 490, currency: "UAH" }, "wrong"), "bad signature", null],
      [body({ order_id: "ord_bbbbbbbbbbbbbbbbbbbbbbbbbb", status: "success", amount: 490, currency: "UAH" }), "unknown order", null],
      [body({ order_id: ORDER.id, status: "success", amount: 1, currency: "UAH" }), "amount does not match the order", ORDER.id],
      [body({ order_id: ORDER.id, status: "success\u0000", amount: 490, currency: "UAH" }), "status (unprintable) changes nothing", ORDER.id],
    ];
    for (const [raw, reason, orderId] of cases) {
      const result = await receiveCallback(h.ctx, "liqpay", raw, h.place);
      expect(result.reason, reason).toBe(reason);
      expect(h.recorded.at(-1)).toMatchObject({ gateway: "liqpay", reason, orderId });
      const line = h.lines.at(-1)!;
      expect(line.obj).toMatchObject({ gateway: "liqpay", reason, outcome: result.outcome });
      expect(line.level).toBe(result.outcome === "refused" ? "warn" : "info");
    }
    expect(h.recorded.map((r) => r.outcome)).toEqual(["refused", "refused", "refused", "refused", "refused", "ignored"]);
    expect(h.recorded.map((r) => r.bodySha256 === null)).toEqual([true, false, false, false, false, false]);
  });

  it("never records another portal's order id, and refuses it", async () => {
    const h = harness();
    (h.ctx as { environmentId: string }).environmentId = "env-b";
    const result = await receiveCallback(h.ctx, "liqpay", body({ order_id: ORDER.id, status: "success", amount: 490, currency: "UAH" }), h.place);
    expect(result).toMatchObject({ outcome: "refused", reason: "order of another portal", orderId: null });
    expect(h.recorded).toEqual([expect.objectContaining({ orderId: null, outcome: "refused" })]);
  });
});
