/**
 * The WayForPay stand-in judges purchase forms as WayForPay does (fields, merchantSignature, `name[]`
 * arrays), its callbacks pass the repo's own verification, and it redelivers a callback until the
 * reply is the signed accept JSON.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  type WayforpayCallbackSigned,
  wayforpayAccept,
  wayforpayCallbackString,
  wayforpayPurchaseString,
  wayforpaySignature,
  verifyWayforpaySignature,
} from "../../src/server/platform/payments/wayforpay-signature";
import { type CallbackReceiver, type ReceivedCallback, startCallbackReceiver } from "./callback-receiver";
import { type WayforpayStandIn, startWayforpayStandIn } from "./wayforpay";

let wfp: WayforpayStandIn;
let receiver: CallbackReceiver;
let seq = 0;

const DOMAIN = "mentora.test";

beforeAll(async () => {
  wfp = await startWayforpayStandIn({ merchantDomainName: DOMAIN, pendingDelayMs: 20, redeliverAfterMs: 5, maxAttempts: 3 });
  receiver = await startCallbackReceiver();
});
afterAll(async () => {
  await wfp?.close();
  await receiver?.close();
});
beforeEach(() => {
  receiver.reply = accepting;
});

/** What Mentora's callback route must answer. */
function accepting(c: ReceivedCallback) {
  const ref = String((JSON.parse(c.body) as { orderReference: string }).orderReference);
  return { body: JSON.stringify(wayforpayAccept(wfp.secret, ref, Math.floor(Date.now() / 1000))) };
}

interface Purchase {
  scalars: Record<string, string>;
  productName: string[];
  productPrice: string[];
  productCount: string[];
}

function purchase(over: Record<string, string> = {}, products?: Pick<Purchase, "productName" | "productPrice" | "productCount">): Purchase {
  const scalars: Record<string, string> = {
    merchantAccount: wfp.merchantAccount,
    merchantDomainName: DOMAIN,
    merchantTransactionSecureType: "AUTO",
    orderReference: `ord_wfpstandintest${++seq}`,
    orderDate: "1767225600",
    amount: "490",
    currency: "UAH",
    serviceUrl: receiver.url,
    returnUrl: receiver.returnUrl,
    language: "EN",
    ...over,
  };
  const p: Purchase = { scalars, ...(products ?? { productName: ["Paid demo course"], productPrice: ["490"], productCount: ["1"] }) };
  if (!("merchantSignature" in over)) p.scalars.merchantSignature = sign(p);
  return p;
}

function sign(p: Purchase, secret = wfp.secret) {
  const s = p.scalars;
  return wayforpaySignature(
    secret,
    wayforpayPurchaseString({
      merchantAccount: s.merchantAccount,
      merchantDomainName: s.merchantDomainName,
      orderReference: s.orderReference,
      orderDate: Number(s.orderDate),
      amount: s.amount,
      currency: s.currency,
      productName: p.productName,
      productCount: p.productCount,
      productPrice: p.productPrice,
    }),
  );
}

/** The browser's form: scalars, then each product list, one `name[]` field per product (or as `arrayName` names it). */
function encode(p: Purchase, arrayName = (name: string) => `${name}[]`): string {
  const form = new URLSearchParams(p.scalars);
  for (const name of ["productName", "productPrice", "productCount"] as const) for (const v of p[name]) form.append(arrayName(name), v);
  return form.toString();
}

function post(url: string, body: string, contentType = "application/x-www-form-urlencoded") {
  return fetch(url, { method: "POST", headers: { "content-type": contentType }, body, redirect: "manual" });
}

async function openPay(p: Purchase): Promise<string> {
  const res = await post(wfp.checkoutUrl, encode(p));
  expect(res.status, await res.clone().text()).toBe(303);
  const html = await (await fetch(new URL(res.headers.get("location")!, wfp.origin))).text();
  return new URL(/<form method="post" action="([^"]+)"/.exec(html)![1], wfp.origin).toString();
}

/** The callback as Mentora's route would read it: the raw JSON body, signature over the documented fields. */
function readCallback(c: ReceivedCallback) {
  const body = JSON.parse(c.body) as WayforpayCallbackSigned & Record<string, unknown>;
  expect(verifyWayforpaySignature(wfp.secret, wayforpayCallbackString(body), body.merchantSignature)).toBe(true);
  return body;
}

const lastForm = () => wfp.forms.at(-1)!;

async function refused(body: string, contentType?: string) {
  const res = await post(wfp.checkoutUrl, body, contentType);
  expect(res.status).toBe(400);
  expect(lastForm().ok).toBe(false);
  return lastForm().problems;
}

