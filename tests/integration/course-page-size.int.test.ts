/**
 * The course page at size (issue 30, docs/decisions/0075-lean-loader-data.md): a course of 100
 * elements costs at most twice the HTML of the same course with 10, for a guest and for a learner
 * with progress, and the loader data React Router streams into the page grows by a small, bounded
 * amount per element (the element list is in the markup once, not repeated in full in the data).
 * Byte counts are deterministic for the same content, so they are asserted, unlike timings.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { upsertCourse, upsertElement } from "../../src/server/db/seed/course-factories";
import type { TElementType } from "../../src/domain/element";
import { Browser } from "../support/http";
import { register } from "../support/sign-in";
import { useSsrApp } from "../support/ssr-app";

const ssr = useSsrApp();
const origin = { origin: "http://localhost" };
const TYPES: TElementType[] = ["lesson", "lesson", "test", "lesson", "webinar"];

/** A course of `n` visible elements with titles of a real course's length in en and ar. */
async function courseOf(n: number): Promise<{ id: string; elementIds: string[] }> {
  const db = ssr.database.db;
  const course = await upsertCourse(db, {
    id: `size-${n}`,
    portalId: ssr.config.PORTAL_ID,
    title: { en: `A course of ${n} steps`, ar: `دورة من ${n} خطوة` },
    description: { en: "Short steps, one at a time.", ar: "خطوات قصيرة، واحدة تلو الأخرى." },
    duration: 10 * n,
  });
  const elementIds: string[] = [];
  for (let i = 0; i < n; i++) {
    const e = await upsertElement(db, {
      // The studio's ids (el-<uuid>): each is in the row's data, its href and its data-element.
      id: `el-${randomUUID()}`,
      courseId: course.id,
      type: TYPES[i % TYPES.length],
      title: { en: `Step ${i + 1}: reading a longer passage with care`, ar: `الخطوة ${i + 1}: قراءة نص أطول بعناية` },
      duration: 5 + (i % 7),
      index: i,
      visible: true,
    });
    elementIds.push(e.id);
  }
  return { id: course.id, elementIds };
}

/** A page's bytes: the whole HTML, React Router's loader data (its context and streamed scripts), and the rest. */
function measure(html: string) {
  const total = Buffer.byteLength(html);
  let loaderData = 0;
  for (const m of html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)) {
    if (m[1].includes("__reactRouterContext")) loaderData += Buffer.byteLength(m[0]);
  }
  return { total, loaderData, markup: total - loaderData };
}

/**
 * A page as a first visit loads it: its HTML and the file of the language packs it names (inline in
 * the page until decision 0079; the same at every course length, and kept by the browser after).
 */
async function page(b: Browser, path: string) {
  const res = await b.get(path);
  expect(res.statusCode, path).toBe(200);
  const src = /<script id="mentora-packs" src="([^"]+)"/.exec(res.body)?.[1];
  expect(src, path).toBeDefined();
  const packs = await b.get(src!);
  expect(packs.statusCode, src).toBe(200);
  const html = measure(res.body);
  return { html: res.body, ...html, total: html.total + Buffer.byteLength(packs.body) };
}

describe("the course page at size", () => {
  let small: Awaited<ReturnType<typeof courseOf>>;
  let large: Awaited<ReturnType<typeof courseOf>>;
  let learner: Browser;
  beforeAll(async () => {
    small = await courseOf(10);
    large = await courseOf(100);
    learner = new Browser(ssr.app);
    await register(ssr.app, {}, learner);
    // Some progress in each: three done, the fourth opened.
    for (const c of [small, large]) {
      for (const id of c.elementIds.slice(0, 3)) {
        expect((await learner.post(`/api/progress/elements/${id}/finish`, undefined, origin)).statusCode).toBe(200);
      }
    }
  });

  it("costs at most twice the bytes at 100 elements of the page at 10, guest and learner, en and ar", async () => {
    const figures: string[] = [];
    const checks: Array<() => void> = [];
    for (const [who, b] of [
      ["guest", new Browser(ssr.app)],
      ["learner", learner],
    ] as const) {
      for (const lang of ["en", "ar"]) {
        const at10 = await page(b, `/${lang}/courses/${small.id}`);
        const at100 = await page(b, `/${lang}/courses/${large.id}`);
        const perElement = (at100.loaderData - at10.loaderData) / 90;
        const perElementTotal = (at100.total - at10.total) / 90;
        figures.push(
          `${who} ${lang}: 10 -> ${at10.total} B (loader data ${at10.loaderData}), 100 -> ${at100.total} B (loader data ${at100.loaderData}), ratio ${(at100.total / at10.total).toFixed(2)}, ${perElementTotal.toFixed(0)} B/element of which loader data ${perElement.toFixed(0)}`,
        );
        checks.push(() => {
          // The page is whole: every element is listed, with the learner's states.
          expect(at100.html.match(/<li data-element=/g)).toHaveLength(100);
          if (who === "learner") {
            expect(at100.html).toMatch(new RegExp(`data-element="${large.elementIds[2]}" data-state="done"`));
            expect(at100.html).toMatch(new RegExp(`data-element="${large.elementIds[3]}" data-state="opened"`));
          }
          expect(at100.total / at10.total, `${who} ${lang}`).toBeLessThanOrEqual(2);
          // The ratio also moves with the page's fixed part; a row's own cost does not. A row of a
          // 45-character title and a studio id costs about 500 bytes (about 1,600 before decision 0075).
          expect(perElementTotal, `${who} ${lang} bytes per element`).toBeLessThanOrEqual(560);
          // What the client needs per element to hydrate (id, type, number, minutes, state, title):
          // about 125 bytes, two thirds of them the id and the title; the full rows cost about 340.
          expect(perElement, `${who} ${lang} loader data per element`).toBeLessThanOrEqual(150);
        });
      }
    }
    console.log(figures.join("\n"));
    for (const check of checks) check();
  });

  it("keeps an element page's size whatever the course's length (it lists only its neighbours)", async () => {
    const at10 = await page(learner, `/en/courses/${small.id}/lesson/${small.elementIds[3]}`);
    const at100 = await page(learner, `/en/courses/${large.id}/lesson/${large.elementIds[3]}`);
    console.log(`element page: 10 -> ${at10.total} B (loader data ${at10.loaderData}), 100 -> ${at100.total} B (loader data ${at100.loaderData})`);
    // Only the course's title and id differ ("10" and "100").
    expect(Math.abs(at100.total - at10.total)).toBeLessThanOrEqual(64);
  });
});
