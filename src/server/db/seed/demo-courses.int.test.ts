import { eq, isNotNull, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { describeEachDatabase } from "../../../../tests/setup/databases";
import { ZBlock } from "../../../domain/page";
import type { Db } from "../client";
import { courses, elements, microcourses, reviews, videoEventEpisodes, videoEvents } from "../schema/courses";
import { pages } from "../schema/portal";
import { DEMO_LANGS } from "./demo-content";
import { DEMO_COURSES, seedDemoCourses } from "./demo-courses";
import { changeContent } from "../../platform/content-version";

async function counts(db: Db) {
  const n = async (q: Promise<Array<{ n: number }>>) => Number((await q)[0].n);
  const c = sql<number>`count(*)::int`;
  return {
    courses: await n(db.select({ n: c }).from(courses)),
    elements: await n(db.select({ n: c }).from(elements)),
    modelPages: await n(db.select({ n: c }).from(pages).where(isNotNull(pages.modelName))),
    microcourses: await n(db.select({ n: c }).from(microcourses)),
    videoEvents: await n(db.select({ n: c }).from(videoEvents)),
    episodes: await n(db.select({ n: c }).from(videoEventEpisodes)),
    reviews: await n(db.select({ n: c }).from(reviews)),
  };
}

describeEachDatabase(
  "demo courses seed",
  (t) => {
    const expected = { courses: 3, elements: 14, modelPages: (3 + 14 + 2) * DEMO_LANGS.length, microcourses: 2, videoEvents: 1, episodes: 5, reviews: 16 };

    it("seeds a sequential free course (5+ elements with lessons, a test and a webinar), an arbitrary one, a paid one, microcourses, a video event and reviews", async () => {
      await t.seed();
      expect(await counts(t.db)).toEqual(expected);
      const rows = await t.db.select().from(courses).orderBy(courses.index);
      expect(rows.map((r) => [r.id, r.type, r.arbitraryWalkthrough, r.price, r.currency])).toEqual([
        ["reading-foundations", "free", false, null, null],
        ["lasting-habits", "free", true, null, null],
        ["confident-speaking", "paid", false, 490, "UAH"],
      ]);
      const reading = await t.db.select().from(elements).where(eq(elements.courseId, "reading-foundations"));
      expect(reading.length).toBeGreaterThanOrEqual(5);
      expect(new Set(reading.map((e) => e.type))).toEqual(new Set(["lesson", "test", "webinar"]));
    });

    it("writes real, distinct text in tr, en, ar and ru, and valid blocks on every page", async () => {
      for (const c of DEMO_COURSES) {
        for (const item of [c, ...c.elements]) {
          const titles = DEMO_LANGS.map((l) => item.title[l]);
          expect(new Set(titles).size, item.id).toBe(4);
          expect(titles.join(" ")).not.toMatch(/lorem|ipsum/i);
        }
      }
      const modelPages = await t.db.select().from(pages).where(isNotNull(pages.modelName));
      for (const p of modelPages) {
        expect(p.components.length, p.id).toBeGreaterThan(0);
        for (const b of p.components) expect(ZBlock.safeParse(b).success, `${p.id} ${b.id}`).toBe(true);
        expect(JSON.stringify(p.components)).not.toMatch(/lorem|ipsum/i);
      }
      // Arabic pages are written in Arabic script.
      expect(modelPages.filter((p) => p.lang === "ar").every((p) => /[\u0600-\u06FF]/.test(JSON.stringify(p.components)))).toBe(true);
    });

    it("is idempotent and keeps what a creator changed", async () => {
      await changeContent(t.db, async (tx) => {
        await tx
          .update(courses)
          .set({ title: { en: "Renamed by a creator" } })
          .where(eq(courses.id, "lasting-habits"));
      });
      await t.db.delete(reviews).where(eq(reviews.id, "rv-cs-en-1"));
      await seedDemoCourses(t.db, t.config);
      await seedDemoCourses(t.db, t.config);
      expect(await counts(t.db)).toEqual(expected);
      const [row] = await t.db.select().from(courses).where(eq(courses.id, "lasting-habits"));
      expect(row.title).toEqual({ en: "Renamed by a creator" });
    });
  },
  { seed: false },
);
