import { describe, expect, it } from "vitest";
import { AppError, hasErrorCode } from "./errors";

describe("hasErrorCode", () => {
  it("matches an AppError by its code", () => {
    expect(hasErrorCode(new AppError("PAGE_NOT_FOUND"), "PAGE_NOT_FOUND", "UNSUPPORTED_LANG")).toBe(true);
    expect(hasErrorCode(new AppError("INTERNAL"), "PAGE_NOT_FOUND")).toBe(false);
  });

  it("matches a copy of the class from another bundle (same name and code), but not other errors", () => {
    class AppErrorCopy extends Error {
      readonly code = "PAGE_NOT_FOUND";
      override name = "AppError";
    }
    expect(hasErrorCode(new AppErrorCopy(), "PAGE_NOT_FOUND")).toBe(true);
    expect(hasErrorCode(Object.assign(new Error("x"), { code: "PAGE_NOT_FOUND" }), "PAGE_NOT_FOUND")).toBe(false);
    expect(hasErrorCode({ name: "AppError", code: "PAGE_NOT_FOUND" }, "PAGE_NOT_FOUND")).toBe(false);
    expect(hasErrorCode(null, "PAGE_NOT_FOUND")).toBe(false);
  });
});
