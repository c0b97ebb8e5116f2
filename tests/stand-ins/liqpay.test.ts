/**
 * The LiqPay stand-in judges checkout forms as LiqPay does and its callbacks pass the repo's own
 * verification (verifyLiqpaySignature over data as received, then decodeLiqpayData).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { decodeLiqpayData, liqpayData, liqpaySignature, verifyLiqpaySignature } from "../../src/server/platform/payments/liqpay-signature";
import { type CallbackReceiver, startCallbackReceiver } from "./callback-receiver";
import { type LiqpayStandIn, startLiqpayStandIn } from "./liqpay";

let liqpay: LiqpayStandIn;
let receiver: CallbackReceiver;
let seq = 0;

beforeAll(async () => {
  liqpay = await startLiqpayStandIn({ pendingDelayMs: 20 });
  receiver = await startCallbackReceiver();
});
afterAll(async () => {
  await liqpay?.close();
  await receiver?.close();
});
beforeEach(() => {
  receiver.reply = () => ({ status: 200, contentType: "text/plain", body: "" });
});

const newOrderId = () => `ord_standintest${++seq}`;

function params(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    version: 3,
    public_key: liqpay.publicKey,
    action: "pay",
    amount: "490",
    currency: "UAH",
    description: "Course: Paid demo course",
    order_id: newOrderId(),
    result_url: `${receiver.returnUrl}?continue=/lesson/1/`,
    server_url: receiver.url,
    language: "en",
    ...over,
  };
}

function signedForm(p: Record<string, unknown>, key = liqpay.privateKey) {
  const data = liqpayData(p as Record<string, string | number>);
  return { data, signature: liqpaySignature(key, data) };
}

function post(url: string, fields: Record<string, string> | string, contentType = "application/x-www-form-urlencoded") {
  const body = typeof fields === "string" ? fields : new URLSearchParams(fields).toString();
  return fetch(url, { method: "POST", headers: { "content-type": contentType }, body, redirect: "manual" });
}

/** Posts the checkout form, expects the provider page, and returns its decision URL. */
async function openCheckout(p: Record<string, unknown>): Promise<string> {
  const res = await post(liqpay.checkoutUrl, signedForm(p));
  expect(res.status, await res.clone().text()).toBe(303);
  const pageUrl = new URL(res.headers.get("location")!, liqpay.origin).toString();
  const page = await fetch(pageUrl);
  const html = await page.text();
  expect(page.status).toBe(200);
  const action = /<form method="post" action="([^"]+)"/.exec(html)![1];
  return new URL(action, liqpay.origin).toString();
}

/** The callback as Mentora's route would read it: form-encoded, verified over data as received, then decoded. */
function readCallback(body: string) {
  const form = new URLSearchParams(body);
  const data = form.get("data")!;
  expect(verifyLiqpaySignature(liqpay.privateKey, data, form.get("signature"))).toBe(true);
  return decodeLiqpayData(data)!;
}

const lastForm = () => liqpay.forms.at(-1)!;

