/**
 * What the LiqPay and WayForPay stand-ins share: a server on 127.0.0.1, form bodies read as the
 * ordered name/value pairs a browser posts (names repeat for `name[]` arrays), small HTML pages
 * (the provider's checkout, its 400 page, WayForPay's auto-submitted return form) and callback
 * delivery over HTTP that records the reply instead of throwing.
 */
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** Larger checkout posts are refused (413) unread: a real form is a few kilobytes. */
export const FORM_LIMIT_BYTES = 64 * 1024;

/** How long a callback delivery waits for the receiver before recording a failure. */
const DELIVERY_TIMEOUT_MS = 15_000;

export type FormPairs = Array<[string, string]>;

/** What a callback receiver answered, or why there was no answer. */
export type CallbackReply = { status: number; contentType: string; body: string; error: null } | { status: null; contentType: null; body: null; error: string };

/** The body as text, or null when it is longer than `limit` bytes (the rest is drained, not kept). */
export async function readBody(req: IncomingMessage, limit = FORM_LIMIT_BYTES): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size <= limit) chunks.push(chunk);
  }
  return size > limit ? null : Buffer.concat(chunks).toString("utf8");
}

export function isFormContentType(contentType: string | undefined): boolean {
  return (contentType ?? "").split(";")[0].trim().toLowerCase() === "application/x-www-form-urlencoded";
}

/** Every field in the order posted, repeats kept (a browser sends one `productName[]` per product). */
export function formPairs(body: string): FormPairs {
  return [...new URLSearchParams(body)];
}

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function sendHtml(res: ServerResponse, status: number, title: string, body: string) {
  res.writeHead(status, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
  res.end(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
      `<title>${escapeHtml(title)}</title></head><body><main>${body}</main></body></html>`,
  );
}

/** The page a refused checkout post gets: what is wrong, one item per problem. */
export function sendProblems(res: ServerResponse, status: number, provider: string, problems: readonly string[]) {
  const items = problems.map((p) => `<li>${escapeHtml(p)}</li>`).join("");
  sendHtml(res, status, `${provider}: payment request refused`, `<h1>${escapeHtml(provider)}: payment request refused</h1><ul>${items}</ul>`);
}

export interface CheckoutPageView {
  provider: string;
  /** Label and value rows describing the payment. */
  details: Array<[string, string]>;
  /** Where the decision form posts. */
  action: string;
}

/**
 * The stand-in's "provider checkout": the order, plainly marked as a stand-in, and one form with
 * three submit buttons named exactly Pay, Decline and Pay later (`decision` = pay | decline | later).
 */
export function sendCheckoutPage(res: ServerResponse, view: CheckoutPageView) {
  const rows = view.details.map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`).join("");
  sendHtml(
    res,
    200,
    `${view.provider} checkout (stand-in)`,
    `<h1>${escapeHtml(view.provider)} checkout</h1>` +
      `<p>A local stand-in of the provider's payment page for tests: no card is charged.</p>` +
      `<dl>${rows}</dl>` +
      `<form method="post" action="${escapeHtml(view.action)}" aria-label="Payment decision">` +
      `<button type="submit" name="decision" value="pay">Pay</button> ` +
      `<button type="submit" name="decision" value="decline">Decline</button> ` +
      `<button type="submit" name="decision" value="later">Pay later</button>` +
      `</form>`,
  );
}

