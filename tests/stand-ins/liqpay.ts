/**
 * A local stand-in for LiqPay's checkout (../shared/reference/providers.md, docs/decisions/0031):
 *
 *   POST /api/3/checkout            the browser's form (application/x-www-form-urlencoded: `data`,
 *                                   `signature`). The signature is checked over `data` as posted with
 *                                   the private key, then `data` is decoded and its parameters checked
 *                                   (version 3, public_key, action pay, amount, currency UAH|USD|EUR,
 *                                   description, order_id <= 255, result_url, server_url, optional
 *                                   language uk|en, optional sandbox). A bad form gets a 400 page listing
 *                                   every problem; a good one a 303 to the checkout page.
 *   GET  /api/3/checkout/{id}       the checkout page: Pay, Decline, Pay later.
 *   POST /api/3/checkout/{id}/decide  `decision` = pay | decline | later: delivers a signed callback
 *                                   (form `data` + `signature`) to server_url — status success (sandbox
 *                                   when the request asked for sandbox), failure, or processing followed
 *                                   after `pendingDelayMs` by success — then 303s the browser to result_url.
 *
 * Everything is recorded for assertions: `forms` (accepted or not, with the problems), `callbacks`
 * (what was sent and what the receiver answered). `deliver()` sends any status (e.g. reversed) for an
 * order that came through the checkout. Nothing here imports Mentora's server: only the signing functions.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { decodeLiqpayData, liqpayData, liqpaySignature, verifyLiqpaySignature } from "../../src/server/platform/payments/liqpay-signature";
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
  sendCheckoutPage,
  sendProblems,
  urlProblem,
} from "./provider-http";

export const LIQPAY_CURRENCIES = ["UAH", "USD", "EUR"] as const;
export const LIQPAY_LANGUAGES = ["uk", "en"] as const;
const CHECKOUT_PATH = "/api/3/checkout";

/** One POST to the checkout, as received and as judged. */
export interface LiqpayCheckoutForm {
  at: string;
  contentType: string;
  fields: FormPairs;
  ok: boolean;
  /** Empty when accepted; otherwise each thing that is wrong, as the 400 page lists it. */
  problems: string[];
  /** The decoded parameters, when the signature held and `data` decoded. */
  params: Record<string, unknown> | null;
  orderId: string | null;
}

/** One server callback: the parameters, the form that carried them, and the receiver's answer. */
export interface LiqpayCallback {
  orderId: string;
  url: string;
  status: string;
  params: Record<string, unknown>;
  data: string;
  signature: string;
  reply: CallbackReply;
}

export interface LiqpayDeliverOptions {
  /** Parameters to change or add (e.g. a different amount for a mismatch test). */
  params?: Record<string, unknown>;
  /** Sign with this key instead of the configured private key (a forged callback). */
  signWith?: string;
  /** Deliver to this URL instead of the order's server_url. */
  url?: string;
}

