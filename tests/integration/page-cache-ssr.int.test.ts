/**
 * The anonymous HTML cache on the built app (docs/decisions/0026): a guest's main, catalogue, course
 * and policy pages are replayed from memory with the headers of a render and a policy that allows
 * their inline scripts by hash; signed-in and anonymous-session visitors never meet it; a content
 * change shows on the next guest page.
 */
import { createHash } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { describe, expect, it } from "vitest";
import { users } from "../../src/server/db/schema/users";
import { Browser, json } from "../support/http";
import { register, sessionBrowser } from "../support/sign-in";
import { useSsrApp } from "../support/ssr-app";

const ssr = useSsrApp({ PAGE_CACHE_MS: "15000" });

const DECIDED = "cookie-agreement=analytics%3A0%7Cyoutube%3A0%7Cvimeo%3A0%7Chotjar%3A0";
const GUEST = { cookie: `lang=en; ${DECIDED}` };
const origin = { origin: "http://localhost" };

/** A browser's user agent: inject's own ("lightMyRequest") reads as a crawler. */
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";
const get = (url: string, headers: Record<string, string> = GUEST) => ssr.app.inject({ method: "GET", url, headers: { "user-agent": BROWSER, ...headers } });
const csp = (res: LightMyRequestResponse) => String(res.headers["content-security-policy"] ?? "");
const nonceOf = (res: LightMyRequestResponse) => /'nonce-([^']+)'/.exec(csp(res))?.[1];
const isHit = (res: LightMyRequestResponse) => csp(res).includes("'sha256-") && !csp(res).includes("'nonce-");

/** Requests `url` until the answer comes from the cache (the first ones render and store it). */
async function hit(url: string, headers: Record<string, string> = GUEST): Promise<LightMyRequestResponse> {
  for (let i = 0; i < 50; i++) {
    const res = await get(url, headers);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    if (isHit(res)) return res;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`${url} was never served from the cache`);
}

/** A learner with a name nobody else has, signed in, who finished the first lesson of reading-foundations. */
async function learnerWithProgress() {
  const browser = new Browser(ssr.app);
  const firstName = `Zebulon${Array.from({ length: 6 }, () => "abcdefghijklmnopqrstuvwxyz"[Math.floor(Math.random() * 26)]).join("")}`;
  const { userId } = await register(ssr.app, { firstName, lastName: "Quartermaine" }, browser);
  browser.jar.lang = "en";
  browser.jar["cookie-agreement"] = decodeURIComponent(DECIDED.split("=")[1]!);
  json(await browser.post("/api/progress/elements/rf-slow-reading/finish", undefined, origin));
  return { browser, firstName, userId };
}

const ordinary = (headers: LightMyRequestResponse["headers"]) => {
  const {
    "content-security-policy": _csp,
    "content-length": _l,
    date: _d,
    "transfer-encoding": _t,
    connection: _c,
    vary: _v,
    "content-encoding": _e,
    "x-request-id": _id,
    ...rest
  } = headers;
  return rest;
};

