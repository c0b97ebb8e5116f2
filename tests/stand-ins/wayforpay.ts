/**
 * A local stand-in for WayForPay's pay page (../shared/reference/providers.md, docs/decisions/0031):
 *
 *   POST /pay                   the browser's purchase form (application/x-www-form-urlencoded):
 *                               merchantAccount, merchantDomainName, merchantTransactionSecureType=AUTO,
 *                               merchantSignature, orderReference, orderDate (unix seconds), amount,
 *                               currency (UAH|USD|EUR), productName[], productPrice[], productCount[]
 *                               (each product one `name[]` field: `productName` or `productName[0]` is
 *                               refused), serviceUrl, returnUrl, optional language. merchantSignature is
 *                               checked with the secret over the fields exactly as posted; the products
 *                               must add up to amount. A bad form gets a 400 page listing every problem;
 *                               a good one a 303 to the pay page.
 *   GET  /pay/{id}              the pay page: Pay, Decline, Pay later.
 *   POST /pay/{id}/decide       `decision` = pay | decline | later: delivers a signed JSON callback to
 *                               serviceUrl (transactionStatus Approved, Declined, or InProcessing followed
 *                               after `pendingDelayMs` by Approved), then answers the browser with a form
 *                               that posts the outcome to returnUrl as soon as it loads, as WayForPay does.
 *
 * The callback's reply must be the signed accept JSON (`{orderReference, status: "accept", time,
 * signature}`); until it is, the stand-in redelivers, `maxAttempts` times in all, `redeliverAfterMs`
 * apart. Every attempt is recorded with whether its reply was accepted and why not.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import {
  type WayforpayCallbackSigned,
  wayforpayCallbackString,
  wayforpayPurchaseString,
  wayforpaySignature,
  verifyWayforpaySignature,
} from "../../src/server/platform/payments/wayforpay-signature";
import {
  amountProblem,
  Background,
  type CallbackReply,
  deliver,
  type FormPairs,
  formPairs,
  isFormContentType,
  listen,
  randomId,
  readBody,
  redirect,
  sendAutoPost,
  sendCheckoutPage,
  sendProblems,
  urlProblem,
} from "./provider-http";

export const WAYFORPAY_CURRENCIES = ["UAH", "USD", "EUR"] as const;
/** The pay page's languages per WayForPay's Purchase documentation (AUTO picks the browser's); the code is compared upper-cased. */
export const WAYFORPAY_LANGUAGES = ["AUTO", "UA", "RU", "EN", "DE", "ES", "IT", "PL", "FR", "RO", "LV", "SK", "CS"] as const;
const PRODUCT_FIELDS = ["productName", "productPrice", "productCount"] as const;
const REQUIRED = [
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
] as const;

/** A purchase as posted: every value the string WayForPay signed, plus where to call back and return. */
export interface WayforpayPurchase {
  merchantAccount: string;
  merchantDomainName: string;
  orderReference: string;
  orderDate: string;
  amount: string;
  currency: string;
  productName: string[];
  productPrice: string[];
  productCount: string[];
  serviceUrl: string;
  returnUrl: string;
  language: string | null;
  merchantSignature: string;
}

export interface WayforpayPayForm {
  at: string;
  contentType: string;
  fields: FormPairs;
  ok: boolean;
  /** Empty when accepted; otherwise each thing that is wrong, as the 400 page lists it. */
  problems: string[];
  purchase: WayforpayPurchase | null;
  orderReference: string | null;
}

export interface WayforpayAttempt {
  at: string;
  reply: CallbackReply;
  /** The reply was the signed accept JSON for this order. */
  accepted: boolean;
  /** Why it was not. */
  problem: string | null;
}

export interface WayforpayCallback {
  orderReference: string;
  url: string;
  transactionStatus: string;
  /** The JSON object posted (the same on every attempt). */
  body: Record<string, unknown>;
  attempts: WayforpayAttempt[];
  /** Some attempt got the accept reply (then no more are made). */
  accepted: boolean;
}

export interface WayforpayDeliverOptions {
  /** Fields to change or add after signing (e.g. a different amount for a mismatch test). */
  fields?: Record<string, unknown>;
  /** Values of the signed fields, changed before signing. */
  signed?: Partial<WayforpayCallbackSigned>;
  /** Sign with this secret instead of the merchant's (a forged callback). */
  signWith?: string;
  /** Deliver to this URL instead of the order's serviceUrl. */
  url?: string;
}

