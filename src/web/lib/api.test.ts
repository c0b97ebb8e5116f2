import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { ApiFailure, api, apiRequest, orThrow } from "./api";

const ZThing = z.object({ id: z.string() });

function reply(status: number, body: string, statusText = "") {
  const res = new Response(status === 204 ? null : body, { status, statusText, headers: { "content-type": "application/json" } });
  const text = vi.spyOn(res, "text");
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => res),
  );
  return { res, text };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("apiRequest", () => {
  it("parses a success reply with the schema", async () => {
    reply(200, JSON.stringify({ id: "a", extra: 1 }));
    expect(await api.get("/api/x", ZThing)).toEqual({ ok: true, data: { id: "a" } });
  });

  it("sends JSON bodies with their content type", async () => {
    reply(200, JSON.stringify({ id: "a" }));
    await api.send("PUT", "/api/x", ZThing, { a: 1 });
    const [, init] = vi.mocked(fetch).mock.calls[0] as [string, RequestInit];
    expect(init.method).toBe("PUT");
    expect(init.body).toBe('{"a":1}');
    expect((init.headers as Record<string, string>)["content-type"]).toBe("application/json");
  });

  it("reads an empty reply as null", async () => {
    reply(204, "");
    expect(await api.post("/api/x", z.null())).toEqual({ ok: true, data: null });
  });

  it("turns our error body into a typed error and reads it to the end", async () => {
    const { text } = reply(
      400,
      JSON.stringify({
        error: {
          code: "VALIDATION",
          key: "errors:codes.VALIDATION",
          message: "Invalid body",
          details: { validationErrors: [{ path: "email", message: "v.email", params: { max: 3 } }] },
        },
      }),
    );
    const res = await api.post("/api/x", ZThing, {});
    expect(text).toHaveBeenCalled();
    expect(res).toEqual({
      ok: false,
      error: {
        kind: "http",
        code: "VALIDATION",
        key: "errors:codes.VALIDATION",
        message: "Invalid body",
        status: 400,
        validationErrors: [{ path: "email", message: "v.email", params: { max: 3 } }],
        // The details as sent, for screens that show a refusal where it names (a navigation item).
        details: { validationErrors: [{ path: "email", message: "v.email", params: { max: 3 } }] },
      },
    });
  });

  it("names the status when the error reply is not ours", async () => {
    reply(502, "<html>bad gateway</html>", "Bad Gateway");
    const res = await api.get("/api/x", ZThing);
    expect(res).toEqual({ ok: false, error: { kind: "http", code: "HTTP-502", key: "errors:codes.INTERNAL", message: "Bad Gateway", status: 502 } });
  });

  it("reports a reply that does not match its schema", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    reply(200, JSON.stringify({ name: "no id" }));
    const res = await api.get("/api/x", ZThing);
    expect(res.ok).toBe(false);
    if (!res.ok) expect(res.error).toMatchObject({ kind: "reply", code: "REPLY-INVALID", status: 200 });
  });

  it("types a failed connection as a network error", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))),
    );
    expect(await api.get("/api/x", ZThing)).toEqual({
      ok: false,
      error: { kind: "network", code: "NETWORK", key: "auth:errors.network", message: "Network error", status: 0 },
    });
  });

  it("rethrows when its caller aborted", async () => {
    const controller = new AbortController();
    controller.abort();
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Promise.reject(new DOMException("aborted", "AbortError"))),
    );
    await expect(apiRequest("GET", "/api/x", ZThing, { signal: controller.signal })).rejects.toThrow("aborted");
  });

  it("throws an ApiFailure for query functions", async () => {
    reply(404, JSON.stringify({ error: { code: "NOT-FOUND", key: "errors:codes.NOT_FOUND", message: "Nothing" } }));
    const failure = await orThrow(api.get("/api/x", ZThing)).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiFailure);
    expect((failure as ApiFailure).error).toMatchObject({ code: "NOT-FOUND", status: 404 });
  });
});

describe("apiRequest under overload (one polite retry)", () => {
  const overloaded = () =>
    new Response(JSON.stringify({ error: { code: "OVERLOADED", key: "errors:codes.OVERLOADED", message: "Server is overloaded; retry later" } }), {
      status: 503,
      headers: { "content-type": "application/json", "retry-after": "5" },
    });
  const ok = () => new Response(JSON.stringify({ id: "a" }), { status: 200, headers: { "content-type": "application/json" } });

  /** fetch answers these replies in turn; the test's clock runs the waits. */
  function replies(...make: Array<() => Response>) {
    const queue = [...make];
    const fetchMock = vi.fn(async () => (queue.shift() ?? ok)());
    vi.stubGlobal("fetch", fetchMock);
    return fetchMock;
  }

  afterEach(() => {
    vi.useRealTimers();
  });

  it("asks a read again once after a 503 OVERLOADED and answers the retry", async () => {
    vi.useFakeTimers();
    const fetchMock = replies(overloaded, ok);
    const res = api.get("/api/x", ZThing);
    await vi.runAllTimersAsync();
    expect(await res).toEqual({ ok: true, data: { id: "a" } });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("surfaces the second 503 as the typed OVERLOADED error, never asking a third time", async () => {
    vi.useFakeTimers();
    const fetchMock = replies(overloaded, overloaded, ok);
    const res = api.get("/api/x", ZThing);
    await vi.runAllTimersAsync();
    expect(await res).toEqual({
      ok: false,
      error: { kind: "http", code: "OVERLOADED", key: "errors:codes.OVERLOADED", message: "Server is overloaded; retry later", status: 503 },
    });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("retries a write that is idempotent by design with the same body", async () => {
    vi.useFakeTimers();
    const fetchMock = replies(overloaded, ok);
    const res = api.post("/api/chats/c/messages", ZThing, { id: "lpmmsg:abcdefgh", text: "hi" }, { idempotent: true });
    await vi.runAllTimersAsync();
    expect(await res).toEqual({ ok: true, data: { id: "a" } });
    const bodies = fetchMock.mock.calls.map((call) => (call as unknown as [string, RequestInit])[1].body);
    expect(bodies).toEqual(['{"id":"lpmmsg:abcdefgh","text":"hi"}', '{"id":"lpmmsg:abcdefgh","text":"hi"}']);
  });

  it("never repeats another write: its caller gets OVERLOADED at once", async () => {
    const fetchMock = replies(overloaded, ok);
    const res = await api.post("/api/orders", ZThing, { courseId: "c" });
    expect(res).toMatchObject({ ok: false, error: { code: "OVERLOADED", key: "errors:codes.OVERLOADED", status: 503 } });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("does not retry a 503 that is not the server's shedding", async () => {
    const fetchMock = replies(() => new Response("<html>down</html>", { status: 503, statusText: "Service Unavailable" }), ok);
    const res = await api.get("/api/x", ZThing);
    expect(res).toMatchObject({ ok: false, error: { code: "HTTP-503", status: 503 } });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("stops waiting when its caller aborts", async () => {
    vi.useFakeTimers();
    const fetchMock = replies(overloaded, ok);
    const controller = new AbortController();
    const res = apiRequest("GET", "/api/x", ZThing, { signal: controller.signal });
    const settled = expect(res).rejects.toBeDefined();
    await vi.advanceTimersByTimeAsync(1);
    controller.abort(new DOMException("aborted", "AbortError"));
    await settled;
    await vi.runAllTimersAsync();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
