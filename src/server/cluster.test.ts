import { availableParallelism } from "node:os";
import { describe, expect, it } from "vitest";
import { MAX_RESTART_DELAY_MS, isFatalMessage, restartDelayMs, workerExecArgv } from "./cluster";
import { ConfigError, parseConfig } from "./config";

const PG = "postgres://postgres@127.0.0.1:5432/mentora";

describe("WORKERS in the environment", () => {
  it("defaults to one worker per core on PostgreSQL and to one on PGlite or in development", () => {
    expect(parseConfig({ NODE_ENV: "test", DATABASE_URL: PG }).WORKERS).toBe(availableParallelism());
    expect(parseConfig({ NODE_ENV: "test" }).WORKERS).toBe(1);
    expect(parseConfig({ NODE_ENV: "test", DATABASE_URL: PG, MENTORA_DEV: "1" }).WORKERS).toBe(1);
  });

  it("takes WORKERS as given on PostgreSQL", () => {
    expect(parseConfig({ NODE_ENV: "test", DATABASE_URL: PG, WORKERS: "3" }).WORKERS).toBe(3);
    expect(parseConfig({ NODE_ENV: "test", WORKERS: "1" }).WORKERS).toBe(1);
  });

  it("refuses more than one worker on the embedded PGlite, naming WORKERS and DATABASE_URL", () => {
    expect(() => parseConfig({ NODE_ENV: "test", WORKERS: "2" })).toThrow(/WORKERS: more than 1 needs DATABASE_URL/);
  });

  it.each(["0", "-1", "1.5", "many", "65"])("refuses WORKERS=%s", (value) => {
    expect(() => parseConfig({ NODE_ENV: "test", DATABASE_URL: PG, WORKERS: value })).toThrow(ConfigError);
  });
});

describe("worker restarts", () => {
  it("pause longer after each death in a row, up to the ceiling", () => {
    expect([1, 2, 3, 4].map(restartDelayMs)).toEqual([500, 1_000, 2_000, 4_000]);
    expect(restartDelayMs(30)).toBe(MAX_RESTART_DELAY_MS);
  });

  it("know a worker's start-up failure message", () => {
    expect(isFatalMessage({ type: "mentora:fatal", message: "mentora: port is already in use" })).toBe(true);
    expect(isFatalMessage({ type: "other", message: "x" })).toBe(false);
    expect(isFatalMessage("mentora:fatal")).toBe(false);
  });
});

describe("worker flags", () => {
  it("add the heap limit to the primary's own flags", () => {
    expect(workerExecArgv(["--import", "tsx"], undefined, 384)).toEqual(["--import", "tsx", "--max-old-space-size=384", "--max-semi-space-size=16"]);
  });

  it("keep a heap limit the caller chose, in the flags or in NODE_OPTIONS, and add none for 0", () => {
    expect(workerExecArgv(["--max-old-space-size=1024"], undefined, 384)).toEqual(["--max-old-space-size=1024", "--max-semi-space-size=16"]);
    expect(workerExecArgv([], "--enable-source-maps --max-old-space-size=2048", 384)).toEqual(["--max-semi-space-size=16"]);
    expect(workerExecArgv([], "--max-semi-space-size=32", 384)).toEqual(["--max-old-space-size=384"]);
    expect(workerExecArgv(["--import", "tsx"], "", 0)).toEqual(["--import", "tsx", "--max-semi-space-size=16"]);
  });
});

describe("overload defaults", () => {
  it("refuse after 750 ms in the queue or at 500 ms of event-loop delay in production", () => {
    const c = parseConfig({ NODE_ENV: "production", PUBLIC_URL: "https://learn.example.org" });
    expect([c.OVERLOAD_CONCURRENCY, c.OVERLOAD_QUEUE_WAIT_MS, c.OVERLOAD_MAX_LAG_MS, c.MAX_HEAP_MB]).toEqual([4, 750, 500, 384]);
  });

  it("only queue in tests and in development, where slowness is the machine's", () => {
    for (const env of [{ NODE_ENV: "test" }, { NODE_ENV: "development", MENTORA_DEV: "1" }]) {
      const c = parseConfig(env);
      expect([c.OVERLOAD_QUEUE_WAIT_MS, c.OVERLOAD_MAX_LAG_MS], JSON.stringify(env)).toEqual([60_000, 0]);
    }
    expect(parseConfig({ NODE_ENV: "test", OVERLOAD_QUEUE_WAIT_MS: "500", OVERLOAD_MAX_LAG_MS: "200" })).toMatchObject({
      OVERLOAD_QUEUE_WAIT_MS: 500,
      OVERLOAD_MAX_LAG_MS: 200,
    });
  });
});
