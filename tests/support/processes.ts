import http from "node:http";
import path from "node:path";
import { createServer } from "node:net";

/** Mentora settings of the developer's or CI's shell that must never reach an app process a test starts. */
const MENTORA_SETTINGS = [
  "DATABASE_URL",
  "DATA_DIR",
  "PORT",
  "HOST",
  "PORTAL_ID",
  "ENVIRONMENT_ID",
  "SEED_DEMO",
  "MENTORA_DEV",
  "MENTORA_DEMO",
  "PUBLIC_URL",
  "LOG_LEVEL",
  "TRUST_PROXY",
  "WORKERS",
  "HEALTH_PID",
  "METRICS_PORT",
  "METRICS_HOST",
  "METRICS_TOKEN",
  "MAX_HEAP_MB",
  "OVERLOAD_CONCURRENCY",
  "OVERLOAD_MAX_LAG_MS",
  "OVERLOAD_QUEUE_WAIT_MS",
];

/** This process's environment without Mentora's settings: a child sees only what its test gives it. */
export function environmentWithoutSettings(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const k of MENTORA_SETTINGS) delete env[k];
  return env;
}

/** A TCP port free on 127.0.0.1 right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/** The server as `npm start` and `npm run serve` run it: the bundle `npm run build` writes (scripts/build-server.mjs). */
export const SERVER_ENTRY = path.join(process.env.MENTORA_BUILD_DIR || "build", "server-app", "start.js");

/**
 * GET on a new connection (no keep-alive): cluster hands each new connection to the next worker. A
 * request that gets no answer in 10 s fails (a connection handed to a worker that is being killed
 * would otherwise hold the loop that waits for workers forever).
 */
export function freshGet(url: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false, timeout: 10_000, headers }, (res) => {
        let body = "";
        res.on("data", (d) => (body += d));
        res.once("end", () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .once("timeout", function (this: http.ClientRequest) {
        this.destroy(new Error(`no answer from ${url} in 10 s`));
      })
      .once("error", reject);
  });
}
