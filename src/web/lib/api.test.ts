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
