/**
 * Signed-in pages from templates (docs/decisions/0083): a learner's course page served from a
 * template is the document React Router renders for that learner, byte for byte but the nonce, and
 * learners whose page data is the same apart from their own words share one template. A request with
 * a bearer token never takes the template path, so it gives the full render to compare with.
 */
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import type { PageTemplates } from "../../src/server/platform/page-templates";
import { Browser } from "../support/http";
import { register, type Registered } from "../support/sign-in";
import { useSsrApp } from "../support/ssr-app";

const ssr = useSsrApp({ PAGE_TEMPLATE_MS: "60000" });
const templates = () => (ssr.app as FastifyInstance & { pageTemplates: PageTemplates }).pageTemplates;

const COURSE = "/reading-foundations";
/** The pages served from templates: the course page, a lesson, the main page. */
const PAGES = [`/courses${COURSE}`, `/courses${COURSE}/lesson/rf-slow-reading`, "/"];
/** A browser's request for a page (inject's own user agent reads as a crawler's). */
const PAGE = { accept: "text/html", "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36" };
/** Each render has its own nonce. */
const stable = (html: string) => html.replace(/ nonce="[^"]*"/g, ' nonce=""');

/** The page as React Router renders it for this learner (a bearer token: never from a template). */
async function fullRender(who: Registered, path: string): Promise<string> {
  const res = await new Browser(ssr.app).get(path, { ...PAGE, authorization: `Bearer ${who.accessToken}` });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return stable(res.body);
}

async function fromTemplate(who: Registered, path: string): Promise<string> {
  const res = await who.browser.get(path, PAGE);
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return stable(res.body);
}

describe("signed-in page templates", () => {
  it("give each learner the document React Router renders for them, and one template to learners alike", async () => {
    // Words that React and React Router escape: an apostrophe and a quote, Arabic, a plus in the address.
    const a = await register(ssr.app, { firstName: `D'Souza"Ann`, lastName: "عبد الله", email: `a+${Date.now()}@example.com` });
    const b = await register(ssr.app, { firstName: "Ольга-Мария", lastName: "Çağrı Su" });
    templates().clear();

    for (const [lang, page] of ["en", "ar", "tr"].flatMap((l) => PAGES.map((p) => [l, p] as const))) {
      const path = `/${lang}${page}`;
      // A first visit in a language sets its cookie: React Router answers it.
      for (const who of [a, b]) await who.browser.get(`/${lang}/guideline/base`, PAGE);
      const before = templates().size;
      const firstA = await fromTemplate(a, path);
      expect(templates().size, `${path}: a's view made a template`).toBe(before + 1);
      expect(firstA, `${path}: a, rendered as a template`).toBe(await fullRender(a, path));
      expect(await fromTemplate(a, path), `${path}: a, from the template`).toBe(firstA);
      // b has done what a has (nothing yet): the same template, b's own words.
      const viewB = await fromTemplate(b, path);
      expect(templates().size, `${path}: b used a's template`).toBe(before + 1);
      expect(viewB, `${path}: b, from a's template`).toBe(await fullRender(b, path));
      for (const word of ["D&#x27;Souza&quot;Ann", "عبد الله", a.email, a.userId]) expect(viewB).not.toContain(word);
      expect(viewB).toContain("Ольга-Мария Çağrı Su");
    }

    // a finishes the first element: a's course page is another template now.
    const finished = await a.browser.post("/api/progress/elements/rf-slow-reading/finish", undefined, { origin: "http://localhost" });
    expect(finished.statusCode, finished.body).toBe(200);
    const path = `/en/courses${COURSE}`;
    for (const who of [a, b]) await who.browser.get("/en/guideline/base", PAGE);
    const before = templates().size;
    const done = await fromTemplate(a, path);
    expect(templates().size).toBe(before + 1);
    expect(done).toMatch(/data-element="rf-slow-reading" data-state="done"/);
    expect(done).toBe(await fullRender(a, path));
    expect(await fromTemplate(b, path)).not.toMatch(/data-element="rf-slow-reading" data-state="done"/);
  });

  it("leave guests, crawlers, the catalogue and data requests to React Router", async () => {
    const a = await register(ssr.app);
    templates().clear();
    expect((await new Browser(ssr.app).get(`/en/courses${COURSE}`, PAGE)).statusCode).toBe(200);
    expect((await a.browser.get(`/en/courses${COURSE}`, { accept: "text/html", "user-agent": "Googlebot/2.1" })).statusCode).toBe(200);
    expect((await a.browser.get("/en/courses/", PAGE)).statusCode).toBe(200);
    expect((await a.browser.get(`/en/courses${COURSE}.data`, PAGE)).statusCode).toBe(200);
    expect(templates().size).toBe(0);
  });

  it("answer a course that does not exist as React Router does", async () => {
    const a = await register(ssr.app);
    templates().clear();
    const res = await a.browser.get("/en/courses/no-such-course", PAGE);
    expect(res.statusCode).toBe(404);
    expect(templates().size).toBe(0);
  });
});