describe("anonymous HTML cache", () => {
  it("replays a guest page with the render's headers and a policy of hashes instead of the nonce", async () => {
    const url = "/en/courses/lasting-habits";
    const fresh = await get(url);
    const nonce = nonceOf(fresh)!;
    expect(nonce).toBeTruthy();
    const first = await hit(url);
    const second = await hit(url);

    expect(ordinary(first.headers)).toEqual(ordinary(fresh.headers));
    // Each reply has its own request's id, the replayed ones too (docs/decisions/0067).
    expect(new Set([fresh, first, second].map((r) => r.headers["x-request-id"])).size).toBe(3);
    expect(first.headers["cache-control"]).toBe("no-store");
    expect(first.headers.vary).toBe("Accept-Encoding");
    // The same document, without the render's nonce anywhere.
    expect(first.body).toBe(fresh.body.split(` nonce="${nonce}"`).join(""));
    expect(first.body).not.toContain("nonce=");
    expect(second.body).toBe(first.body);
    // Every inline script is allowed by its hash, and nothing by a nonce.
    const scripts = [...first.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter((m) => !/\ssrc=/.test(m[1]!));
    expect(scripts.length).toBeGreaterThan(2);
    for (const [, , body] of scripts) expect(csp(first)).toContain(`'sha256-${createHash("sha256").update(body!).digest("base64")}'`);
    expect(csp(first).replace(/ 'sha256-[^']+'/g, "")).toBe(csp(fresh).replace(` 'nonce-${nonce}'`, ""));
    expect(csp(second)).toBe(csp(first));
  });

  it("gives every render its own nonce, and no hit any nonce", async () => {
    const nonces = new Set<string>();
    for (const url of ["/en/?a=1", "/en/?a=2", "/en/?a=3"]) nonces.add(nonceOf(await get(url))!);
    expect(nonces.size).toBe(3);
    const [a, b] = [await hit("/en/"), await hit("/en/")];
    expect(nonceOf(a)).toBeUndefined();
    expect(nonceOf(b)).toBeUndefined();
  });

  it("answers in the encoding the client takes, each the same document", async () => {
    const url = "/en/privacy-policy/";
    const plain = await hit(url, { ...GUEST, "accept-encoding": "identity" });
    const br = await hit(url, { ...GUEST, "accept-encoding": "gzip, deflate, br" });
    const gz = await hit(url, { ...GUEST, "accept-encoding": "gzip" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(br.headers["content-encoding"]).toBe("br");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
  });

  it("replays the language cookie of a first visit, and keeps languages, decisions and crawlers apart", async () => {
    const url = "/tr/courses";
    const firstVisit = await get(url, {});
    const replayed = await hit(url, {});
    expect(replayed.headers["set-cookie"]).toEqual(firstVisit.headers["set-cookie"]);
    expect(String(replayed.headers["set-cookie"])).toMatch(/^lang=tr; Path=\//);
    expect(replayed.body).toContain('<html lang="tr"');

    await hit(url, GUEST);
    expect(isHit(await get(url, { cookie: `lang=tr; ${DECIDED.replace("youtube%3A0", "youtube%3A1")}` }))).toBe(false);
    expect(isHit(await get(url, { ...GUEST, "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" }))).toBe(false);
    expect(isHit(await get(url, { ...GUEST, host: "127.0.0.1" }))).toBe(false);
  });

  it("keeps the catalogue's cursor pages apart from page 1 and from each other, and never stores a bad cursor's 404", async () => {
    const first = await hit("/en/courses/");
    const after = "/en/courses/?after=1.reading-foundations";
    const miss = await get(after);
    expect(isHit(miss)).toBe(false);
    const again = await hit(after);
    expect(again.body).toBe((await get(after)).body);
    // Page 1 lists the course the cursor names; the page after it does not.
    expect(first.body).toContain("Foundations of Reading");
    expect(again.body).not.toContain("Foundations of Reading");
    expect(again.body).toContain('<link rel="canonical" href="http://localhost:3000/en/courses/?after=1.reading-foundations"/>');
    for (const bad of ["/en/courses/?after=1.no-such-course", "/en/courses/?before=1.no-such-course"]) {
      // A 404 is not stored (only 200 pages are): the second one is rendered again.
      expect((await get(bad)).statusCode).toBe(404);
      const again404 = await get(bad);
      expect(again404.statusCode).toBe(404);
      expect(isHit(again404)).toBe(false);
    }
  });

  it("never answers from it a query string, a bearer header, a session cookie or any other page", async () => {
    for (const [url, headers] of [
      ["/en/courses?tab=2", GUEST],
      ["/en/courses", { ...GUEST, authorization: "Bearer not-a-token" }],
      ["/en/courses", { cookie: `${GUEST.cookie}; apollo-token=not-a-token` }],
      ["/en/pages/blocks-showcase", GUEST],
    ] as const) {
      await get(url, headers);
      const again = await get(url, headers);
      expect(isHit(again), url).toBe(false);
    }
  });

  it("never shows a learner's name or progress to a guest, when the guest came first", async () => {
    const url = "/en/courses/reading-foundations";
    const before = await hit(url);
    expect(before.body).toMatch(/data-element="rf-slow-reading" data-state="opened"/);

    const { browser, firstName, userId } = await learnerWithProgress();
    const mine = await browser.get(url);
    expect(isHit(mine)).toBe(false);
    expect(mine.body).toContain(firstName);
    expect(mine.body).toMatch(/data-element="rf-slow-reading" data-state="done"/);

    const after = await hit(url);
    expect(after.body).toBe(before.body);
    for (const personal of [firstName, "Quartermaine", userId]) expect(after.body).not.toContain(personal);
  });

  it("never shows a learner's name or progress to a guest, when the learner came first", async () => {
    const url = "/en/courses/reading-foundations/";
    const { browser, firstName, userId } = await learnerWithProgress();
    const mine = await browser.get(url);
    expect(mine.body).toContain(firstName);
    expect(isHit(await browser.get(url))).toBe(false);

    const guestPage = await get(url);
    expect(isHit(guestPage)).toBe(false);
    const replayed = await hit(url);
    for (const page of [guestPage, replayed]) {
      for (const personal of [firstName, "Quartermaine", userId]) expect(page.body).not.toContain(personal);
      expect(page.body).toMatch(/data-element="rf-slow-reading" data-state="opened"/);
    }
  });

  it("never serves an anonymous-session visitor from it, nor keeps its page", async () => {
    const url = "/en/terms-of-use";
    const { browser, userId } = await sessionBrowser(ssr.app);
    browser.jar.lang = "en";
    browser.jar["cookie-agreement"] = decodeURIComponent(DECIDED.split("=")[1]!);
    const first = await browser.get(url);
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain(userId);
    // Its render stored nothing: the next guest renders too.
    expect(isHit(await get(url))).toBe(false);
    await hit(url);
    const again = await browser.get(url);
    expect(isHit(again)).toBe(false);
    expect(again.body).toContain(userId);
  });

  it("shows a course change through the admin API on the very next guest page", async () => {
    const admin = new Browser(ssr.app);
    const { userId } = await register(ssr.app, {}, admin);
    await ssr.database.db
      .update(users)
      .set({ roles: ["admin"] })
      .where(eq(users.id, userId));
    const page = "/en/courses/confident-speaking";
    const list = "/en/courses/";
    expect(/<h1[^>]*>Speaking with Confidence<\/h1>/.test((await hit(page)).body)).toBe(true);
    expect((await hit(list)).body).toContain("Speaking with Confidence");

    json(await admin.patch("/api/admin/courses/confident-speaking", { title: { en: "Speaking, Freshly Renamed" } }, origin));
    // The course's own title (the heading and the card); the course page's blocks keep their texts.
    const heading = /<h1[^>]*>([^<]*)<\/h1>/;
    expect(heading.exec((await get(page)).body)?.[1]).toBe("Speaking, Freshly Renamed");
    const next = await get(list);
    expect(next.body).toContain("Speaking, Freshly Renamed");
    expect(next.body).not.toContain("Speaking with Confidence");
    expect(heading.exec((await hit(page)).body)?.[1]).toBe("Speaking, Freshly Renamed");
  });
});
