import { eq } from "drizzle-orm";
import type { Config } from "../../config";
import { hashPreviewSecret } from "../../platform/preview-secret";
import { courses } from "../schema/courses";
import type { Db } from "../client";
import { changeContent } from "../../platform/content-version";
import { upsertCourse, upsertElement, upsertEpisode, upsertMicrocourse, upsertModelPage, upsertReview, upsertVideoEvent } from "./course-factories";
import { DEMO_LANGS } from "./demo-content";
import { habitsCourse } from "./demo-course-habits";
import type { DemoCourse } from "./demo-course-kit";
import { readingCourse } from "./demo-course-reading";
import { speakingCourse } from "./demo-course-speaking";
import { demoMicrocourses, demoReviews, demoVideoEvent } from "./demo-learning-extras";
import { upsertElementTest } from "./assessment-factories";
import { demoTests } from "./demo-tests";

export const DEMO_COURSES: DemoCourse[] = [readingCourse, habitsCourse, speakingCourse];
/**
 * The creator preview secret of the demo reading course: demo data only, seeded with the demo content
 * (SEED_DEMO) and nowhere else; it is public, so an install without the demo drops it (see seedAtStart).
 */
export const DEMO_PREVIEW_SECRET = "mentora-demo-preview";

/** Forgets the public demo preview secret on every course that still has it; the number of courses changed. */
export async function removeDemoPreviewSecret(db: Db): Promise<number> {
  return changeContent(db, async (tx) => {
    const changed = await tx
      .update(courses)
      .set({ previewSecretHash: null })
      .where(eq(courses.previewSecretHash, hashPreviewSecret(DEMO_PREVIEW_SECRET)))
      .returning();
    return changed.length;
  });
}

const DAY = 24 * 3600_000;

/** Later today (UTC) for an episode of "today": halfway to midnight, at most two hours ahead. */
function laterToday(now: Date): Date {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return new Date(now.getTime() + Math.min(2 * 3600_000, Math.floor((midnight - now.getTime()) / 2)));
}

/** Demo courses, microcourses, the video event and reviews. Idempotent: existing rows are kept. */
export async function seedDemoCourses(db: Db, config: Pick<Config, "PORTAL_ID" | "ENVIRONMENT_ID">, now: Date = new Date()) {
  const portalId = config.PORTAL_ID;
  const environmentId = config.ENVIRONMENT_ID;
  for (const c of DEMO_COURSES) {
    const pageAlias = `course-${c.id}`;
    await upsertCourse(db, {
      id: c.id,
      portalId,
      type: c.type,
      arbitraryWalkthrough: c.arbitraryWalkthrough,
      requiresRegistration: c.requiresRegistration,
      title: c.title,
      description: c.description,
      cover: c.cover,
      duration: c.duration,
      price: c.price ?? null,
      currency: c.currency ?? null,
      categoryId: c.category.id,
      categoryTitle: c.category.title,
      pageAlias,
      published: true,
      buttonText: c.buttonText,
      buttonTextBuy: c.buttonTextBuy,
      alignContent: "center",
      index: c.index,
      certificateEnabled: !!c.certificate,
      certificateValidityMonths: c.certificate?.validityMonths ?? null,
      ...(c === readingCourse ? { previewSecret: DEMO_PREVIEW_SECRET } : {}),
    });
    for (const lang of DEMO_LANGS) {
      await upsertModelPage(db, {
        environmentId,
        model: "course",
        modelId: c.id,
        alias: pageAlias,
        lang,
        title: c.title[lang],
        description: c.description[lang],
        components: c.page(lang),
      });
    }
    for (const [index, e] of c.elements.entries()) {
      await upsertElement(db, {
        id: e.id,
        courseId: c.id,
        type: e.type,
        title: e.title,
        duration: e.duration,
        index,
        number: index + 1,
        visible: true,
        discussionId: e.discussion ? `disc-${e.id}` : null,
        discussionActive: !!e.discussion,
      });
      for (const lang of DEMO_LANGS) {
        await upsertModelPage(db, {
          environmentId,
          model: "element",
          modelId: e.id,
          alias: `element-${e.id}`,
          lang,
          title: e.title[lang],
          components: e.blocks(lang),
        });
      }
      const test = demoTests[e.id];
      if (test) await upsertElementTest(db, e.id, test);
    }
  }

  for (const m of demoMicrocourses) {
    await upsertMicrocourse(db, {
      id: m.id,
      portalId,
      type: m.type,
      title: m.title,
      description: m.description,
      cover: m.cover,
      duration: m.duration,
      accessType: m.accessType,
      pageAlias: `microcourse-${m.id}`,
      index: m.index,
      number: m.index + 1,
      published: true,
    });
    for (const lang of DEMO_LANGS) {
      await upsertModelPage(db, {
        environmentId,
        model: "microcourse",
        modelId: m.id,
        alias: `microcourse-${m.id}`,
        lang,
        title: m.title[lang],
        components: m.blocks(lang),
      });
    }
  }

  const v = demoVideoEvent;
  await upsertVideoEvent(db, { id: v.id, portalId, title: v.title, description: v.description, cover: v.cover, published: true });
  for (const [index, e] of v.episodes.entries()) {
    const startDate = e.offsetDays === 0 ? laterToday(now) : new Date(now.getTime() + e.offsetDays * DAY);
    await upsertEpisode(db, { id: e.id, eventId: v.id, title: e.title, startDate, index });
  }

  for (const r of demoReviews) {
    await upsertReview(db, {
      id: r.id,
      courseId: r.courseId,
      lang: r.lang,
      author: r.author,
      rating: r.rating,
      text: r.text,
      createdAt: new Date(now.getTime() - r.daysAgo * DAY),
    });
  }
}