export interface LiqpayStandIn {
  origin: string;
  /** LIQPAY_CHECKOUT_URL for the app under test. */
  checkoutUrl: string;
  publicKey: string;
  privateKey: string;
  /** The app's LiqPay settings pointing at this stand-in. */
  env: { LIQPAY_PUBLIC_KEY: string; LIQPAY_PRIVATE_KEY: string; LIQPAY_CHECKOUT_URL: string };
  /** How long "Pay later" stays processing before its success callback (changeable between tests). */
  pendingDelayMs: number;
  forms: LiqpayCheckoutForm[];
  callbacks: LiqpayCallback[];
  /** The last accepted checkout parameters of an order. */
  checkoutOf(orderId: string): Record<string, unknown> | null;
  /** Signs and delivers a callback with `status` for an order that came through the checkout; resolves when answered. */
  deliver(orderId: string, status: string, opts?: LiqpayDeliverOptions): Promise<LiqpayCallback>;
  /** Resolves when no callback is scheduled or in flight (a "Pay later" success included). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

interface Session {
  id: string;
  params: Record<string, unknown>;
  decided: boolean;
}

export interface LiqpayStandInOptions {
  publicKey?: string;
  privateKey?: string;
  pendingDelayMs?: number;
  port?: number;
}

/** What a checkout post must carry and what LiqPay checks in it; an empty list means accepted. */
function checkForm(
  contentType: string,
  pairs: FormPairs,
  publicKey: string,
  privateKey: string,
): { problems: string[]; params: Record<string, unknown> | null } {
  const problems: string[] = [];
  if (!isFormContentType(contentType)) problems.push(`the form must be posted as application/x-www-form-urlencoded, got ${JSON.stringify(contentType)}`);
  const one = (name: string) => {
    const values = pairs.filter(([k]) => k === name).map(([, v]) => v);
    if (values.length === 0 || values[0] === "") problems.push(`${name} is missing`);
    else if (values.length > 1) problems.push(`${name} is posted ${values.length} times`);
    return values.length === 1 && values[0] !== "" ? values[0] : null;
  };
  const data = one("data");
  const signature = one("signature");
  if (data === null || signature === null) return { problems, params: null };

  if (!verifyLiqpaySignature(privateKey, data, signature)) {
    const decoded = decodeLiqpayData(data);
    if (decoded && signature === liqpaySignature(privateKey, JSON.stringify(decoded)))
      problems.push("signature was computed over the decoded JSON; LiqPay signs the base64 data string as posted");
    else if (/^[0-9a-f]{40}$/i.test(signature))
      problems.push("signature is hex; LiqPay wants base64 of the raw SHA-1 digest of private_key + data + private_key");
    else problems.push("signature does not match base64(sha1(private_key + data + private_key)) with this merchant's private key");
    return { problems, params: null };
  }
  const params = decodeLiqpayData(data);
  if (!params) {
    problems.push("data is not base64 of a JSON object");
    return { problems, params: null };
  }

  const p = params;
  const problem = (msg: string | null) => msg && problems.push(msg);
  if (p.version === undefined) problem("version is missing");
  else if (!((typeof p.version === "number" || typeof p.version === "string") && Number(p.version) === 3))
    problem(`version must be 3, got ${JSON.stringify(p.version)}`);
  if (p.public_key === undefined) problem("public_key is missing");
  else if (p.public_key !== publicKey) problem(`public_key ${JSON.stringify(p.public_key)} is not this merchant's public key`);
  if (p.action === undefined) problem("action is missing");
  else if (p.action !== "pay") problem(`action must be "pay", got ${JSON.stringify(p.action)}`);
  problem(amountProblem("amount", p.amount));
  if (p.currency === undefined) problem("currency is missing");
  else if (!(LIQPAY_CURRENCIES as readonly unknown[]).includes(p.currency))
    problem(`currency must be one of ${LIQPAY_CURRENCIES.join(", ")}, got ${JSON.stringify(p.currency)}`);
  if (p.description === undefined || p.description === "") problem("description is missing");
  else if (typeof p.description !== "string") problem(`description must be a string, got ${JSON.stringify(p.description)}`);
  if (p.order_id === undefined || p.order_id === "") problem("order_id is missing");
  else if (typeof p.order_id !== "string") problem(`order_id must be a string, got ${JSON.stringify(p.order_id)}`);
  else if (p.order_id.length > 255) problem(`order_id is ${p.order_id.length} characters; at most 255`);
  problem(urlProblem("result_url", p.result_url, 510));
  problem(urlProblem("server_url", p.server_url, 510));
  if (p.language !== undefined && !(LIQPAY_LANGUAGES as readonly unknown[]).includes(p.language))
    problem(`language must be one of ${LIQPAY_LANGUAGES.join(", ")}, got ${JSON.stringify(p.language)}`);
  if (p.sandbox !== undefined && !["0", "1", 0, 1].includes(p.sandbox as string | number)) problem(`sandbox must be 1 or 0, got ${JSON.stringify(p.sandbox)}`);
  return { problems, params };
}

const isSandbox = (params: Record<string, unknown>) => String(params.sandbox) === "1";

export async function startLiqpayStandIn(opts: LiqpayStandInOptions = {}): Promise<LiqpayStandIn> {
  const publicKey = opts.publicKey ?? "sandbox_i00000000";
  const privateKey = opts.privateKey ?? "sandbox_stand-in-liqpay-private-key";
  const sessions = new Map<string, Session>();
  const paidOrders = new Set<string>();
  const background = new Background();
  let paymentId = 2_400_000_000;

  function callbackParams(checkout: Record<string, unknown>, status: string): Record<string, unknown> {
    const amount = Number(checkout.amount);
    const id = ++paymentId;
    const now = Date.now();
    const commission = Math.round(amount * 1.5) / 100;
    return {
      payment_id: id,
      action: checkout.action,
      status,
      version: 3,
      type: "buy",
      paytype: "card",
      public_key: publicKey,
      acq_id: 414963,
      order_id: checkout.order_id,
      liqpay_order_id: `STANDIN${id}`,
      description: checkout.description,
      sender_card_mask2: "424242*42",
      sender_card_bank: "Stand-in Bank",
      sender_card_type: "visa",
      sender_card_country: 804,
      ip: "127.0.0.1",
      amount,
      currency: checkout.currency,
      sender_commission: 0,
      receiver_commission: commission,
      agent_commission: 0,
      amount_debit: amount,
      amount_credit: amount,
      commission_debit: 0,
      commission_credit: commission,
      currency_debit: checkout.currency,
      currency_credit: checkout.currency,
      sender_bonus: 0,
      amount_bonus: 0,
      mpi_eci: "7",
      is_3ds: false,
      language: checkout.language ?? "uk",
      create_date: now,
      end_date: now,
      transaction_id: id,
      ...(status === "failure" ? { err_code: "limit", err_description: "Card limit exceeded (stand-in decline)" } : {}),
    };
  }

  async function send(orderId: string, status: string, o: LiqpayDeliverOptions = {}): Promise<LiqpayCallback> {
    const checkout = state.checkoutOf(orderId);
    if (!checkout) throw new Error(`LiqPay stand-in: no accepted checkout for order ${orderId}`);
    const params = { ...callbackParams(checkout, status), ...o.params };
    const data = liqpayData(params as Record<string, string | number>);
    const signature = liqpaySignature(o.signWith ?? privateKey, data);
    const url = o.url ?? String(checkout.server_url);
    if (status === "success" || status === "sandbox") paidOrders.add(orderId);
    const record: LiqpayCallback = {
      orderId,
      url,
      status,
      params,
      data,
      signature,
      reply: { status: null, contentType: null, body: null, error: "not delivered yet" },
    };
    state.callbacks.push(record);
    record.reply = await deliver(url, "application/x-www-form-urlencoded", new URLSearchParams({ data, signature }).toString());
    return record;
  }

  async function checkout(req: IncomingMessage, res: ServerResponse) {
    const contentType = req.headers["content-type"] ?? "";
    const body = await readBody(req);
    const at = new Date().toISOString();
    if (body === null) {
      state.forms.push({ at, contentType, fields: [], ok: false, problems: ["the form is too large"], params: null, orderId: null });
      return sendProblems(res, 413, "LiqPay", ["the form is too large"]);
    }
    const fields = formPairs(body);
    const { problems, params } = checkForm(contentType, fields, publicKey, privateKey);
    const orderId = typeof params?.order_id === "string" ? params.order_id : null;
    if (orderId && paidOrders.has(orderId)) problems.push(`order_id ${JSON.stringify(orderId)} is already paid; LiqPay refuses to take it again`);
    state.forms.push({ at, contentType, fields, ok: problems.length === 0, problems, params, orderId });
    if (problems.length > 0 || !params) return sendProblems(res, 400, "LiqPay", problems);
    const session: Session = { id: randomId(), params, decided: false };
    sessions.set(session.id, session);
    redirect(res, `${CHECKOUT_PATH}/${session.id}`);
  }

  function page(session: Session, res: ServerResponse) {
    const p = session.params;
    sendCheckoutPage(res, {
      provider: isSandbox(p) ? "LiqPay (sandbox)" : "LiqPay",
      details: [
        ["Description", String(p.description)],
        ["Amount", `${Number(p.amount).toFixed(2)} ${String(p.currency)}`],
        ["Order", String(p.order_id)],
      ],
      action: `${CHECKOUT_PATH}/${session.id}/decide`,
    });
  }

  async function decide(session: Session, req: IncomingMessage, res: ServerResponse) {
    const body = await readBody(req);
    const decision = body === null ? null : new URLSearchParams(body).get("decision");
    if (decision !== "pay" && decision !== "decline" && decision !== "later")
      return sendProblems(res, 400, "LiqPay", ["decision must be pay, decline or later"]);
    if (session.decided) return sendProblems(res, 409, "LiqPay", ["this payment was already decided"]);
    session.decided = true;
    const orderId = String(session.params.order_id);
    const paid = isSandbox(session.params) ? "sandbox" : "success";
    if (decision === "later") {
      await background.track(send(orderId, "processing"));
      background.later(state.pendingDelayMs, () => send(orderId, paid));
    } else {
      await background.track(send(orderId, decision === "pay" ? paid : "failure"));
    }
    redirect(res, String(session.params.result_url));
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const path = new URL(req.url ?? "/", "http://stand-in").pathname;
    if (path === CHECKOUT_PATH) {
      if (req.method !== "POST") return sendProblems(res, 405, "LiqPay", ["the checkout takes a POST of data and signature"]);
      return checkout(req, res);
    }
    const m = /^\/api\/3\/checkout\/([0-9a-f]+)(\/decide)?$/.exec(path);
    const session = m ? sessions.get(m[1]) : undefined;
    if (!m || !session) return sendProblems(res, 404, "LiqPay", [`no such page: ${path}`]);
    if (!m[2] && req.method === "GET") return page(session, res);
    if (m[2] && req.method === "POST") return decide(session, req, res);
    return sendProblems(res, 405, "LiqPay", [`${req.method} is not allowed here`]);
  }

  const server = await listen(handle, opts.port);
  const checkoutUrl = `${server.origin}${CHECKOUT_PATH}`;
  const state: LiqpayStandIn = {
    origin: server.origin,
    checkoutUrl,
    publicKey,
    privateKey,
    env: { LIQPAY_PUBLIC_KEY: publicKey, LIQPAY_PRIVATE_KEY: privateKey, LIQPAY_CHECKOUT_URL: checkoutUrl },
    pendingDelayMs: opts.pendingDelayMs ?? 3_000,
    forms: [],
    callbacks: [],
    checkoutOf: (orderId) => state.forms.findLast((f) => f.ok && f.orderId === orderId)?.params ?? null,
    deliver: (orderId, status, o) => background.track(send(orderId, status, o)),
    idle: () => background.idle(),
    close: async () => {
      background.close();
      await server.close();
    },
  };
  return state;
}