describe("WayForPay stand-in: the purchase form", () => {
  it("accepts a correct form and shows an accessible pay page with Pay, Decline and Pay later", async () => {
    const p = purchase();
    const res = await post(wfp.checkoutUrl, encode(p));
    expect(res.status).toBe(303);
    expect(lastForm()).toMatchObject({ ok: true, problems: [], orderReference: p.scalars.orderReference });
    expect(wfp.purchaseOf(p.scalars.orderReference)).toMatchObject({ amount: "490", productName: ["Paid demo course"], language: "EN" });
    const html = await (await fetch(new URL(res.headers.get("location")!, wfp.origin))).text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain("490.00 UAH");
    for (const label of ["Pay", "Decline", "Pay later"]) expect(html).toContain(`>${label}</button>`);
  });

  it("accepts several products whose prices add up to the amount, and no language", async () => {
    const p = purchase({ amount: "25.5", language: "" }, { productName: ["A", "B"], productPrice: ["10.5", "7.5"], productCount: ["1", "2"] });
    delete p.scalars.language;
    p.scalars.merchantSignature = sign(p);
    expect((await post(wfp.checkoutUrl, encode(p))).status).toBe(303);
  });

  it("refuses a wrong signature, showing the string it signed", async () => {
    const p = purchase({ merchantSignature: "0".repeat(32) });
    const problems = await refused(encode(p));
    expect(problems).toEqual([
      `merchantSignature does not match hex HMAC-MD5 with the merchant's secret over "test_merch_n1;${DOMAIN};${p.scalars.orderReference};1767225600;490;UAH;Paid demo course;1;490"`,
    ]);
  });

  it("refuses a signature made with another secret or over the fields in another order", async () => {
    const p = purchase();
    p.scalars.merchantSignature = sign(p, "another-secret");
    expect(await refused(encode(p))).toHaveLength(1);
    const q = purchase();
    q.scalars.merchantSignature = wayforpaySignature(
      wfp.secret,
      [q.scalars.merchantAccount, DOMAIN, q.scalars.orderReference, q.scalars.orderDate, "490", "UAH", "Paid demo course", "490", "1"].join(";"),
    );
    expect((await refused(encode(q)))[0]).toMatch(/^merchantSignature does not match/);
  });

  it.each([
    "merchantAccount",
    "merchantDomainName",
    "merchantTransactionSecureType",
    "merchantSignature",
    "orderReference",
    "orderDate",
    "amount",
    "currency",
    "serviceUrl",
    "returnUrl",
  ])("refuses a form without %s", async (name) => {
    const p = purchase();
    delete p.scalars[name];
    const problems = await refused(encode(p));
    expect(problems).toContain(`${name} is missing`);
  });

  it.each(["productName", "productPrice", "productCount"] as const)("refuses a form without %s[]", async (name) => {
    const p = purchase();
    p[name] = [];
    expect(await refused(encode(p))).toContain(`${name}[] is missing`);
  });

  it("refuses arrays posted without [] or with indexes", async () => {
    expect(await refused(encode(purchase(), (n) => n))).toEqual([
      'productName must be posted as productName[] (one field per product), got "productName"',
      'productPrice must be posted as productPrice[] (one field per product), got "productPrice"',
      'productCount must be posted as productCount[] (one field per product), got "productCount"',
    ]);
    const p = purchase();
    const indexed = new URLSearchParams(p.scalars);
    for (const name of ["productName", "productPrice", "productCount"] as const) indexed.append(`${name}[0]`, p[name][0]);
    expect(await refused(indexed.toString())).toContain('productName must be posted as productName[] (one field per product), got "productName[0]"');
  });

  it("refuses the wrong merchant, domain, secure type, date, amount, currency, language and URLs", async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ merchantAccount: "another_merch" }, 'merchantAccount "another_merch" is not this merchant'],
      [{ merchantDomainName: "evil.test" }, `merchantDomainName "evil.test" is not the merchant's domain "${DOMAIN}"`],
      [{ merchantTransactionSecureType: "NON3DS" }, 'merchantTransactionSecureType must be AUTO, got "NON3DS"'],
      [{ orderDate: "1767225600000" }, 'orderDate must be unix time in seconds, got "1767225600000"'],
      [{ currency: "RUB" }, 'currency must be one of UAH, USD, EUR, got "RUB"'],
      [{ language: "XX" }, expect.stringMatching(/^language must be one of AUTO, UA, RU, EN/) as unknown as string],
      [{ serviceUrl: "/api/payments/wayforpay/callback" }, 'serviceUrl must be an absolute URL, got "/api/payments/wayforpay/callback"'],
      [{ returnUrl: "ftp://x.test/" }, 'returnUrl must be an http(s) URL, got "ftp://x.test/"'],
      [{ orderReference: "r".repeat(256) }, "orderReference is longer than 255 characters"],
    ];
    for (const [over, problem] of cases) expect(await refused(encode(purchase(over)))).toEqual([problem]);
  });

  it("refuses products that do not add up to the amount, or lists of different lengths", async () => {
    expect(await refused(encode(purchase({ amount: "500" })))).toEqual(["amount 500 is not the sum of productPrice[] x productCount[] (490.00)"]);
    const p = purchase({}, { productName: ["A", "B"], productPrice: ["490"], productCount: ["1"] });
    expect((await refused(encode(p)))[0]).toMatch(/one entry per product, got 2, 1, 1/);
    expect(await refused(encode(purchase({}, { productName: ["A"], productPrice: ["490"], productCount: ["0"] })))).toContain(
      'productCount[] #1 must be a positive whole number, got "0"',
    );
  });

  it("refuses a repeated field, a JSON body, and a GET", async () => {
    expect(await refused(`${encode(purchase())}&amount=1`)).toContain("amount is posted 2 times");
    const p = purchase();
    expect((await refused(JSON.stringify(p.scalars), "application/json"))[0]).toMatch(/application\/x-www-form-urlencoded/);
    expect((await fetch(wfp.checkoutUrl)).status).toBe(405);
  });
});

