import { describe, expect, it } from "vitest";
import { AppError, errorScreenOf, isAppError } from "./errors";

describe("isAppError", () => {
  it("matches an AppError, and by its code when codes are given", () => {
    expect(isAppError(new AppError("PAGE_NOT_FOUND"))).toBe(true);
    expect(isAppError(new AppError("PAGE_NOT_FOUND"), "PAGE_NOT_FOUND", "UNSUPPORTED_LANG")).toBe(true);
    expect(isAppError(new AppError("INTERNAL"), "PAGE_NOT_FOUND")).toBe(false);
  });

  it("matches a copy of the class from another bundle (it carries the same brand), but not other errors", () => {
    class AppErrorCopy extends Error {
      readonly code = "PAGE_NOT_FOUND";
      override name = "AppError";
      constructor() {
        super("copy");
        Object.defineProperty(this, Symbol.for("mentora.AppError"), { value: true });
      }
    }
    expect(isAppError(new AppErrorCopy(), "PAGE_NOT_FOUND")).toBe(true);
    expect(isAppError(Object.assign(new Error("x"), { code: "PAGE_NOT_FOUND" }), "PAGE_NOT_FOUND")).toBe(false);
    expect(isAppError({ name: "AppError", code: "PAGE_NOT_FOUND" }, "PAGE_NOT_FOUND")).toBe(false);
    expect(isAppError(null, "PAGE_NOT_FOUND")).toBe(false);
    expect(isAppError(new Error("x"))).toBe(false);
  });
});

describe("errorScreenOf", () => {
  it("picks the screen from the code's status in the catalogue", () => {
    for (const code of ["COURSE_NOT_RECEIVED", "ELEMENT_NOT_RECEIVED", "PAGE_NOT_FOUND", "UNSUPPORTED_LANG", "VALIDATION"] as const) {
      expect(errorScreenOf(code), code).toBe("not-found");
    }
    for (const code of ["ELEMENT_LOCKED", "COURSE_NOT_BOUGHT", "REGISTRATION_REQUIRED", "PREVIEW_DENIED", "UNAUTHORIZED", "TOKEN_BAD"] as const) {
      expect(errorScreenOf(code), code).toBe("access-denied");
    }
    expect(errorScreenOf("RATE_LIMITED")).toBe("rate-limited");
    expect(errorScreenOf("INTERNAL")).toBe("failure");
    expect(errorScreenOf("REVIEWS_NOT_RECEIVED")).toBe("failure");
  });
});