export interface WayforpayStandIn {
  origin: string;
  /** WAYFORPAY_PAY_URL for the app under test. */
  checkoutUrl: string;
  merchantAccount: string;
  secret: string;
  /** When set, merchantDomainName must equal it. */
  merchantDomainName: string | null;
  /** The app's WayForPay settings pointing at this stand-in. */
  env: { WAYFORPAY_MERCHANT_ACCOUNT: string; WAYFORPAY_SECRET: string; WAYFORPAY_PAY_URL: string } & { WAYFORPAY_DOMAIN?: string };
  /** How long "Pay later" stays InProcessing before its Approved callback. */
  pendingDelayMs: number;
  /** Deliveries of one callback in all, the first included, until one is accepted. */
  maxAttempts: number;
  redeliverAfterMs: number;
  /** The content type the callback's JSON body is sent with (WayForPay sometimes sends a form type). */
  callbackContentType: string;
  forms: WayforpayPayForm[];
  callbacks: WayforpayCallback[];
  /** The last accepted purchase of an order. */
  purchaseOf(orderReference: string): WayforpayPurchase | null;
  /** Signs and delivers a callback (redelivered until accepted); resolves after the last attempt. */
  deliver(orderReference: string, transactionStatus: string, opts?: WayforpayDeliverOptions): Promise<WayforpayCallback>;
  /** Resolves when no callback or redelivery is scheduled or in flight. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

export interface WayforpayStandInOptions {
  /** Default: WayForPay's public test merchant. */
  merchantAccount?: string;
  secret?: string;
  merchantDomainName?: string;
  pendingDelayMs?: number;
  maxAttempts?: number;
  redeliverAfterMs?: number;
  callbackContentType?: string;
  port?: number;
}

interface Session {
  id: string;
  purchase: WayforpayPurchase;
  decided: boolean;
}

const OUTCOMES: Record<string, { reason: string; reasonCode: number }> = {
  Approved: { reason: "Ok", reasonCode: 1100 },
  InProcessing: { reason: "Ok", reasonCode: 1100 },
  Pending: { reason: "Ok", reasonCode: 1100 },
  Declined: { reason: "Declined To Card Issuer", reasonCode: 1101 },
  Expired: { reason: "Transaction expired", reasonCode: 1130 },
  Refunded: { reason: "Ok", reasonCode: 1100 },
  Voided: { reason: "Ok", reasonCode: 1100 },
};

const cents = (s: string) => Math.round(Number(s) * 100);

