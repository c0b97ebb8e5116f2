/**
 * A `ws` client of the realtime socket (docs/decisions/0032) for tests against a listening server:
 *
 *   const socket = await openRealtime(base, { authorization: `Bearer ${token}` });
 *   socket.send({ type: "subscribe", topic: `order:${id}` });
 *   expect(await socket.next()).toEqual({ type: "subscribed", topic: `order:${id}` });
 *
 * Frames are queued as they arrive; `next()` takes the oldest (waiting for one if none), so no frame
 * is missed between two awaits. `refusal()` is for an upgrade the server answers with HTTP instead.
 */
import WebSocket, { type ClientOptions } from "ws";
import { REALTIME_PATH, type TRealtimeServerMessage } from "../../src/domain/realtime";

export interface RealtimeSocket {
  ws: WebSocket;
  send(message: unknown): void;
  /** The next frame from the server, parsed. Rejects if the socket closes first. */
  next(): Promise<TRealtimeServerMessage>;
  /** Resolves with the close code and reason once the socket is closed. */
  closed: Promise<{ code: number; reason: string }>;
  close(): Promise<void>;
}

const wsUrl = (base: string) => base.replace(/^http/, "ws") + REALTIME_PATH;

export async function openRealtime(base: string, headers: Record<string, string> = {}, options: ClientOptions = {}): Promise<RealtimeSocket> {
  const ws = new WebSocket(wsUrl(base), { headers, ...options });
  const frames: TRealtimeServerMessage[] = [];
  const waiting: Array<{ resolve: (m: TRealtimeServerMessage) => void; reject: (e: Error) => void }> = [];
  let ended = false;
  ws.on("message", (data) => {
    const message = JSON.parse(String(data)) as TRealtimeServerMessage;
    const waiter = waiting.shift();
    if (waiter) waiter.resolve(message);
    else frames.push(message);
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on("close", (code, reason) => {
      ended = true;
      for (const w of waiting.splice(0)) w.reject(new Error(`socket closed (${code}) before the next frame`));
      resolve({ code, reason: String(reason) });
    }),
  );
  await new Promise<void>((resolve, reject) => {
    ws.once("open", () => resolve());
    ws.once("error", reject);
  });
  return {
    ws,
    send: (message) => ws.send(typeof message === "string" ? message : JSON.stringify(message)),
    next: () => {
      const ready = frames.shift();
      if (ready) return Promise.resolve(ready);
      if (ended) return Promise.reject(new Error("socket closed"));
      return new Promise((resolve, reject) => waiting.push({ resolve, reject }));
    },
    closed,
    async close() {
      if (!ended) ws.close();
      await closed;
    },
  };
}

/** An upgrade the server refuses with an HTTP answer: its status and JSON body. */
export async function refusal(base: string, headers: Record<string, string> = {}): Promise<{ status: number; body: { error?: { code: string } } }> {
  const ws = new WebSocket(wsUrl(base), { headers });
  return new Promise((resolve, reject) => {
    ws.once("open", () => {
      ws.close();
      reject(new Error("the upgrade was accepted"));
    });
    ws.once("unexpected-response", (_req, res) => {
      let text = "";
      res.on("data", (chunk: Buffer) => (text += chunk.toString()));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : {} }));
    });
    ws.once("error", (e) => reject(e));
  });
}
