import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLanguagePacks, overlay } from "./language-packs";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "mentora-packs-"));
  for (const lang of ["en", "tr"]) {
    await mkdir(path.join(dir, lang));
    await writeFile(path.join(dir, lang, "common.json"), JSON.stringify({ hello: `${lang} hello` }));
  }
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe("overlay", () => {
  it("keeps every key of both, the language's own value where it has one, nested objects key by key", () => {
    const base = { a: "A", nested: { b: "B", c: "C", deep: { d: "D" } }, list: ["x"] };
    const own = { a: "a", nested: { c: "c", deep: {} }, extra: "e", list: ["y", "z"] };
    expect(overlay(base, own)).toEqual({ a: "a", nested: { b: "B", c: "c", deep: { d: "D" } }, extra: "e", list: ["y", "z"] });
    // Neither input changes.
    expect(base.nested).toEqual({ b: "B", c: "C", deep: { d: "D" } });
    expect(own.nested).toEqual({ c: "c", deep: {} });
  });
});

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

  it("fill the keys a language's pack lacks from English; the raw pack stays as its file has it", async () => {
    await mkdir(path.join(dir, "ru"));
    await writeFile(path.join(dir, "ru", "common.json"), JSON.stringify({ hello: "ru hello", menu: { home: "Домой" } }));
    await writeFile(path.join(dir, "en", "common.json"), JSON.stringify({ hello: "en hello", bye: "en bye", menu: { home: "Home", help: "Help" } }));
    const packs = createLanguagePacks({ dir, cache: false });
    const full = { hello: "ru hello", bye: "en bye", menu: { home: "Домой", help: "Help" } };
    expect((await packs.resources("ru")).common).toEqual(full);
    expect(await packs.pack("ru", "common", false)).toEqual(full);
    expect(await packs.get("ru", "common")).toEqual({ hello: "ru hello", menu: { home: "Домой" } });
    // A language without a pack: English where the portal has it, nothing otherwise.
    expect(await packs.pack("de", "common", true)).toEqual({ hello: "en hello", bye: "en bye", menu: { home: "Home", help: "Help" } });
    expect(await packs.pack("de", "common", false)).toBeNull();
    await writeFile(path.join(dir, "en", "common.json"), JSON.stringify({ hello: "en hello" }));
  });

  it("serve a language without packs in English, and keep serving real ones after many made-up languages", async () => {
    const packs = createLanguagePacks({ dir, cache: true });
    expect((await packs.resources("xx")).common).toEqual({ hello: "en hello" });
    for (let i = 0; i < 200; i++) await packs.resources(`made-up-${i}`);
    expect((await packs.resources("en")).common).toEqual({ hello: "en hello" });
  });
});
