/**
 * A merchant's side for testing the payment stand-ins without Mentora: `/callback` records every
 * callback (content type and raw body) and answers with whatever `reply` returns for it; `/return`
 * records the browser's return (method and body) and shows a small page.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { listen, readBody, sendHtml } from "./provider-http";

export interface ReceivedCallback {
  path: string;
  contentType: string;
  body: string;
}

export interface ReceiverReply {
  status?: number;
  contentType?: string;
  body: string;
}

export interface CallbackReceiver {
  /** The callback URL (server_url / serviceUrl). */
  url: string;
  /** Where a provider returns the browser (result_url / returnUrl): same origin, never called by the stand-ins' servers. */
  returnUrl: string;
  received: ReceivedCallback[];
  /** Browsers returned to `returnUrl`. */
  returns: Array<{ method: string; body: string }>;
  /** Replaces the answer for the next callbacks; `n` counts them from 1. */
  reply: (callback: ReceivedCallback, n: number) => ReceiverReply;
  close(): Promise<void>;
}

export async function startCallbackReceiver(reply: CallbackReceiver["reply"] = () => ({ body: "" })): Promise<CallbackReceiver> {
  async function handle(req: IncomingMessage, res: ServerResponse) {
    const body = (await readBody(req)) ?? "";
    if (new URL(req.url ?? "/", "http://receiver").pathname === "/return") {
      receiver.returns.push({ method: req.method ?? "", body });
      return sendHtml(res, 200, "Back at the shop", "<h1>Back at the shop</h1>");
    }
    const callback = { path: req.url ?? "/", contentType: req.headers["content-type"] ?? "", body };
    receiver.received.push(callback);
    const r = receiver.reply(callback, receiver.received.length);
    res.writeHead(r.status ?? 200, { "content-type": r.contentType ?? "application/json" });
    res.end(r.body);
  }
  const server = await listen(handle);
  const receiver: CallbackReceiver = {
    url: `${server.origin}/callback`,
    returnUrl: `${server.origin}/return`,
    received: [],
    returns: [],
    reply,
    close: () => server.close(),
  };
  return receiver;
}