describe("LiqPay stand-in: the checkout form", () => {
  it("accepts a correct form and shows an accessible checkout page with Pay, Decline and Pay later", async () => {
    const p = params();
    const res = await post(liqpay.checkoutUrl, signedForm(p));
    expect(res.status).toBe(303);
    expect(lastForm()).toMatchObject({ ok: true, problems: [], orderId: p.order_id, params: p });
    expect(liqpay.checkoutOf(String(p.order_id))).toEqual(p);

    const page = await fetch(new URL(res.headers.get("location")!, liqpay.origin));
    const html = await page.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain("<title>");
    expect(html).toContain("490.00 UAH");
    for (const label of ["Pay", "Decline", "Pay later"]) expect(html).toContain(`>${label}</button>`);
  });

  it("takes the amount as a number and the version as a string, as LiqPay does", async () => {
    const res = await post(liqpay.checkoutUrl, signedForm(params({ amount: 12.5, version: "3" })));
    expect(res.status).toBe(303);
  });

  it("refuses a wrong signature with a 400 page saying so, and records it", async () => {
    const res = await post(liqpay.checkoutUrl, signedForm(params(), "another-private-key"));
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("signature does not match");
    expect(lastForm()).toMatchObject({ ok: false, params: null });
    expect(lastForm().problems).toEqual(["signature does not match base64(sha1(private_key + data + private_key)) with this merchant's private key"]);
  });

  it("refuses a signature over the decoded JSON instead of the base64 data (the SDK trap)", async () => {
    const p = params();
    const data = liqpayData(p as Record<string, string | number>);
    const res = await post(liqpay.checkoutUrl, { data, signature: liqpaySignature(liqpay.privateKey, JSON.stringify(p)) });
    expect(res.status).toBe(400);
    expect(lastForm().problems[0]).toMatch(/decoded JSON/);
  });

  it("refuses a hex signature", async () => {
    const { data } = signedForm(params());
    const hex = Buffer.from(liqpaySignature(liqpay.privateKey, data), "base64").toString("hex");
    const res = await post(liqpay.checkoutUrl, { data, signature: hex });
    expect(res.status).toBe(400);
    expect(lastForm().problems[0]).toMatch(/hex/);
  });

  it("refuses a wrong public key", async () => {
    const res = await post(liqpay.checkoutUrl, signedForm(params({ public_key: "i99999999" })));
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("public_key &#34;i99999999&#34; is not this merchant&#39;s public key");
    expect(lastForm().problems).toEqual(['public_key "i99999999" is not this merchant\'s public key']);
  });

  it.each(["data", "signature"])("refuses a form without %s", async (field) => {
    const form: Record<string, string> = signedForm(params());
    delete form[field];
    const res = await post(liqpay.checkoutUrl, form);
    expect(res.status).toBe(400);
    expect(lastForm().problems).toEqual([`${field} is missing`]);
  });

  it.each(["version", "public_key", "action", "amount", "currency", "description", "order_id", "result_url", "server_url"])(
    "refuses data without %s",
    async (name) => {
      const p = params();
      delete p[name];
      const res = await post(liqpay.checkoutUrl, signedForm(p));
      expect(res.status).toBe(400);
      expect(lastForm().problems).toEqual([`${name} is missing`]);
    },
  );

  it.each([
    [{ version: 2 }, "version must be 3, got 2"],
    [{ action: "hold" }, 'action must be "pay", got "hold"'],
    [{ amount: "0" }, 'amount must be greater than 0, got "0"'],
    [{ amount: "4.999" }, 'amount must be a positive amount with at most two decimals, got "4.999"'],
    [{ amount: -3 }, "amount must be a positive amount with at most two decimals, got -3"],
    [{ currency: "RUB" }, 'currency must be one of UAH, USD, EUR, got "RUB"'],
    [{ order_id: "x".repeat(256) }, "order_id is 256 characters; at most 255"],
    [{ result_url: "/en/order-result/" }, 'result_url must be an absolute URL, got "/en/order-result/"'],
    [{ server_url: "javascript:alert(1)" }, 'server_url must be an http(s) URL, got "javascript:alert(1)"'],
    [{ language: "ru" }, 'language must be one of uk, en, got "ru"'],
  ])("refuses %o", async (over, problem) => {
    const res = await post(liqpay.checkoutUrl, signedForm(params(over)));
    expect(res.status).toBe(400);
    expect(lastForm().problems).toEqual([problem]);
  });

  it("accepts an order_id of exactly 255 characters", async () => {
    expect((await post(liqpay.checkoutUrl, signedForm(params({ order_id: "o".repeat(255) })))).status).toBe(303);
  });

  it("lists every problem of one form", async () => {
    const res = await post(liqpay.checkoutUrl, signedForm(params({ currency: "GBP", action: "subscribe", server_url: undefined })));
    expect(res.status).toBe(400);
    expect(lastForm().problems).toHaveLength(3);
  });

  it("refuses a form that is not form-encoded, a repeated field, data that is not base64 JSON, a GET, and an oversized form", async () => {
    const form = signedForm(params());
    expect((await post(liqpay.checkoutUrl, JSON.stringify(form), "application/json")).status).toBe(400);
    expect(lastForm().problems[0]).toMatch(/application\/x-www-form-urlencoded/);

    expect((await post(liqpay.checkoutUrl, `${new URLSearchParams(form)}&data=${encodeURIComponent(form.data)}`)).status).toBe(400);
    expect(lastForm().problems).toEqual(["data is posted 2 times"]);

    const notJson = Buffer.from("not json").toString("base64");
    expect((await post(liqpay.checkoutUrl, { data: notJson, signature: liqpaySignature(liqpay.privateKey, notJson) })).status).toBe(400);
    expect(lastForm().problems).toEqual(["data is not base64 of a JSON object"]);

    expect((await fetch(liqpay.checkoutUrl)).status).toBe(405);
    expect((await post(liqpay.checkoutUrl, `data=${"a".repeat(70_000)}`)).status).toBe(413);
  });

  it("escapes what it echoes on its pages", async () => {
    const res = await post(liqpay.checkoutUrl, signedForm(params({ currency: "<script>x</script>" })));
    const html = await res.text();
    expect(html).not.toContain("<script>x");
    expect(html).toContain("&#60;script&#62;");
  });
});

