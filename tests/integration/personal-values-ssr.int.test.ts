/**
 * No personal value reaches another viewer's page (issue 31). Two learners and a guest open the same
 * pages in turn, with the guest page cache on: each learner's name, e-mail, id and progress show on
 * that learner's pages only, never on the other learner's or the guest's, and the guest's pages are
 * the same whether a learner opened the page before or not. Whatever is rendered once and reused
 * for many viewers (the guest cache, shared parts of signed-in pages) must keep this test passing.
 */
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { Browser } from "../support/http";
import { register, type Registered } from "../support/sign-in";
import { useSsrApp } from "../support/ssr-app";

const ssr = useSsrApp({ PAGE_CACHE_MS: "60000" });

const PAGES = [
  "/en/",
  "/en/courses/",
  "/en/courses/reading-foundations",
  "/en/courses/reading-foundations/lesson/rf-slow-reading",
  "/tr/courses/reading-foundations",
];

/** A learner whose name is nobody else's, so finding it on a page means it came from this account. */
async function distinctLearner(tag: string): Promise<Registered & { values: string[] }> {
  // Names take letters only.
  const mark = [...randomBytes(4).toString("hex")].map((c) => "abcdefghijklmnop"[parseInt(c, 16)]).join("");
  const r = await register(ssr.app, { firstName: `${tag}F${mark}`, lastName: `${tag}L${mark}` }, new Browser(ssr.app));
  return { ...r, values: [`${tag}F${mark}`, `${tag}L${mark}`, r.email, r.userId, r.accessToken] };
}

/** The element states a page shows, in page order. */
const statesOf = (html: string) => [...html.matchAll(/data-element="([\w-]+)" data-state="(\w+)"/g)].map((m) => `${m[1]}=${m[2]}`);
/** A page without the CSP nonce: each render has its own, and a page from the guest cache has none. */
const stable = (html: string) => html.replace(/ nonce="[^"]*"/g, "");

describe("personal values on shared pages", () => {
  it("stay on their own learner's pages, whatever order the two learners and a guest come in", async () => {
    const a = await distinctLearner("Al");
    const b = await distinctLearner("Br");
    const finished = await a.browser.post("/api/progress/elements/rf-slow-reading/finish", undefined, { origin: "http://localhost" });
    expect(finished.statusCode, finished.body).toBe(200);
    const guest = new Browser(ssr.app);

    const firstGuestView = new Map<string, string>();
    for (const path of PAGES) firstGuestView.set(path, stable((await new Browser(ssr.app).get(path)).body));

    for (const round of [0, 1]) {
      for (const path of PAGES) {
        const order: [string, Browser][] =
          round === 0
            ? [
                ["a", a.browser],
                ["b", b.browser],
                ["guest", guest],
              ]
            : [
                ["guest", guest],
                ["b", b.browser],
                ["a", a.browser],
              ];
        const seen: Record<string, string> = {};
        for (const [who, browser] of order) {
          const res = await browser.get(path);
          expect(res.statusCode, `${who} ${path}`).toBe(200);
          seen[who] = res.body;
        }
        for (const value of a.values) {
          expect(seen.b, `a's ${value} on b's ${path}`).not.toContain(value);
          expect(seen.guest, `a's ${value} on the guest's ${path}`).not.toContain(value);
        }
        for (const value of b.values) {
          expect(seen.a, `b's ${value} on a's ${path}`).not.toContain(value);
          expect(seen.guest, `b's ${value} on the guest's ${path}`).not.toContain(value);
        }
        // The guest's page is what a guest got before any learner came.
        expect(stable(seen.guest), path).toBe(firstGuestView.get(path));
        if (path.includes("/courses/reading-foundations") && !path.includes("/lesson/")) {
          // a finished the first element; b, who finished nothing, sees what a new learner sees.
          expect(statesOf(seen.a)).toContain("rf-slow-reading=done");
          expect(statesOf(seen.b)).not.toContain("rf-slow-reading=done");
          expect(statesOf(seen.guest)).not.toContain("rf-slow-reading=done");
        }
      }
    }
    // Each learner's own page does carry the learner: the test can tell whose page it is.
    const own = await a.browser.get("/en/courses/reading-foundations");
    expect(own.body).toContain(a.values[0]);
  });
});
