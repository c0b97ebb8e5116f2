import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { describeEachDatabase } from "../../../../tests/setup/databases";
import { LANGUAGE_PACKAGES } from "../../../domain/constants";

const ROOT = process.cwd();
const pkgJson = readFileSync(path.join(ROOT, "package.json"), "utf8");

describeEachDatabase("language packs over HTTP", (t) => {
  const get = (url: string) => t.app.inject({ method: "GET", url });

  describe("GET /locales/:lang/page/:file (the packs a page ships)", () => {
    const run = (body: string) => {
      const self: Record<string, unknown> = {};
      new Function("self", body)(self);
      return self.__mentoraPacks as { lang: string; packs: Record<string, unknown> };
    };

    it("answers an address of other packs' content with today's packs, not kept", async () => {
      const res = await get("/locales/en/page/common+shell.AAAAAAAAAAAAAAAA.js");
      expect(res.statusCode).toBe(200);
      expect(res.headers["cache-control"]).toBe("no-cache");
      expect(Object.keys(run(res.body).packs)).toEqual(["common", "shell"]);
    });

    it.each([
      "/locales/xx/page/common.AAAAAAAAAAAAAAAA.js",
      "/locales/en/page/common+mail.AAAAAAAAAAAAAAAA.js",
      "/locales/en/page/common+common.AAAAAAAAAAAAAAAA.js",
      "/locales/en/page/common.short.js",
      "/locales/en/page/common.AAAAAAAAAAAAAAAA.json",
      "/locales/en/page/..%2Fcommon.AAAAAAAAAAAAAAAA.js",
    ])("answers 404 NOT-FOUND for %s", async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe("NOT-FOUND");
    });

    it("answers 400 VALIDATION for a NUL byte in the name", async () => {
      const res = await get("/locales/en/page/common%00.AAAAAAAAAAAAAAAA.js");
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe("VALIDATION");
    });

    it("refuses an oversized name", async () => {
      const res = await get(`/locales/en/page/${"common+".repeat(300)}shell.AAAAAAAAAAAAAAAA.js`);
      expect([400, 414]).toContain(res.statusCode);
    });
  });

  describe("GET /locales/:lang/:pkg", () => {
    it("answers en/common.json as JSON that is never cached", async () => {
      const res = await get("/locales/en/common.json");
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toMatch(/^application\/json/);
      expect(res.headers["cache-control"]).toBe("no-cache");
      const onDisk = JSON.parse(readFileSync(path.join(ROOT, "locales/en/common.json"), "utf8"));
      expect(res.json()).toEqual(onDisk);
    });

    it.each(["tr", "en", "ar", "ru"].flatMap((lang) => LANGUAGE_PACKAGES.map((pkg) => [lang, pkg])))("answers %s/%s.json", async (lang, pkg) => {
      const res = await get(`/locales/${lang}/${pkg}.json`);
      expect(res.statusCode).toBe(200);
      expect(typeof res.json()).toBe("object");
    });

    it.each(["/locales/xx/common.json", "/locales/en/nope.json"])("answers 404 NOT-FOUND for %s", async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe("NOT-FOUND");
    });

    it.each(["/locales/en/common", "/locales/EN/common.json", "/locales/en/common.json.bak"])("answers 400 VALIDATION for the malformed %s", async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe("VALIDATION");
    });

    it.each([
      "/locales/..%2F..%2Fpackage.json/common.json",
      "/locales/en/..%2Fpackage.json",
      "/locales/en/..%2F..%2Fpackage.json",
      "/locales/..%2F..%2Fsrc%2Fserver/config.json",
      "/locales/../package.json",
      "/locales/en/%2e%2e%2f%2e%2e%2fpackage.json",
      "/locales/en%2F..%2F../package.json",
    ])("never serves files outside the packs for %s", async (url) => {
      const res = await get(url);
      expect([400, 404]).toContain(res.statusCode);
      expect(res.body).not.toContain('"devDependencies"');
      expect(res.body).not.toBe(pkgJson);
    });
  });
});
