import { describe, expect, it } from "vitest";
import { shouldRefreshSettings, shouldReloadAfterChunkError } from "./timing-guards";

describe("shouldReloadAfterChunkError", () => {
  const t0 = 1_700_000_000_000;

  it("reloads when there was no earlier reload", () => {
    expect(shouldReloadAfterChunkError(null, t0)).toBe(true);
    expect(shouldReloadAfterChunkError(Number.NaN, t0)).toBe(true);
  });

  it("does not reload again within 60 000 ms", () => {
    expect(shouldReloadAfterChunkError(t0, t0)).toBe(false);
    expect(shouldReloadAfterChunkError(t0, t0 + 1)).toBe(false);
    expect(shouldReloadAfterChunkError(t0, t0 + 59_999)).toBe(false);
    expect(shouldReloadAfterChunkError(t0, t0 + 60_000)).toBe(false);
  });

  it("reloads once more than 60 000 ms have passed", () => {
    expect(shouldReloadAfterChunkError(t0, t0 + 60_001)).toBe(true);
    expect(shouldReloadAfterChunkError(t0, t0 + 3_600_000)).toBe(true);
  });
});

describe("shouldRefreshSettings", () => {
  const t0 = 1_700_000_000_000;

  it("refreshes when there is no last update", () => {
    expect(shouldRefreshSettings(null, t0)).toBe(true);
    expect(shouldRefreshSettings(undefined, t0)).toBe(true);
  });

  it("does not refresh within 10 s, including exactly 10 s", () => {
    expect(shouldRefreshSettings(t0, t0)).toBe(false);
    expect(shouldRefreshSettings(t0, t0 + 9_999)).toBe(false);
    expect(shouldRefreshSettings(t0, t0 + 10_000)).toBe(false);
  });

  it("refreshes only after more than 10 s", () => {
    expect(shouldRefreshSettings(t0, t0 + 10_001)).toBe(true);
    expect(shouldRefreshSettings(t0, t0 + 60_000)).toBe(true);
  });
});
