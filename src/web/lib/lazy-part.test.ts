import { describe, expect, it, vi } from "vitest";
import { lazyPart } from "./lazy-part";

const Part = () => null;

describe("lazyPart", () => {
  it("fetches the chunk once however often it is preloaded", async () => {
    const load = vi.fn(async () => ({ default: Part }));
    const part = lazyPart(load);
    expect(load).not.toHaveBeenCalled();
    const [a, b] = await Promise.all([part.preload(), part.preload()]);
    expect(a.default).toBe(Part);
    expect(b).toBe(a);
    await part.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("tries again after a failed fetch instead of keeping the failure", async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error("chunk failed")).mockResolvedValueOnce({ default: Part });
    const part = lazyPart(load);
    await expect(part.preload()).rejects.toThrow("chunk failed");
    await expect(part.preload()).resolves.toEqual({ default: Part });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