describe("LiqPay stand-in: decisions and callbacks", () => {
  it("Pay delivers a success callback the repo's verification accepts, then redirects to result_url", async () => {
    const p = params({ amount: "490.00" });
    const decide = await openCheckout(p);
    const before = receiver.received.length;
    const res = await post(decide, { decision: "pay" });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(p.result_url);

    expect(receiver.received).toHaveLength(before + 1);
    const received = receiver.received.at(-1)!;
    expect(received.contentType).toBe("application/x-www-form-urlencoded");
    expect(received.path).toBe("/callback");
    const callback = readCallback(received.body);
    expect(callback).toMatchObject({
      status: "success",
      action: "pay",
      version: 3,
      public_key: liqpay.publicKey,
      order_id: p.order_id,
      amount: 490,
      currency: "UAH",
      description: p.description,
    });
    const record = liqpay.callbacks.at(-1)!;
    expect(record).toMatchObject({ orderId: p.order_id, status: "success", url: receiver.url, reply: { status: 200, error: null } });
    expect(record.params).toEqual(callback);
  });

  it("Decline delivers a failure callback", async () => {
    const p = params();
    const res = await post(await openCheckout(p), { decision: "decline" });
    expect(res.status).toBe(303);
    expect(readCallback(receiver.received.at(-1)!.body)).toMatchObject({ status: "failure", order_id: p.order_id, err_code: "limit" });
  });

  it("Pay later delivers processing, returns the browser, then delivers success", async () => {
    const p = params();
    const res = await post(await openCheckout(p), { decision: "later" });
    expect(res.status).toBe(303);
    await liqpay.idle();
    const statuses = liqpay.callbacks.filter((c) => c.orderId === p.order_id).map((c) => c.status);
    expect(statuses).toEqual(["processing", "success"]);
    const bodies = receiver.received.slice(-2).map((r) => readCallback(r.body));
    expect(bodies.map((b) => [b.order_id, b.status])).toEqual([
      [p.order_id, "processing"],
      [p.order_id, "success"],
    ]);
  });

  it("a sandbox request pays with status sandbox", async () => {
    const p = params({ sandbox: "1" });
    await post(await openCheckout(p), { decision: "pay" });
    expect(readCallback(receiver.received.at(-1)!.body)).toMatchObject({ status: "sandbox", order_id: p.order_id });
  });

  it("a decision is taken once; a paid order_id cannot be checked out again", async () => {
    const p = params();
    const decide = await openCheckout(p);
    expect((await post(decide, { decision: "pay" })).status).toBe(303);
    expect((await post(decide, { decision: "decline" })).status).toBe(409);
    expect((await post(decide.replace(/[0-9a-f]+\/decide$/, "0000/decide"), { decision: "pay" })).status).toBe(404);
    expect((await post(liqpay.checkoutUrl, signedForm(p))).status).toBe(400);
    expect(lastForm().problems[0]).toMatch(/already paid/);
  });

  it("refuses a decision that is none of pay, decline, later", async () => {
    const decide = await openCheckout(params());
    expect((await post(decide, { decision: "refund" })).status).toBe(400);
  });

  it("records what the receiver answered, and a receiver that is down", async () => {
    receiver.reply = () => ({ status: 500, contentType: "text/plain", body: "boom" });
    const p = params();
    await post(await openCheckout(p), { decision: "pay" });
    expect(liqpay.callbacks.at(-1)!.reply).toMatchObject({ status: 500, body: "boom" });

    const down = await liqpay.deliver(String(p.order_id), "success", { url: "http://127.0.0.1:9/callback" });
    expect(down.reply.status).toBeNull();
    expect(down.reply.error).toBeTruthy();
  });

  it("deliver() sends any status for an order, e.g. reversed, signed and verifiable", async () => {
    const p = params({ currency: "USD", amount: "19.99" });
    await post(await openCheckout(p), { decision: "pay" });
    const record = await liqpay.deliver(String(p.order_id), "reversed");
    expect(record.reply.status).toBe(200);
    expect(readCallback(receiver.received.at(-1)!.body)).toMatchObject({ status: "reversed", order_id: p.order_id, amount: 19.99, currency: "USD" });
  });

  it("deliver() can change parameters or forge the signature, for attack tests", async () => {
    const p = params();
    await openCheckout(p);
    await liqpay.deliver(String(p.order_id), "success", { params: { amount: 1 } });
    expect(readCallback(receiver.received.at(-1)!.body)).toMatchObject({ status: "success", amount: 1 });

    await liqpay.deliver(String(p.order_id), "success", { signWith: "forged" });
    const form = new URLSearchParams(receiver.received.at(-1)!.body);
    expect(verifyLiqpaySignature(liqpay.privateKey, form.get("data"), form.get("signature"))).toBe(false);

    await expect(liqpay.deliver("ord_never_checked_out", "success")).rejects.toThrow(/no accepted checkout/);
  });
});
