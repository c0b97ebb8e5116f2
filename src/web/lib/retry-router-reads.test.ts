import { describe, expect, it } from "vitest";
import { isRouterRead, retryRouterReads } from "./retry-router-reads";

const ORIGIN = "https://portal.example";

/** A window whose fetch answers from a script of replies and records what it was asked. */
function fakeWindow(replies: Array<() => Response>) {
  const calls: Array<{ url: string; method: string }> = [];
  const win = {
    location: { href: `${ORIGIN}/en/`, origin: ORIGIN },
    fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = input instanceof Request ? input.url : String(input);
      calls.push({ url, method: init?.method ?? (input instanceof Request ? input.method : "GET") });
      const next = replies.shift();
      if (!next) throw new Error(`unexpected fetch of ${url}`);
      return next();
    },
  };
  retryRouterReads(win as unknown as Window);
  return { win, calls };
}

const refused =
  (retryAfter = "0") =>
  () =>
    new Response("<!DOCTYPE html><title>Busy</title>", { status: 503, headers: { "retry-after": retryAfter, "content-type": "text/html" } });
const ok =
  (body = "data") =>
  () =>
    new Response(body, { status: 200 });

describe("React Router's reads are asked once more after a typed 503", () => {
  it("tells the router's reads from everything else", () => {
    expect(isRouterRead(new URL(`${ORIGIN}/en/courses/x.data`), "GET", ORIGIN)).toBe(true);
    expect(isRouterRead(new URL(`${ORIGIN}/__manifest?p=%2Fen%2F`), "GET", ORIGIN)).toBe(true);
    expect(isRouterRead(new URL(`${ORIGIN}/en/courses/x.data`), "POST", ORIGIN)).toBe(false);
    expect(isRouterRead(new URL("https://elsewhere.example/x.data"), "GET", ORIGIN)).toBe(false);
    expect(isRouterRead(new URL(`${ORIGIN}/api/courses`), "GET", ORIGIN)).toBe(false);
  });

  it("a navigation's data refused with Retry-After comes from the second try", async () => {
    const { win, calls } = fakeWindow([refused(), ok("second")]);
    const res = await win.fetch(new URL(`${ORIGIN}/en/courses/x.data?_routes=a`), { method: "GET" });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("second");
    expect(calls.map((c) => c.url)).toEqual([`${ORIGIN}/en/courses/x.data?_routes=a`, `${ORIGIN}/en/courses/x.data?_routes=a`]);
  });

  it("asks once more only: a second refusal is the answer", async () => {
    const { win, calls } = fakeWindow([refused(), refused()]);
    const res = await win.fetch(`${ORIGIN}/en/x.data`);
    expect(res.status).toBe(503);
    expect(calls).toHaveLength(2);
  });

  it("leaves writes, other errors and other requests to the first answer", async () => {
    const { win, calls } = fakeWindow([refused(), () => new Response("no", { status: 500 }), refused()]);
    expect((await win.fetch(`${ORIGIN}/en/courses/x.data`, { method: "POST", body: "a=1" })).status).toBe(503);
    expect((await win.fetch(`${ORIGIN}/en/courses/x.data`)).status).toBe(500);
    expect((await win.fetch(`${ORIGIN}/api/me`)).status).toBe(503);
    expect(calls.map((c) => c.method)).toEqual(["POST", "GET", "GET"]);
  });

  it("a 503 that names no wait and no typed code is not a refusal to wait out", async () => {
    const plain503 = () => new Response("gateway", { status: 503 });
    const { win, calls } = fakeWindow([plain503]);
    expect((await win.fetch(`${ORIGIN}/en/x.data`)).status).toBe(503);
    expect(calls).toHaveLength(1);
  });

  it("a navigation given up while it waits ends with the abort, without a second try", async () => {
    const { win, calls } = fakeWindow([refused("2")]);
    const controller = new AbortController();
    const pending = win.fetch(`${ORIGIN}/en/x.data`, { signal: controller.signal });
    setTimeout(() => controller.abort(new Error("navigated away")), 20);
    await expect(pending).rejects.toThrow("navigated away");
    expect(calls).toHaveLength(1);
  });
});
