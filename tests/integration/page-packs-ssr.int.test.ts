/**
 * The language packs a page ships travel as a script file the browser keeps (issue 31): the page
 * names it, every page that ships the same packs names the same file, and the file sets the packs
 * the page renders with. Runs on the built app.
 */
import zlib from "node:zlib";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { useSsrApp } from "../support/ssr-app";

const ssr = useSsrApp();
const get = (url: string, headers: Record<string, string> = {}) => ssr.app.inject({ method: "GET", url, headers });
const srcOf = (html: string) => /<script id="mentora-packs" src="([^"]+)"/.exec(html)?.[1];
/** What the file does in a browser: it sets `self.__mentoraPacks`. */
function run(body: string) {
  const self: Record<string, unknown> = {};
  new Function("self", body)(self);
  return self.__mentoraPacks as { lang: string; packs: Record<string, unknown> };
}

describe("the packs a page ships", () => {
  it("come from a file the page names, kept a year, the same for every page that ships them", async () => {
    const page = await get("/ar/courses/reading-foundations");
    const src = srcOf(page.body)!;
    expect(src).toMatch(/^\/locales\/ar\/page\/common\+shell\+policy\+[a-z+-]+\.[A-Za-z0-9_-]{16}\.js$/);
    // The page itself no longer carries them.
    expect(page.body).not.toContain('"common":{');
    expect(srcOf((await get("/ar/courses/reading-foundations/lesson/rf-slow-reading")).body)).toBe(src);
    // Before the app's module script, so the packs are set when it runs.
    expect(page.body.indexOf(`src="${src}"`)).toBeLessThan(page.body.indexOf('type="module"', page.body.indexOf("<body")));
    const res = await get(src);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/javascript/);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const shipped = run(res.body);
    expect(shipped.lang).toBe("ar");
    expect(Object.keys(shipped.packs)).toEqual(src.split("/").at(-1)!.split(".")[0]!.split("+"));
    const onDisk = JSON.parse(readFileSync(path.join(process.cwd(), "locales/ar/common.json"), "utf8")) as Record<string, unknown>;
    expect(shipped.packs.common).toMatchObject(onDisk);
  });

  it.each(["br", "gzip"])("are sent %s-compressed when asked, decoding to the same script", async (coding) => {
    const src = srcOf((await get("/en/courses/reading-foundations")).body)!;
    const plain = await get(src);
    const res = await get(src, { "accept-encoding": coding });
    expect(res.headers["content-encoding"]).toBe(coding);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    const decoded = coding === "br" ? zlib.brotliDecompressSync(res.rawPayload) : zlib.gunzipSync(res.rawPayload);
    expect(decoded.toString()).toBe(plain.body);
  });
});