/** What a purchase post must carry and what WayForPay checks in it; an empty list means accepted. */
function checkForm(
  contentType: string,
  pairs: FormPairs,
  merchantAccount: string,
  secret: string,
  domain: string | null,
): { problems: string[]; purchase: WayforpayPurchase | null } {
  const problems: string[] = [];
  if (!isFormContentType(contentType)) problems.push(`the form must be posted as application/x-www-form-urlencoded, got ${JSON.stringify(contentType)}`);

  const scalars = new Map<string, string[]>();
  const lists: Record<string, string[]> = { productName: [], productPrice: [], productCount: [] };
  const misposted = new Set<string>();
  for (const [name, value] of pairs) {
    const bracket = /^([^[\]]+)\[(.*)\]$/.exec(name);
    const base = bracket ? bracket[1] : name;
    if ((PRODUCT_FIELDS as readonly string[]).includes(base)) {
      if (bracket && bracket[2] === "") lists[base].push(value);
      else if (!misposted.has(name)) {
        misposted.add(name);
        problems.push(`${base} must be posted as ${base}[] (one field per product), got ${JSON.stringify(name)}`);
      }
      continue;
    }
    scalars.set(name, [...(scalars.get(name) ?? []), value]);
  }
  const get = (name: string) => scalars.get(name)?.[0] ?? "";
  for (const name of REQUIRED) {
    const values = scalars.get(name) ?? [];
    if (values.length === 0 || values[0] === "") problems.push(`${name} is missing`);
    else if (values.length > 1) problems.push(`${name} is posted ${values.length} times`);
  }
  if ((scalars.get("language") ?? []).length > 1) problems.push("language is posted more than once");
  for (const f of PRODUCT_FIELDS) {
    if (lists[f].length === 0 && ![...misposted].some((n) => n.startsWith(f))) problems.push(`${f}[] is missing`);
  }

  const has = (name: string) => (scalars.get(name) ?? []).length === 1 && get(name) !== "";
  if (has("merchantAccount") && get("merchantAccount") !== merchantAccount)
    problems.push(`merchantAccount ${JSON.stringify(get("merchantAccount"))} is not this merchant`);
  if (has("merchantDomainName") && domain !== null && get("merchantDomainName") !== domain)
    problems.push(`merchantDomainName ${JSON.stringify(get("merchantDomainName"))} is not the merchant's domain ${JSON.stringify(domain)}`);
  if (has("merchantTransactionSecureType") && get("merchantTransactionSecureType") !== "AUTO")
    problems.push(`merchantTransactionSecureType must be AUTO, got ${JSON.stringify(get("merchantTransactionSecureType"))}`);
  if (has("orderReference") && get("orderReference").length > 255) problems.push("orderReference is longer than 255 characters");
  if (has("orderDate")) {
    const d = get("orderDate");
    if (!/^\d{1,10}$/.test(d) || Number(d) <= 0) problems.push(`orderDate must be unix time in seconds, got ${JSON.stringify(d)}`);
  }
  if (has("amount")) {
    const p = amountProblem("amount", get("amount"));
    if (p) problems.push(p);
  }
  if (has("currency") && !(WAYFORPAY_CURRENCIES as readonly string[]).includes(get("currency")))
    problems.push(`currency must be one of ${WAYFORPAY_CURRENCIES.join(", ")}, got ${JSON.stringify(get("currency"))}`);
  for (const name of ["serviceUrl", "returnUrl"]) {
    const p = has(name) ? urlProblem(name, get(name), 2048) : null;
    if (p) problems.push(p);
  }
  if (has("language") && !(WAYFORPAY_LANGUAGES as readonly string[]).includes(get("language").toUpperCase()))
    problems.push(`language must be one of ${WAYFORPAY_LANGUAGES.join(", ")}, got ${JSON.stringify(get("language"))}`);

  const { productName, productPrice, productCount } = lists;
  if (misposted.size === 0 && productName.length > 0) {
    if (productPrice.length !== productName.length || productCount.length !== productName.length)
      problems.push(
        `productName[], productPrice[] and productCount[] must have one entry per product, got ${productName.length}, ${productPrice.length}, ${productCount.length}`,
      );
    productName.forEach((n, i) => n === "" && problems.push(`productName[] #${i + 1} is empty`));
    productPrice.forEach((p, i) => {
      const problem = amountProblem(`productPrice[] #${i + 1}`, p);
      if (problem) problems.push(problem);
    });
    productCount.forEach(
      (c, i) => !/^[1-9]\d*$/.test(c) && problems.push(`productCount[] #${i + 1} must be a positive whole number, got ${JSON.stringify(c)}`),
    );
    const priced =
      productPrice.length === productCount.length && productPrice.every((p) => !amountProblem("", p)) && productCount.every((c) => /^\d+$/.test(c));
    if (priced && has("amount") && !amountProblem("amount", get("amount"))) {
      const total = productPrice.reduce((sum, p, i) => sum + cents(p) * Number(productCount[i]), 0);
      if (total !== cents(get("amount")))
        problems.push(`amount ${get("amount")} is not the sum of productPrice[] x productCount[] (${(total / 100).toFixed(2)})`);
    }
  }

  const signedPresent = ["merchantAccount", "merchantDomainName", "orderReference", "orderDate", "amount", "currency", "merchantSignature"].every(has);
  if (signedPresent && misposted.size === 0) {
    const signed = wayforpayPurchaseString({
      merchantAccount: get("merchantAccount"),
      merchantDomainName: get("merchantDomainName"),
      orderReference: get("orderReference"),
      orderDate: Number(get("orderDate")),
      amount: get("amount"),
      currency: get("currency"),
      productName,
      productCount,
      productPrice,
    });
    if (!verifyWayforpaySignature(secret, signed, get("merchantSignature")))
      problems.push(`merchantSignature does not match hex HMAC-MD5 with the merchant's secret over ${JSON.stringify(signed)}`);
  }

  if (problems.length > 0) return { problems, purchase: null };
  return {
    problems,
    purchase: {
      merchantAccount: get("merchantAccount"),
      merchantDomainName: get("merchantDomainName"),
      orderReference: get("orderReference"),
      orderDate: get("orderDate"),
      amount: get("amount"),
      currency: get("currency"),
      productName,
      productPrice,
      productCount,
      serviceUrl: get("serviceUrl"),
      returnUrl: get("returnUrl"),
      language: has("language") ? get("language") : null,
      merchantSignature: get("merchantSignature"),
    },
  };
}

