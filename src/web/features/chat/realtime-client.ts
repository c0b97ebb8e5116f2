import { REALTIME_PATH, type TRealtimeServerMessage } from "../../../domain/realtime-protocol";
import type { TRealtimeClientMessage } from "../../../domain/realtime";

/*
 * The browser's end of the realtime hub (docs/decisions/0032): one WebSocket per tab, shared by every
 * part that wants news (the chat button, a chat thread, notifications, the mentors' inbox). The socket
 * only says *that* a topic changed; listeners re-read through the API. When the socket is down they
 * are asked to re-read on their own interval instead (seed 000 §7: unread every 15 s, updates every
 * 30 s), so a missed event, a reconnect and the polling fallback converge on the same state.
 * Zod-free on purpose: the chat button loads this on every page of the default layout.
 */

export type RealtimeStatus = "idle" | "connecting" | "open" | "reconnecting";

export interface RealtimeEvent {
  topic: string;
  kind: string;
  id: string;
}

export interface TopicListener {
  /** Something changed on the topic; read what through the API. */
  event?(event: RealtimeEvent): void;
  /**
   * Re-read everything this listener shows: after a reconnect, on the server's `resync`, once when the
   * socket goes down, and every `pollMs` while it stays down (or while the topic was refused).
   */
  resync(): void;
  /** The polling interval while the socket is unavailable; without one, the listener only hears resyncs. */
  pollMs?: number;
}

/** The part of the browser's WebSocket this client uses (a fake in tests). */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((ev: unknown) => void) | null;
  onclose: ((ev: unknown) => void) | null;
  onerror: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export interface RealtimeOptions {
  url: () => string;
  /** Makes a socket; null when WebSockets are unavailable (then only polling runs). */
  connect: ((url: string) => SocketLike) | null;
  /** First reconnect delay; doubles per failed attempt up to maxDelayMs, with jitter. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** A client ping while open; no answer within pongTimeoutMs means a dead network: the socket is dropped. */
  pingMs?: number;
  pongTimeoutMs?: number;
  /** With no topic left, the socket is closed after this (a navigation re-subscribes in between). */
  idleCloseMs?: number;
  random?: () => number;
}

const OPEN = 1;

/**
 * The reconnect delay of attempt `n` (0-based): exponential, capped, with "equal jitter" (half fixed,
 * half random), so that a restarted server is not hit by every tab at the same moment.
 */
export function backoffDelay(attempt: number, base: number, max: number, random: () => number): number {
  const exp = Math.min(max, base * 2 ** Math.min(attempt, 20));
  return Math.round(exp / 2 + (exp / 2) * random());
}

interface Topic {
  listeners: Set<TopicListener>;
  /** The server refused it (denied, unknown, too many): its listeners are polled as if the socket were down. */
  refused: boolean;
}

export class RealtimeClient {
  private readonly topics = new Map<string, Topic>();
  private readonly statusListeners = new Set<(s: RealtimeStatus) => void>();
  private readonly polls = new Map<TopicListener, ReturnType<typeof setInterval>>();
  private socket: SocketLike | null = null;
  private current: RealtimeStatus = "idle";
  private attempt = 0;
  private everOpened = false;
  /** Between losing the socket and getting it back: polls run, and the loss was re-read once. */
  private outage = false;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private idleTimer: ReturnType<typeof setTimeout> | null = null;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  private pongTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly opts: Required<Omit<RealtimeOptions, "connect">> & Pick<RealtimeOptions, "connect">;

  constructor(options: RealtimeOptions) {
    this.opts = {
      baseDelayMs: 1_000,
      maxDelayMs: 30_000,
      pingMs: 25_000,
      pongTimeoutMs: 10_000,
      idleCloseMs: 5_000,
      random: Math.random,
      ...options,
    };
  }

  get status(): RealtimeStatus {
    return this.current;
  }

  onStatus(fn: (s: RealtimeStatus) => void): () => void {
    this.statusListeners.add(fn);
    return () => this.statusListeners.delete(fn);
  }