/** A page whose form posts `fields` to `action` as soon as it loads (a button does it without scripts). */
export function sendAutoPost(res: ServerResponse, title: string, action: string, fields: FormPairs) {
  const inputs = fields.map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`).join("");
  sendHtml(
    res,
    200,
    title,
    `<h1>${escapeHtml(title)}</h1><form id="return" method="post" action="${escapeHtml(action)}">${inputs}` +
      `<button type="submit">Return to the shop</button></form><script>document.getElementById("return").submit();</script>`,
  );
}

export function redirect(res: ServerResponse, location: string) {
  res.writeHead(303, { location, "cache-control": "no-store" });
  res.end();
}

/** POSTs a callback; any answer (or none) is recorded, never thrown. Redirects are not followed, as providers do not. */
export async function deliver(url: string, contentType: string, body: string): Promise<CallbackReply> {
  try {
    const res = await fetch(url, {
      method: "POST",
      headers: { "content-type": contentType },
      body,
      redirect: "manual",
      signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
    });
    return { status: res.status, contentType: res.headers.get("content-type") ?? "", body: await res.text(), error: null };
  } catch (err) {
    return { status: null, contentType: null, body: null, error: err instanceof Error ? `${err.name}: ${err.message}${causeOf(err)}` : String(err) };
  }
}

const causeOf = (err: Error) => (err.cause instanceof Error ? ` (${err.cause.message})` : "");

export const randomId = () => randomBytes(12).toString("hex");

/** A positive amount with at most two decimals, as a number or a decimal string ("490", "4.9", "490.00"). */
export function amountProblem(name: string, value: unknown): string | null {
  if (value === undefined || value === null || value === "") return `${name} is missing`;
  const text = typeof value === "number" ? String(value) : typeof value === "string" ? value : null;
  if (text === null || !/^\d+(\.\d{1,2})?$/.test(text)) return `${name} must be a positive amount with at most two decimals, got ${JSON.stringify(value)}`;
  return Number(text) > 0 ? null : `${name} must be greater than 0, got ${JSON.stringify(value)}`;
}

/** An absolute http(s) URL no longer than `max`. */
export function urlProblem(name: string, value: unknown, max: number): string | null {
  if (value === undefined || value === null || value === "") return `${name} is missing`;
  if (typeof value !== "string") return `${name} must be a string URL, got ${JSON.stringify(value)}`;
  if (value.length > max) return `${name} is longer than ${max} characters`;
  try {
    const u = new URL(value);
    return u.protocol === "http:" || u.protocol === "https:" ? null : `${name} must be an http(s) URL, got ${JSON.stringify(value)}`;
  } catch {
    return `${name} must be an absolute URL, got ${JSON.stringify(value)}`;
  }
}

/** Timers and deliveries in flight, so a test can wait until the stand-in has nothing left to send. */
export class Background {
  private readonly pending = new Set<Promise<unknown>>();
  private readonly sleepers = new Map<NodeJS.Timeout, (ran: boolean) => void>();
  private closed = false;

  /** Counts `p` as in flight until it settles (its rejection is then handled here too). */
  track<T>(p: Promise<T>): Promise<T> {
    this.pending.add(p);
    p.then(
      () => this.pending.delete(p),
      () => this.pending.delete(p),
    );
    return p;
  }

  /** True after `ms`; false when the stand-in closes first (or already has). */
  sleep(ms: number): Promise<boolean> {
    if (this.closed) return Promise.resolve(false);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.sleepers.delete(timer);
        resolve(true);
      }, ms);
      this.sleepers.set(timer, resolve);
    });
  }

  /** Runs `fn` after `ms` unless closed first, in flight from now until it settles. */
  later(ms: number, fn: () => Promise<unknown>): void {
    this.track(this.sleep(ms).then((ran) => (ran ? fn() : undefined)));
  }

  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  close(): void {
    this.closed = true;
    for (const [timer, resolve] of this.sleepers) {
      clearTimeout(timer);
      resolve(false);
    }
    this.sleepers.clear();
  }
}

export interface Listening {
  origin: string;
  close(): Promise<void>;
}

/** Serves `handle` on 127.0.0.1 (port 0: the system picks a free one, with no race); a throw becomes a 500 page. */
export async function listen(handle: (req: IncomingMessage, res: ServerResponse) => Promise<void>, port = 0): Promise<Listening> {
  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (res.headersSent) return res.destroy();
      sendProblems(res, 500, "Stand-in", [`internal error: ${err instanceof Error ? err.message : String(err)}`]);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
