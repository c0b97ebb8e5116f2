import { describe, expect, it, vi } from "vitest";
import { BLOCK_PACKS } from "../../i18n/page-packs";
import { createBlockRegistry } from "./block-registry";

const Text = () => null;
const Faq = () => null;

describe("createBlockRegistry", () => {
  it("loads a type once, answers it synchronously once loaded, and waits for all of a list in one promise", async () => {
    const text = vi.fn(async () => Text);
    const faq = vi.fn(async () => Faq);
    const registry = createBlockRegistry({ text, faq });
    expect(registry.ready("text")).toBeUndefined();
    const wait = registry.pending(["text", "faq", "text", "no-such-type"]);
    expect(wait).not.toBeNull();
    expect(registry.pending(["faq", "text"])).toBe(wait);
    await wait;
    expect(registry.ready("text")).toBe(Text);
    expect(registry.pending(["text", "faq"])).toBeNull();
    await registry.load("text");
    expect(text).toHaveBeenCalledTimes(1);
    expect(faq).toHaveBeenCalledTimes(1);
  });

  it("fetches a type again after a failed load", async () => {
    const text = vi.fn().mockRejectedValueOnce(new Error("chunk failed")).mockResolvedValueOnce(Text);
    const registry = createBlockRegistry({ text });
    await expect(registry.pending(["text"])).rejects.toThrow("chunk failed");
    await registry.pending(["text"]);
    expect(registry.ready("text")).toBe(Text);
  });

  it("names the block packs and those of the types that need more, nothing without blocks", () => {
    const registry = createBlockRegistry({ text: async () => Text, form: async () => Text }, { form: ["auth", "errors"] });
    expect(registry.packs([])).toEqual([]);
    expect(registry.packs(["text"])).toEqual([...BLOCK_PACKS]);
    expect(registry.packs(["text", "form"])).toEqual([...BLOCK_PACKS, "auth", "errors"]);
  });
});
