import { data } from "react-router";
import { describe, expect, it } from "vitest";
import { classifyError } from "./classify-error";

/** What a loader's `throw data(...)` becomes in the error boundary. */
async function thrown(body: unknown, status: number) {
  const { UNSAFE_ErrorResponseImpl: ErrorResponse } = await import("react-router");
  const d = data(body, { status });
  return new ErrorResponse(status, "", d.data);
}

const page = { id: "p", title: "Page not found", components: [] };

describe("classifyError", () => {
  it("sorts the seed's three screens", async () => {
    expect(classifyError(await thrown({ kind: "not-found", page }, 404), false)).toMatchObject({ kind: "not-found" });
    expect(classifyError(await thrown({ kind: "access-denied", code: "AUTH-DENY", page }, 403), false)).toMatchObject({ kind: "access-denied" });
    expect(classifyError(await thrown({ kind: "page-missing", message: "Page 404 not found!" }, 404), false)).toEqual({
      kind: "generic",
      status: 404,
      message: "Page 404 not found!",
    });
  });

  it("keeps the status of other route errors, 401 included", async () => {
    expect(classifyError(await thrown("Session ended", 401), false)).toEqual({ kind: "generic", status: 401, message: "Session ended" });
  });

  it("shows thrown exceptions as 500 and hides their message outside development", () => {
    expect(classifyError(new Error("db exploded"), false)).toEqual({ kind: "generic", status: 500, message: "" });
    expect(classifyError(new Error("db exploded"), true)).toEqual({ kind: "generic", status: 500, message: "db exploded" });
  });
});