/** Why a serviceUrl reply is not WayForPay's required accept, or null when it is. */
function replyProblem(reply: CallbackReply, orderReference: string, secret: string): string | null {
  if (reply.error !== null) return `no reply: ${reply.error}`;
  if (reply.status < 200 || reply.status > 299) return `status ${reply.status}`;
  let json: unknown;
  try {
    json = JSON.parse(reply.body);
  } catch {
    return `the reply is not JSON: ${JSON.stringify(reply.body.slice(0, 200))}`;
  }
  if (!json || typeof json !== "object" || Array.isArray(json)) return "the reply is not a JSON object";
  const r = json as Record<string, unknown>;
  if (r.orderReference !== orderReference) return `orderReference ${JSON.stringify(r.orderReference)} is not ${JSON.stringify(orderReference)}`;
  if (r.status !== "accept") return `status ${JSON.stringify(r.status)} is not "accept"`;
  if (typeof r.time !== "number" || !Number.isInteger(r.time)) return `time ${JSON.stringify(r.time)} is not unix seconds`;
  if (!verifyWayforpaySignature(secret, `${orderReference};accept;${r.time}`, r.signature))
    return `signature does not match HMAC-MD5 over "${orderReference};accept;${r.time}"`;
  return null;
}

export async function startWayforpayStandIn(opts: WayforpayStandInOptions = {}): Promise<WayforpayStandIn> {
  const merchantAccount = opts.merchantAccount ?? "test_merch_n1";
  const secret = opts.secret ?? "flk3409refn54t54t*FNJRET";
  const domain = opts.merchantDomainName ?? null;
  const sessions = new Map<string, Session>();
  const approvedOrders = new Set<string>();
  const background = new Background();
  let authCode = 540_000;

  function callbackBody(purchase: WayforpayPurchase, transactionStatus: string, o: WayforpayDeliverOptions): Record<string, unknown> {
    const outcome = OUTCOMES[transactionStatus] ?? { reason: "Ok", reasonCode: 1100 };
    const now = Math.floor(Date.now() / 1000);
    const signed: WayforpayCallbackSigned = {
      merchantAccount,
      orderReference: purchase.orderReference,
      amount: Number(purchase.amount),
      currency: purchase.currency,
      authCode: transactionStatus === "Declined" || transactionStatus === "Expired" ? "" : String(++authCode),
      cardPan: "41****8217",
      transactionStatus,
      reasonCode: outcome.reasonCode,
      ...o.signed,
    };
    return {
      ...signed,
      merchantSignature: wayforpaySignature(o.signWith ?? secret, wayforpayCallbackString(signed)),
      email: "buyer@example.com",
      phone: "380501234567",
      createdDate: Number(purchase.orderDate) || now,
      processingDate: now,
      cardType: "Visa",
      issuerBankCountry: "Ukraine",
      issuerBankName: "Stand-in Bank",
      recToken: "",
      reason: outcome.reason,
      fee: Math.round(Number(purchase.amount) * 2) / 100,
      paymentSystem: "card",
      ...o.fields,
    };
  }

  /** The first attempt, and (in the background) redeliveries until accepted or out of attempts. */
  function send(
    orderReference: string,
    transactionStatus: string,
    o: WayforpayDeliverOptions = {},
  ): { first: Promise<WayforpayCallback>; all: Promise<WayforpayCallback> } {
    const purchase = state.purchaseOf(orderReference);
    if (!purchase) throw new Error(`WayForPay stand-in: no accepted purchase for order ${orderReference}`);
    const body = callbackBody(purchase, transactionStatus, o);
    if (transactionStatus === "Approved") approvedOrders.add(orderReference);
    const record: WayforpayCallback = { orderReference, url: o.url ?? purchase.serviceUrl, transactionStatus, body, attempts: [], accepted: false };
    state.callbacks.push(record);
    const raw = JSON.stringify(body);
    const attempt = async () => {
      const reply = await deliver(record.url, state.callbackContentType, raw);
      const problem = replyProblem(reply, orderReference, secret);
      record.attempts.push({ at: new Date().toISOString(), reply, accepted: problem === null, problem });
      record.accepted ||= problem === null;
      return record;
    };
    const first = background.track(attempt());
    const all = background.track(
      first.then(async () => {
        while (!record.accepted && record.attempts.length < state.maxAttempts) {
          if (!(await background.sleep(state.redeliverAfterMs))) break;
          await attempt();
        }
        return record;
      }),
    );
    return { first, all };
  }

  async function pay(req: IncomingMessage, res: ServerResponse) {
    const contentType = req.headers["content-type"] ?? "";
    const body = await readBody(req);
    const at = new Date().toISOString();
    if (body === null) {
      state.forms.push({ at, contentType, fields: [], ok: false, problems: ["the form is too large"], purchase: null, orderReference: null });
      return sendProblems(res, 413, "WayForPay", ["the form is too large"]);
    }
    const fields = formPairs(body);
    const { problems, purchase } = checkForm(contentType, fields, merchantAccount, secret, domain);
    const orderReference = purchase?.orderReference ?? (fields.find(([k]) => k === "orderReference")?.[1] || null);
    if (purchase && approvedOrders.has(purchase.orderReference))
      problems.push(`orderReference ${JSON.stringify(purchase.orderReference)} is a duplicate: it is already paid`);
    state.forms.push({ at, contentType, fields, ok: problems.length === 0, problems, purchase: problems.length === 0 ? purchase : null, orderReference });
    if (problems.length > 0 || !purchase) return sendProblems(res, 400, "WayForPay", problems);
    const session: Session = { id: randomId(), purchase, decided: false };
    sessions.set(session.id, session);
    redirect(res, `/pay/${session.id}`);
  }

  function page(session: Session, res: ServerResponse) {
    const p = session.purchase;
    sendCheckoutPage(res, {
      provider: "WayForPay",
      details: [
        ...p.productName.map((name, i): [string, string] => [`Product ${i + 1}`, `${name}: ${p.productCount[i]} x ${p.productPrice[i]} ${p.currency}`]),
        ["Amount", `${Number(p.amount).toFixed(2)} ${p.currency}`],
        ["Order", p.orderReference],
      ],
      action: `/pay/${session.id}/decide`,
    });
  }

  async function decide(session: Session, req: IncomingMessage, res: ServerResponse) {
    const body = await readBody(req);
    const decision = body === null ? null : new URLSearchParams(body).get("decision");
    if (decision !== "pay" && decision !== "decline" && decision !== "later")
      return sendProblems(res, 400, "WayForPay", ["decision must be pay, decline or later"]);
    if (session.decided) return sendProblems(res, 409, "WayForPay", ["this payment was already decided"]);
    session.decided = true;
    const ref = session.purchase.orderReference;
    const status = decision === "pay" ? "Approved" : decision === "decline" ? "Declined" : "InProcessing";
    const sent = await send(ref, status).first;
    if (decision === "later") background.later(state.pendingDelayMs, () => send(ref, "Approved").all);
    const returned = Object.entries(sent.body).map(([k, v]): [string, string] => [k, String(v)]);
    sendAutoPost(res, "Returning to the shop", session.purchase.returnUrl, returned);
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const path = new URL(req.url ?? "/", "http://stand-in").pathname;
    if (path === "/pay") {
      if (req.method !== "POST") return sendProblems(res, 405, "WayForPay", ["the pay page takes a POST of the purchase form"]);
      return pay(req, res);
    }
    const m = /^\/pay\/([0-9a-f]+)(\/decide)?$/.exec(path);
    const session = m ? sessions.get(m[1]) : undefined;
    if (!m || !session) return sendProblems(res, 404, "WayForPay", [`no such page: ${path}`]);
    if (!m[2] && req.method === "GET") return page(session, res);
    if (m[2] && req.method === "POST") return decide(session, req, res);
    return sendProblems(res, 405, "WayForPay", [`${req.method} is not allowed here`]);
  }

  const server = await listen(handle, opts.port);
  const checkoutUrl = `${server.origin}/pay`;
  const state: WayforpayStandIn = {
    origin: server.origin,
    checkoutUrl,
    merchantAccount,
    secret,
    merchantDomainName: domain,
    env: {
      WAYFORPAY_MERCHANT_ACCOUNT: merchantAccount,
      WAYFORPAY_SECRET: secret,
      WAYFORPAY_PAY_URL: checkoutUrl,
      ...(domain ? { WAYFORPAY_DOMAIN: domain } : {}),
    },
    pendingDelayMs: opts.pendingDelayMs ?? 3_000,
    maxAttempts: opts.maxAttempts ?? 4,
    redeliverAfterMs: opts.redeliverAfterMs ?? 200,
    callbackContentType: opts.callbackContentType ?? "application/json",
    forms: [],
    callbacks: [],
    purchaseOf: (ref) => state.forms.findLast((f) => f.ok && f.orderReference === ref)?.purchase ?? null,
    deliver: async (ref, status, o) => send(ref, status, o).all,
    idle: () => background.idle(),
    close: async () => {
      background.close();
      await server.close();
    },
  };
  return state;
}
