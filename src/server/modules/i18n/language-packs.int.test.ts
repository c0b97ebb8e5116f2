import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { describeEachDatabase } from "../../../../tests/setup/databases";
import { LANGUAGE_PACKAGES } from "../../../domain/constants";

const ROOT = process.cwd();
const pkgJson = readFileSync(path.join(ROOT, "package.json"), "utf8");

describeEachDatabase("language packs over HTTP", (t) => {
  const get = (url: string) => t.app.inject({ method: "GET", url });

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
