// autocannon ships no types; this declares only the part of its programmatic API the bench uses.
declare module "autocannon" {
  import type { EventEmitter } from "node:events";

  /** One request of a sequence that every connection cycles through. */
  export interface Request {
    method?: string;
    path: string;
    headers?: Record<string, string>;
    body?: string;
    /**
     * Called before each send to change the request; with `workers`, the path of a CommonJS file whose
     * export is that function (it is `require`d in the worker thread).
     */
    setupRequest?: string;
  }

  export interface Options {
    url: string;
    connections?: number;
    duration?: number;
    timeout?: number;
    /** Sent with every request. */
    headers?: Record<string, string>;
    /** Each connection sends these in turn, over and over, instead of GET `url`. */
    requests?: Request[];
    /** Worker threads that fire the requests (connections are shared out among them); no "response" events then. */
    workers?: number;
  }

  export interface Histogram {
    average: number;
    p50: number;
    p99: number;
    total: number;
  }

  export interface Result {
    /** Seconds the measured load actually lasted. */
    duration: number;
    requests: Histogram;
    latency: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    "2xx": number;
    statusCodeStats: Record<string, { count: number }>;
  }

  export interface Instance extends EventEmitter, PromiseLike<Result> {
    on(event: "response", listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void): this;
    on(event: string, listener: (...args: unknown[]) => void): this;
    stop(): void;
  }

  function autocannon(opts: Options): Instance;
  export default autocannon;
}
