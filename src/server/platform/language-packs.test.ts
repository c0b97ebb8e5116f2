import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLanguagePacks } from "./language-packs";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "mentora-packs-"));
  for (const lang of ["en", "tr"]) {
    await mkdir(path.join(dir, lang));
    await writeFile(path.join(dir, lang, "common.json"), JSON.stringify({ hello: `${lang} hello` }));
  }
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe("language pack resources", () => {
  it("are one object per language while packs are cached, so renders can key their i18next instance by it", async () => {
    const packs = createLanguagePacks({ dir, cache: true });
    const tr = await packs.resources("tr");
    expect(await packs.resources("tr")).toBe(tr);
    expect(tr.common).toEqual({ hello: "tr hello" });
    expect(await packs.resources("en")).not.toBe(tr);
  });

  it("are read afresh on every call without the cache (development), so edits show up", async () => {
    const packs = createLanguagePacks({ dir, cache: false });
    const first = await packs.resources("tr");
    await writeFile(path.join(dir, "tr", "common.json"), JSON.stringify({ hello: "tr edited" }));
    const second = await packs.resources("tr");
    expect(second).not.toBe(first);
    expect(second.common).toEqual({ hello: "tr edited" });
  });

  it("serve a language without packs in English, and keep serving real ones after many made-up languages", async () => {
    const packs = createLanguagePacks({ dir, cache: true });
    expect((await packs.resources("xx")).common).toEqual({ hello: "en hello" });
    for (let i = 0; i < 200; i++) await packs.resources(`made-up-${i}`);
    expect((await packs.resources("en")).common).toEqual({ hello: "en hello" });
  });
});