  /**
   * Listens to a topic. Topics are reference-counted: the first listener subscribes on the socket, the
   * last one to leave unsubscribes. Returns the function that stops listening.
   */
  subscribe(topic: string, listener: TopicListener): () => void {
    let entry = this.topics.get(topic);
    if (!entry) {
      entry = { listeners: new Set(), refused: false };
      this.topics.set(topic, entry);
      this.send({ type: "subscribe", topic });
    }
    entry.listeners.add(listener);
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    if (!this.socket && !this.reconnectTimer) this.open();
    if (this.shouldPoll(entry)) this.startPoll(listener);
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.stopPoll(listener);
      const held = this.topics.get(topic);
      if (!held) return;
      held.listeners.delete(listener);
      if (held.listeners.size > 0) return;
      this.topics.delete(topic);
      if (!held.refused) this.send({ type: "unsubscribe", topic });
      if (this.topics.size === 0) this.idleTimer = setTimeout(() => this.shutdown(), this.opts.idleCloseMs);
    };
  }

  /** Try the socket now (the browser came back online) instead of waiting for the backoff. */
  reconnectNow(): void {
    if (this.socket || this.topics.size === 0) return;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    this.open();
  }

  /** Closes the socket and stops every timer (tests, sign-out). Listeners stay registered but hear nothing. */
  shutdown(): void {
    for (const t of [this.reconnectTimer, this.idleTimer, this.pongTimer]) if (t) clearTimeout(t);
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.reconnectTimer = this.idleTimer = this.pongTimer = this.pingTimer = null;
    for (const timer of this.polls.values()) clearInterval(timer);
    this.polls.clear();
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onopen = socket.onclose = socket.onerror = socket.onmessage = null;
      socket.close(1000);
    }
    this.attempt = 0;
    this.everOpened = false;
    this.outage = false;
    this.setStatus("idle");
  }

  private open(): void {
    if (!this.opts.connect) {
      // No WebSockets at all: polling is the only way, from the start.
      this.setStatus("reconnecting");
      this.outage = true;
      this.pollAll();
      return;
    }
    this.setStatus(this.everOpened || this.attempt > 0 ? "reconnecting" : "connecting");
    let socket: SocketLike;
    try {
      socket = this.opts.connect(this.opts.url());
    } catch {
      this.lost();
      return;
    }
    this.socket = socket;
    socket.onopen = () => this.opened();
    socket.onmessage = (ev) => this.received(ev.data);
    socket.onerror = () => undefined; // a close always follows
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.lost();
    };
  }

  private opened(): void {
    const reconnected = this.everOpened || this.attempt > 0;
    this.everOpened = true;
    this.attempt = 0;
    this.outage = false;
    for (const [topic, entry] of this.topics) {
      entry.refused = false;
      this.send({ type: "subscribe", topic });
    }
    for (const timer of this.polls.values()) clearInterval(timer);
    this.polls.clear();
    this.startPing();
    this.setStatus("open");
    // Whatever happened while the socket was down is read again.
    if (reconnected) this.resyncAll();
  }

  private lost(): void {
    this.stopPing();
    this.setStatus("reconnecting");
    if (this.topics.size === 0) {
      this.setStatus("idle");
      return;
    }
    // Once per outage: the loss is re-read and the polls start; failed retries change nothing.
    if (!this.outage) {
      this.outage = true;
      this.pollAll();
    }
    const delay = backoffDelay(this.attempt, this.opts.baseDelayMs, this.opts.maxDelayMs, this.opts.random);
    this.attempt += 1;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (this.topics.size > 0) this.open();
    }, delay);
  }

  private received(data: unknown): void {
    if (this.pongTimer) clearTimeout(this.pongTimer);
    this.pongTimer = null;
    if (typeof data !== "string") return;
    let msg: TRealtimeServerMessage;
    try {
      msg = JSON.parse(data) as TRealtimeServerMessage;
    } catch {
      return;
    }
    if (!msg || typeof msg !== "object") return;
    switch (msg.type) {
      case "event": {
        const entry = this.topics.get(msg.topic);
        if (!entry) return;
        for (const l of [...entry.listeners]) safely(() => (l.event ? l.event({ topic: msg.topic, kind: msg.kind, id: msg.id }) : l.resync()));
        return;
      }
      case "resync":
        this.resyncAll();
        return;
      case "refused": {
        const entry = this.topics.get(msg.topic);
        if (!entry || entry.refused) return;
        entry.refused = true;
        for (const l of entry.listeners) this.startPoll(l);
        return;
      }
      default:
        return;
    }
  }

  private send(msg: TRealtimeClientMessage): void {
    if (this.socket?.readyState === OPEN) this.socket.send(JSON.stringify(msg));
  }

  private shouldPoll(entry: Topic): boolean {
    return this.current !== "open" || entry.refused;
  }

  private pollAll(): void {
    for (const entry of this.topics.values()) for (const l of entry.listeners) this.startPoll(l, true);
  }

  /** Starts a listener's polling; `now` also re-reads at once (the moment the socket was lost). */
  private startPoll(listener: TopicListener, now = false): void {
    if (now) safely(() => listener.resync());
    if (!listener.pollMs || this.polls.has(listener)) return;
    this.polls.set(
      listener,
      setInterval(() => safely(() => listener.resync()), listener.pollMs),
    );
  }

  private stopPoll(listener: TopicListener): void {
    const timer = this.polls.get(listener);
    if (timer) clearInterval(timer);
    this.polls.delete(listener);
  }

  private resyncAll(): void {
    for (const entry of this.topics.values()) for (const l of [...entry.listeners]) safely(() => l.resync());
  }

  private startPing(): void {
    this.stopPing();
    this.pingTimer = setInterval(() => {
      if (!this.pongTimer)
        this.pongTimer = setTimeout(() => {
          this.pongTimer = null;
          // No word from the server: the network is gone even if the browser has not noticed.
          const socket = this.socket;
          if (!socket) return;
          this.socket = null;
          socket.onopen = socket.onclose = socket.onerror = socket.onmessage = null;
          socket.close();
          this.lost();
        }, this.opts.pongTimeoutMs);
      // Any frame from the server (the pong, or an event) clears the timer: the socket is alive.
      this.send({ type: "ping" });
    }, this.opts.pingMs);
  }

  private stopPing(): void {
    if (this.pingTimer) clearInterval(this.pingTimer);
    if (this.pongTimer) clearTimeout(this.pongTimer);
    this.pingTimer = this.pongTimer = null;
  }

  private setStatus(status: RealtimeStatus): void {
    if (status === this.current) return;
    this.current = status;
    for (const fn of [...this.statusListeners]) safely(() => fn(status));
  }
}

/** One listener's failure must not stop the others (seed §8: chat failures are logged). */
function safely(fn: () => void): void {
  try {
    fn();
  } catch (e) {
    console.error("realtime listener failed", e);
  }
}

let tabClient: RealtimeClient | null = null;

/** The tab's one client, on this page's origin (ws: or wss:). */
export function realtime(): RealtimeClient {
  if (tabClient) return tabClient;
  const client = new RealtimeClient({
    url: () => `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}${REALTIME_PATH}`,
    connect: typeof WebSocket === "function" ? (url) => new WebSocket(url) as unknown as SocketLike : null,
  });
  window.addEventListener("online", () => client.reconnectNow());
  tabClient = client;
  return client;
}
