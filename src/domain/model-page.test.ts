import { describe, expect, it } from "vitest";
import { AppError } from "./errors";
import { modelPageBlocks, modelPageOrNull } from "./model-page";

describe("model pages", () => {
  it("reads PAGE_NOT_FOUND as no page and keeps other failures", async () => {
    expect(await modelPageOrNull(Promise.resolve({ id: "p" }))).toEqual({ id: "p" });
    expect(await modelPageOrNull(Promise.reject(new AppError("PAGE_NOT_FOUND")))).toBeNull();
    await expect(modelPageOrNull(Promise.reject(new AppError("AUTH_DENY")))).rejects.toThrow();
  });
  it("shows no blocks without a page or its components", () => {
    expect(modelPageBlocks(null)).toEqual([]);
    expect(modelPageBlocks({})).toEqual([]);
  });
});