describe("WayForPay stand-in: decisions and callbacks", () => {
  it("Pay delivers an Approved JSON callback the repo's verification accepts, then posts the browser back to returnUrl", async () => {
    const p = purchase();
    const ref = p.scalars.orderReference;
    const res = await post(await openPay(p), "decision=pay");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`<form id="return" method="post" action="${receiver.returnUrl}">`);
    expect(html).toContain('<input type="hidden" name="transactionStatus" value="Approved">');
    expect(html).toContain(`<input type="hidden" name="orderReference" value="${ref}">`);
    expect(html).toContain('document.getElementById("return").submit()');

    const received = receiver.received.at(-1)!;
    expect(received.contentType).toBe("application/json");
    expect(readCallback(received)).toMatchObject({
      merchantAccount: wfp.merchantAccount,
      orderReference: ref,
      amount: 490,
      currency: "UAH",
      transactionStatus: "Approved",
      reasonCode: 1100,
      cardPan: "41****8217",
      reason: "Ok",
      paymentSystem: "card",
    });
    await wfp.idle();
    const record = wfp.callbacks.at(-1)!;
    expect(record).toMatchObject({ orderReference: ref, transactionStatus: "Approved", accepted: true, url: receiver.url });
    expect(record.attempts).toHaveLength(1);
    expect(record.attempts[0]).toMatchObject({ accepted: true, problem: null });
  });

  it("Decline delivers Declined", async () => {
    const p = purchase();
    await post(await openPay(p), "decision=decline");
    expect(readCallback(receiver.received.at(-1)!)).toMatchObject({
      orderReference: p.scalars.orderReference,
      transactionStatus: "Declined",
      reasonCode: 1101,
      authCode: "",
    });
  });

  it("Pay later delivers InProcessing, returns the browser, then delivers Approved", async () => {
    const p = purchase();
    const res = await post(await openPay(p), "decision=later");
    expect(await res.text()).toContain('name="transactionStatus" value="InProcessing"');
    await wfp.idle();
    const mine = wfp.callbacks.filter((c) => c.orderReference === p.scalars.orderReference);
    expect(mine.map((c) => [c.transactionStatus, c.accepted])).toEqual([
      ["InProcessing", true],
      ["Approved", true],
    ]);
    expect(receiver.received.slice(-2).map((r) => readCallback(r).transactionStatus)).toEqual(["InProcessing", "Approved"]);
  });

  it("redelivers, a bounded number of times, to a receiver that does not reply with the signed accept", async () => {
    receiver.reply = () => ({ contentType: "text/plain", body: "OK" });
    const p = purchase();
    const before = receiver.received.length;
    await post(await openPay(p), "decision=pay");
    await wfp.idle();
    expect(receiver.received.length - before).toBe(3);
    const record = wfp.callbacks.at(-1)!;
    expect(record.accepted).toBe(false);
    expect(record.attempts.map((a) => a.accepted)).toEqual([false, false, false]);
    expect(record.attempts[0].problem).toBe('the reply is not JSON: "OK"');
    // Every delivery carries the same signed body.
    expect(new Set(receiver.received.slice(before).map((r) => r.body)).size).toBe(1);
  });

  it("stops redelivering once the reply is the signed accept", async () => {
    receiver.reply = (c, n) => (n % 2 === 1 ? { status: 500, body: "{}" } : accepting(c));
    receiver.received.length = 0;
    const p = purchase();
    await post(await openPay(p), "decision=pay");
    await wfp.idle();
    const record = wfp.callbacks.at(-1)!;
    expect(record.attempts.map((a) => [a.accepted, a.problem])).toEqual([
      [false, "status 500"],
      [true, null],
    ]);
    expect(record.accepted).toBe(true);
  });

  it.each([
    ["a wrong signature", (ref: string, t: number) => ({ ...wayforpayAccept("other-secret", ref, t) }), /^signature does not match/],
    ["another order", (_ref: string, t: number) => wayforpayAccept(wfp.secret, "ord_other", t), /^orderReference "ord_other"/],
    ["status decline", (ref: string, t: number) => ({ ...wayforpayAccept(wfp.secret, ref, t), status: "decline" }), /^status "decline"/],
    ["a time that is not a number", (ref: string, t: number) => ({ ...wayforpayAccept(wfp.secret, ref, t), time: String(t) }), /^time "\d+"/],
  ])("does not take a reply with %s as accepted", async (_label, make, problem) => {
    receiver.reply = (c) => ({ body: JSON.stringify(make(String((JSON.parse(c.body) as { orderReference: string }).orderReference), 1767225600)) });
    const p = purchase();
    await post(await openPay(p), "decision=pay");
    await wfp.idle();
    const record = wfp.callbacks.at(-1)!;
    expect(record.accepted).toBe(false);
    expect(record.attempts).toHaveLength(3);
    expect(record.attempts[0].problem).toMatch(problem);
  });

  it("deliver() sends Refunded for an order, signed and verifiable, and resolves after the last attempt", async () => {
    const p = purchase({ currency: "USD", amount: "19.99" }, { productName: ["Course"], productPrice: ["19.99"], productCount: ["1"] });
    await post(await openPay(p), "decision=pay");
    const record = await wfp.deliver(p.scalars.orderReference, "Refunded");
    expect(record.accepted).toBe(true);
    expect(readCallback(receiver.received.at(-1)!)).toMatchObject({ transactionStatus: "Refunded", amount: 19.99, currency: "USD" });
  });

  it("deliver() can change signed fields, change fields after signing, or forge the signature", async () => {
    const p = purchase();
    await openPay(p);
    const ref = p.scalars.orderReference;
    await wfp.deliver(ref, "Approved", { signed: { amount: 1 } });
    expect(readCallback(receiver.received.at(-1)!).amount).toBe(1);

    await wfp.deliver(ref, "Approved", { fields: { amount: 1 } });
    const tampered = JSON.parse(receiver.received.at(-1)!.body) as WayforpayCallbackSigned & { merchantSignature: string };
    expect(verifyWayforpaySignature(wfp.secret, wayforpayCallbackString(tampered), tampered.merchantSignature)).toBe(false);

    await wfp.deliver(ref, "Approved", { signWith: "forged" });
    const forged = JSON.parse(receiver.received.at(-1)!.body) as WayforpayCallbackSigned & { merchantSignature: string };
    expect(verifyWayforpaySignature(wfp.secret, wayforpayCallbackString(forged), forged.merchantSignature)).toBe(false);

    await expect(wfp.deliver("ord_never_checked_out", "Approved")).rejects.toThrow(/no accepted purchase/);
  });

  it("an Approved order cannot be paid again; a decision is taken once", async () => {
    const p = purchase();
    const decide = await openPay(p);
    expect((await post(decide, "decision=pay")).status).toBe(200);
    expect((await post(decide, "decision=pay")).status).toBe(409);
    expect((await refused(encode(p)))[0]).toMatch(/duplicate/);
  });
});

describe("WayForPay stand-in: the callback's content type", () => {
  it("can send the JSON body with a form content type, as WayForPay sometimes does", async () => {
    wfp.callbackContentType = "application/x-www-form-urlencoded";
    try {
      const p = purchase();
      await post(await openPay(p), "decision=pay");
      const received = receiver.received.at(-1)!;
      expect(received.contentType).toBe("application/x-www-form-urlencoded");
      expect(readCallback(received).transactionStatus).toBe("Approved");
    } finally {
      wfp.callbackContentType = "application/json";
    }
  });
});
