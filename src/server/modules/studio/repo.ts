import { createHash } from "node:crypto";
import { and, asc, count, desc, eq, inArray, lt, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { TAwardDefinition, TCourseGift } from "../../../domain/rewards";
import type { TAuditQuery, TAuditSummary, TPricing } from "../../../domain/studio";
import type { Db } from "../../db/client";
import { auditLog } from "../../db/schema/audit";
import { courses, elements, microcourses, videoEventEpisodes, videoEvents } from "../../db/schema/courses";
import { environments, pages } from "../../db/schema/portal";
import { awards, courseGifts } from "../../db/schema/rewards";
import type { TNavigationItem } from "../../../domain/portal";
import { changeContent } from "../../platform/content-version";
import { inTransaction } from "../../db/transaction";
import { pageStore, pageUsageStore } from "./pages-repo";

export type CourseRow = typeof courses.$inferSelect & { elementsCount: number; gift: TCourseGift | null; award: TAwardDefinition | null };

/**
 * The id of the award a course grants when finished (the course settings' `award`): derived from the
 * course id, which may hold capitals and _ that award ids do not.
 */
export function courseAwardId(courseId: string): string {
  return `course-${createHash("sha256").update(courseId).digest("hex").slice(0, 20)}`;
}
export type ElementRow = typeof elements.$inferSelect;
export type MicrocourseRow = typeof microcourses.$inferSelect;
export type VideoEventRow = typeof videoEvents.$inferSelect;
export type EpisodeRow = typeof videoEventEpisodes.$inferSelect;

export interface MicrocourseWrite {
  title?: Record<string, string>;
  description?: Record<string, string>;
  cover?: string | null;
  duration?: number;
  accessType?: MicrocourseRow["accessType"];
  pageAlias?: string | null;
  visible?: boolean;
  published?: boolean;
  hidden?: boolean;
}

export interface VideoEventWrite {
  title?: Record<string, string>;
  description?: Record<string, string>;
  cover?: string | null;
  pageAlias?: string | null;
  published?: boolean;
}

export interface EpisodeWrite {
  title?: Record<string, string>;
  startDate?: Date;
  videoUrl?: string | null;
}

export interface CourseWrite {
  title?: Record<string, string>;
  description?: Record<string, string>;
  category?: { id: string; title: Record<string, string> };
  pricing?: TPricing;
  arbitraryWalkthrough?: boolean;
  published?: boolean;
  hidden?: boolean;
  buttonText?: Record<string, string>;
  buttonTextBuy?: Record<string, string>;
  cover?: string | null;
  /** Per-language covers: an address sets a language's, null removes it (back to `cover`). */
  covers?: Record<string, string | null>;
  certificate?: { enabled: boolean; validityMonths: number | null };
  /** Null removes the course's gift. */
  gift?: TCourseGift | null;
  /** The course's completion award; null retires it. */
  award?: Pick<TAwardDefinition, "title" | "description" | "badge"> | null;
}

export interface ElementWrite {
  title?: Record<string, string>;
  duration?: number;
  cover?: string | null;
  visible?: boolean;
  discussionActive?: boolean;
}

/** Who makes a content change: every audit row of it names them. */
export interface Author {
  portalId: string;
  actorId: string;
}

/** What one audit row says of a change (its author is the change's). */
export interface AuditWrite {
  action: string;
  entityType: string;
  entityId: string;
  summary: TAuditSummary;
}

/** jsonb `||`: the languages named replace theirs, the others stay. */
const merge = (column: AnyPgColumn, value: Record<string, string> | undefined) => (value ? sql`${column} || ${JSON.stringify(value)}::jsonb` : undefined);

/** The covers map with the languages given an address set and those given null removed (jsonb `||` then `-`). */
function coversChange(change: Record<string, string | null> | undefined): SQL | undefined {
  if (!change) return undefined;
  const entries = Object.entries(change);
  const set = Object.fromEntries(entries.filter(([, url]) => url !== null));
  const removed = entries.filter(([, url]) => url === null).map(([lang]) => lang);
  const merged = sql`${courses.covers} || ${JSON.stringify(set)}::jsonb`;
  return removed.length ? sql`(${merged}) - ${`{${removed.join(",")}}`}::text[]` : merged;
}

const pricingColumns = (p: TPricing | undefined) =>
  p === undefined ? {} : p.type === "paid" ? { type: p.type, price: p.price, currency: p.currency } : { type: p.type, price: null, currency: null };

/*
 * Drizzle writes a column of a one-table select without its table's name, so `${elements.courseId} =
 * ${courses.id}` became "course_id" = "id" (inside the subquery: each element against itself, always 0).
 * The correlated count names both tables itself.
 */
const elementsCount =
  sql<number>`(select count(*)::int from ${elements} where ${elements}.${sql.identifier(elements.courseId.name)} = ${courses}.${sql.identifier(courses.id.name)})`.as(
    "elements_count",
  );

function reads(db: Db) {
  const listCourses = (portalId: string, where?: SQL): Promise<CourseRow[]> =>
    db
      .select({ course: courses, elementsCount, gift: courseGifts.gift })
      .from(courses)
      .leftJoin(courseGifts, eq(courseGifts.courseId, courses.id))
      .where(and(eq(courses.portalId, portalId), where))
      .orderBy(asc(courses.index), asc(courses.dateCreated), asc(courses.id))
      .then(async (rows) => {
        const ids = rows.map((r) => courseAwardId(r.course.id));
        const held = ids.length
          ? await db
              .select()
              .from(awards)
              .where(and(eq(awards.portalId, portalId), inArray(awards.id, ids)))
          : [];
        const byId = new Map(held.map((a) => [a.id, a.definition]));
        return rows.map((r) => ({
          ...r.course,
          elementsCount: Number(r.elementsCount),
          gift: r.gift ?? null,
          award: byId.get(courseAwardId(r.course.id)) ?? null,
        }));
      });
  return {
    /** The page designer's live rows, drafts and versions (pages-repo.ts). */
    pages: pageStore(db),
    /** What names or owns a page, and moving or removing every row of an alias (pages-repo.ts). */
    pageUsages: pageUsageStore(db),
    courses: listCourses,
    async course(portalId: string, id: string): Promise<CourseRow | null> {
      return (await listCourses(portalId, eq(courses.id, id)))[0] ?? null;
    },
    elements(courseId: string): Promise<ElementRow[]> {
      return db.select().from(elements).where(eq(elements.courseId, courseId)).orderBy(asc(elements.index), asc(elements.createdAt));
    },
    /** An element of one of the portal's courses; null for another portal's or none. */
    async element(portalId: string, id: string): Promise<ElementRow | null> {
      const [row] = await db
        .select({ element: elements })
        .from(elements)
        .innerJoin(courses, eq(courses.id, elements.courseId))
        .where(and(eq(courses.portalId, portalId), eq(elements.id, id)));
      return row?.element ?? null;
    },
    /** The environment's navigation tree and its version (the row's updatedAt); null when there is no such environment. */
    async navigation(environmentId: string): Promise<{ tree: TNavigationItem[]; version: string } | null> {
      const [row] = await db
        .select({ navigation: environments.navigation, updatedAt: environments.updatedAt })
        .from(environments)
        .where(eq(environments.id, environmentId));
      return row ? { tree: row.navigation, version: row.updatedAt.toISOString() } : null;
    },
    /** Which of `aliases` name a page of the environment (any language, any state). */
    async pageAliases(environmentId: string, aliases: string[]): Promise<Set<string>> {
      if (aliases.length === 0) return new Set();
      const rows = await db
        .selectDistinct({ alias: pages.alias })
        .from(pages)
        .where(and(eq(pages.environmentId, environmentId), inArray(pages.alias, aliases)));
      return new Set(rows.map((r) => r.alias));
    },
    microcourses(portalId: string, id?: string): Promise<MicrocourseRow[]> {
      return db
        .select()
        .from(microcourses)
        .where(and(eq(microcourses.portalId, portalId), id === undefined ? undefined : eq(microcourses.id, id)))
        .orderBy(asc(microcourses.index), asc(microcourses.dateCreated), asc(microcourses.id));
    },
    videoEvents(portalId: string, id?: string): Promise<VideoEventRow[]> {
      return db
        .select()
        .from(videoEvents)
        .where(and(eq(videoEvents.portalId, portalId), id === undefined ? undefined : eq(videoEvents.id, id)))
        .orderBy(asc(videoEvents.dateCreated), asc(videoEvents.id));
    },
    /** Episodes of the events in the studio's order: by index, then start. */
    episodes(eventIds: string[]): Promise<EpisodeRow[]> {
      if (eventIds.length === 0) return Promise.resolve([]);
      return db
        .select()
        .from(videoEventEpisodes)
        .where(inArray(videoEventEpisodes.eventId, eventIds))
        .orderBy(asc(videoEventEpisodes.index), asc(videoEventEpisodes.startDate), asc(videoEventEpisodes.id));
    },
    /** An episode of one of the portal's events; null for another portal's or none. */
    async episode(portalId: string, id: string): Promise<EpisodeRow | null> {
      const [row] = await db
        .select({ episode: videoEventEpisodes })
        .from(videoEventEpisodes)
        .innerJoin(videoEvents, eq(videoEvents.id, videoEventEpisodes.eventId))
        .where(and(eq(videoEvents.portalId, portalId), eq(videoEventEpisodes.id, id)));
      return row?.episode ?? null;
    },
    audit(portalId: string, q: TAuditQuery) {
      return db
        .select()
        .from(auditLog)
        .where(
          and(
            eq(auditLog.portalId, portalId),
            q.entityType ? eq(auditLog.entityType, q.entityType) : undefined,
            q.entityId ? eq(auditLog.entityId, q.entityId) : undefined,
            q.before ? lt(auditLog.id, q.before) : undefined,
          ),
        )
        .orderBy(desc(auditLog.id))
        .limit(q.limit);
    },
  };
}

/** Writes of authored content; each runs inside a content change (see `change`). */
function writes(db: Db, author: Author) {
  return {
    ...reads(db),
    async audit(entry: AuditWrite): Promise<void> {
      await db.insert(auditLog).values({ ...author, ...entry });
    },
    /** Holds the course's row until the change commits: element adds and reorders of one course queue. */
    async lockCourse(portalId: string, id: string): Promise<boolean> {
      const rows = await db
        .select({ id: courses.id })
        .from(courses)
        .where(and(eq(courses.portalId, portalId), eq(courses.id, id)))
        .for("update");
      return rows.length > 0;
    },
    /** False when the id is taken (by any portal's course: ids are addresses and the primary key). */
    async insertCourse(portalId: string, id: string, title: Record<string, string>, write: CourseWrite): Promise<boolean> {
      const [{ next }] = (await db
        .select({ next: sql<number>`coalesce(max(${courses.index}) + 1, 0)::int` })
        .from(courses)
        .where(eq(courses.portalId, portalId))) as [{ next: number }];
      const rows = await db
        .insert(courses)
        .values({
          id,
          portalId,
          title,
          description: write.description ?? {},
          categoryId: write.category?.id,
          categoryTitle: write.category?.title,
          ...pricingColumns(write.pricing),
          arbitraryWalkthrough: write.arbitraryWalkthrough,
          published: write.published,
          hidden: write.hidden,
          buttonText: write.buttonText,
          buttonTextBuy: write.buttonTextBuy,
          index: Number(next),
        })
        .onConflictDoNothing({ target: courses.id })
        .returning();
      return rows.length > 0;
    },
    /** Merges texts per language and sets the named settings; false when the portal has no such course. */
    async updateCourse(portalId: string, id: string, write: CourseWrite): Promise<boolean> {
      const rows = await db
        .update(courses)
        .set({
          title: merge(courses.title, write.title),
          description: merge(courses.description, write.description),
          categoryId: write.category?.id,
          categoryTitle: write.category?.title,
          ...pricingColumns(write.pricing),
          arbitraryWalkthrough: write.arbitraryWalkthrough,
          published: write.published,
          hidden: write.hidden,
          buttonText: merge(courses.buttonText, write.buttonText),
          buttonTextBuy: merge(courses.buttonTextBuy, write.buttonTextBuy),
          cover: write.cover,
          covers: coversChange(write.covers),
          certificateEnabled: write.certificate?.enabled,
          certificateValidityMonths: write.certificate ? write.certificate.validityMonths : undefined,
          updatedAt: new Date(),
        })
        .where(and(eq(courses.portalId, portalId), eq(courses.id, id)))
        .returning();
      if (rows.length === 0) return false;
      if (write.gift === null) await db.delete(courseGifts).where(eq(courseGifts.courseId, id));
      else if (write.gift) {
        await db
          .insert(courseGifts)
          .values({ courseId: id, gift: write.gift })
          .onConflictDoUpdate({ target: courseGifts.courseId, set: { gift: write.gift } });
      }
      const awardId = courseAwardId(id);
      if (write.award === null) {
        // Retired, not deleted: whoever earned it keeps it on their profile.
        await db
          .update(awards)
          .set({ definition: sql`${awards.definition} || '{"retired":true}'::jsonb` })
          .where(and(eq(awards.portalId, portalId), eq(awards.id, awardId)));
      } else if (write.award) {
        const definition: TAwardDefinition = { id: awardId, ...write.award, rule: { kind: "course-finished", courseId: id } };
        await db
          .insert(awards)
          .values({ portalId, id: awardId, definition })
          .onConflictDoUpdate({ target: [awards.portalId, awards.id], set: { definition } });
      }
      return true;
    },
    /** The course's preview secret hash (null switches preview off); false when the portal has no such course. */
    async setPreviewSecretHash(portalId: string, id: string, hash: string | null): Promise<boolean> {
      const rows = await db
        .update(courses)
        .set({ previewSecretHash: hash })
        .where(and(eq(courses.portalId, portalId), eq(courses.id, id)))
        .returning();
      return rows.length > 0;
    },
    /** Progress upgrades compare against the course's updatedAt: an element change is a course change. */
    async touchCourse(id: string): Promise<void> {
      await db.update(courses).set({ updatedAt: new Date() }).where(eq(courses.id, id));
    },
    async insertElement(row: typeof elements.$inferInsert): Promise<ElementRow> {
      const [inserted] = await db.insert(elements).values(row).returning();
      return inserted!;
    },
    async countElements(courseId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(elements).where(eq(elements.courseId, courseId));
      return Number(row?.n ?? 0);
    },
    async updateElement(id: string, write: ElementWrite): Promise<void> {
      await db
        .update(elements)
        .set({
          title: merge(elements.title, write.title),
          duration: write.duration,
          cover: write.cover,
          visible: write.visible,
          discussionActive: write.discussionActive,
          // Switched on for the first time: the id its thread lives under (as the admins' switch does).
          ...(write.discussionActive ? { discussionId: sql`coalesce(${elements.discussionId}, 'disc-' || ${elements.id})` } : {}),
        })
        .where(eq(elements.id, id));
    },
    /** Holds the environment's row until the change commits: navigation saves queue; the version read after it is current. */
    async lockNavigation(environmentId: string): Promise<{ tree: TNavigationItem[]; version: string } | null> {
      const [row] = await db
        .select({ navigation: environments.navigation, updatedAt: environments.updatedAt })
        .from(environments)
        .where(eq(environments.id, environmentId))
        .for("update");
      return row ? { tree: row.navigation, version: row.updatedAt.toISOString() } : null;
    },
    async replaceNavigation(environmentId: string, tree: TNavigationItem[]): Promise<string> {
      const [row] = await db
        .update(environments)
        .set({ navigation: tree, updatedAt: sql`greatest(now(), ${environments.updatedAt} + interval '1 millisecond')` })
        .where(eq(environments.id, environmentId))
        .returning();
      return row!.updatedAt.toISOString();
    },
    /** False when the id is taken (microcourse ids are addresses and the primary key). */
    async insertMicrocourse(
      portalId: string,
      id: string,
      type: MicrocourseRow["type"],
      title: Record<string, string>,
      write: MicrocourseWrite,
    ): Promise<boolean> {
      const [{ next }] = (await db
        .select({ next: sql<number>`coalesce(max(${microcourses.index}) + 1, 0)::int` })
        .from(microcourses)
        .where(eq(microcourses.portalId, portalId))) as [{ next: number }];
      const rows = await db
        .insert(microcourses)
        .values({ id, portalId, type, title, ...write, description: write.description ?? {}, index: Number(next), number: Number(next) + 1 })
        .onConflictDoNothing({ target: microcourses.id })
        .returning();
      return rows.length > 0;
    },
    async updateMicrocourse(portalId: string, id: string, write: MicrocourseWrite): Promise<boolean> {
      const rows = await db
        .update(microcourses)
        .set({ ...write, title: merge(microcourses.title, write.title), description: merge(microcourses.description, write.description) })
        .where(and(eq(microcourses.portalId, portalId), eq(microcourses.id, id)))
        .returning();
      return rows.length > 0;
    },
    async insertVideoEvent(portalId: string, id: string, title: Record<string, string>, write: VideoEventWrite): Promise<boolean> {
      const rows = await db
        .insert(videoEvents)
        .values({ id, portalId, title, ...write, description: write.description ?? {} })
        .onConflictDoNothing({ target: videoEvents.id })
        .returning();
      return rows.length > 0;
    },
    async updateVideoEvent(portalId: string, id: string, write: VideoEventWrite): Promise<boolean> {
      const rows = await db
        .update(videoEvents)
        .set({ ...write, title: merge(videoEvents.title, write.title), description: merge(videoEvents.description, write.description) })
        .where(and(eq(videoEvents.portalId, portalId), eq(videoEvents.id, id)))
        .returning();
      return rows.length > 0;
    },
    /** Holds the event's row until the change commits: episode adds and reorders of one event queue. */
    async lockVideoEvent(portalId: string, id: string): Promise<boolean> {
      const rows = await db
        .select({ id: videoEvents.id })
        .from(videoEvents)
        .where(and(eq(videoEvents.portalId, portalId), eq(videoEvents.id, id)))
        .for("update");
      return rows.length > 0;
    },
    async insertEpisode(row: typeof videoEventEpisodes.$inferInsert): Promise<EpisodeRow> {
      const [inserted] = await db.insert(videoEventEpisodes).values(row).returning();
      return inserted!;
    },
    async updateEpisode(id: string, write: EpisodeWrite): Promise<void> {
      await db
        .update(videoEventEpisodes)
        .set({ ...write, title: merge(videoEventEpisodes.title, write.title) })
        .where(eq(videoEventEpisodes.id, id));
    },
    async deleteEpisode(id: string): Promise<void> {
      await db.delete(videoEventEpisodes).where(eq(videoEventEpisodes.id, id));
    },
    async reorderEpisodes(eventId: string, ids: string[]): Promise<void> {
      const position = sql.join(
        ids.map((id, i) => sql`when ${id} then ${i}`),
        sql` `,
      );
      await db
        .update(videoEventEpisodes)
        .set({ index: sql`(case ${videoEventEpisodes.id} ${position} end)::int` })
        .where(and(eq(videoEventEpisodes.eventId, eventId), inArray(videoEventEpisodes.id, ids)));
    },
    /** Index and number from the position in `ids` (every id of the course, checked by the caller). */
    async reorderElements(courseId: string, ids: string[]): Promise<void> {
      const position = sql.join(
        ids.map((id, i) => sql`when ${id} then ${i}`),
        sql` `,
      );
      await db
        .update(elements)
        .set({ index: sql`(case ${elements.id} ${position} end)::int`, number: sql`(case ${elements.id} ${position} end)::int + 1` })
        .where(and(eq(elements.courseId, courseId), inArray(elements.id, ids)));
    },
  };
}
export type StudioWrites = ReturnType<typeof writes>;

export function createStudioRepo(db: Db) {
  return {
    ...reads(db),
    /**
     * One content change: `work`'s writes, its audit rows and the content version bump commit together
     * (platform/content-version.ts), so every instance's caches see it at once. Throwing rolls back.
     */
    change<T>(author: Author, work: (w: StudioWrites) => Promise<T>): Promise<T> {
      return changeContent(db, (tx) => work(writes(tx, author)));
    },
    /**
     * A change of what only authors see (page drafts): one transaction with its audit rows, without
     * the content version bump, so saving a draft every few seconds leaves readers' caches alone.
     */
    draftChange<T>(author: Author, work: (w: StudioWrites) => Promise<T>): Promise<T> {
      return inTransaction(db, (tx) => work(writes(tx, author)));
    },
  };
}
export type StudioRepo = ReturnType<typeof createStudioRepo>;
