import { randomUUID } from "node:crypto";
import type { TBlock } from "../../../domain/page";
import { hashPreviewSecret } from "../../platform/preview-secret";
import type { Db } from "../client";
import { changeContent } from "../../platform/content-version";
import { courses, elements, microcourses, reviews, videoEventEpisodes, videoEvents } from "../schema/courses";
import { upsertPage } from "./factories";

type CourseInsert = typeof courses.$inferInsert;
type ElementInsert = typeof elements.$inferInsert;
type MicrocourseInsert = typeof microcourses.$inferInsert;
type VideoEventInsert = typeof videoEvents.$inferInsert;
type EpisodeInsert = typeof videoEventEpisodes.$inferInsert;
type ReviewInsert = typeof reviews.$inferInsert;

/**
 * Seed helpers for learning content; like the other factories, inserts keep existing ids as they
 * are, so the demo seed can run at every start and tests can build the courses they need.
 */
export async function upsertCourse(
  db: Db,
  c: Partial<Omit<CourseInsert, "previewSecretHash">> & Pick<CourseInsert, "portalId" | "title"> & { previewSecret?: string },
) {
  const { previewSecret, ...rest } = c;
  const row: CourseInsert = {
    id: `course-${randomUUID()}`,
    published: true,
    ...rest,
    ...(previewSecret ? { previewSecretHash: hashPreviewSecret(previewSecret) } : {}),
  };
  await changeContent(db, async (tx) => {
    await tx.insert(courses).values(row).onConflictDoNothing();
  });
  return row as CourseInsert & { id: string };
}

export async function upsertElement(db: Db, e: Partial<ElementInsert> & Pick<ElementInsert, "courseId" | "type" | "title" | "index">) {
  const row: ElementInsert = { id: `el-${randomUUID()}`, number: e.index + 1, ...e };
  await changeContent(db, async (tx) => {
    await tx.insert(elements).values(row).onConflictDoNothing();
  });
  return row as ElementInsert & { id: string };
}

/** The page of a model (course, element, microcourse) in one language, built from blocks. */
export function upsertModelPage(
  db: Db,
  p: {
    environmentId: string;
    model: "course" | "element" | "microcourse";
    modelId: string;
    alias: string;
    lang: string;
    title: string;
    components: TBlock[];
    published?: boolean;
    description?: string;
  },
) {
  return upsertPage(db, {
    id: `page-${p.model}-${p.modelId}-${p.lang}`,
    environmentId: p.environmentId,
    alias: p.alias,
    lang: p.lang,
    title: p.title,
    description: p.description ?? null,
    published: p.published ?? true,
    type: "page",
    modelName: p.model,
    modelId: p.modelId,
    components: p.components,
  });
}

export async function upsertMicrocourse(db: Db, m: Partial<MicrocourseInsert> & Pick<MicrocourseInsert, "portalId" | "type" | "title">) {
  const row: MicrocourseInsert = { id: `mc-${randomUUID()}`, published: true, ...m };
  await changeContent(db, async (tx) => {
    await tx.insert(microcourses).values(row).onConflictDoNothing();
  });
  return row as MicrocourseInsert & { id: string };
}

export async function upsertVideoEvent(db: Db, v: Partial<VideoEventInsert> & Pick<VideoEventInsert, "portalId" | "title">) {
  const row: VideoEventInsert = { id: `ve-${randomUUID()}`, published: true, ...v };
  await changeContent(db, async (tx) => {
    await tx.insert(videoEvents).values(row).onConflictDoNothing();
  });
  return row as VideoEventInsert & { id: string };
}

export async function upsertEpisode(db: Db, e: Partial<EpisodeInsert> & Pick<EpisodeInsert, "eventId" | "title" | "startDate">) {
  const row: EpisodeInsert = { id: `ep-${randomUUID()}`, ...e };
  await changeContent(db, async (tx) => {
    await tx.insert(videoEventEpisodes).values(row).onConflictDoNothing();
  });
  return row as EpisodeInsert & { id: string };
}

export async function upsertReview(db: Db, r: Partial<ReviewInsert> & Pick<ReviewInsert, "courseId" | "lang" | "author" | "rating" | "text">) {
  const row: ReviewInsert = { id: `rv-${randomUUID()}`, ...r };
  await changeContent(db, async (tx) => {
    await tx.insert(reviews).values(row).onConflictDoNothing();
  });
  return row as ReviewInsert & { id: string };
}
