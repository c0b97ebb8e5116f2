import { currencySymbol, ensureReviewsArray, isCommercial, type TCourseCard, type TReview } from "../../../domain/course";
import { COURSE_MESSAGES } from "../../../domain/course-rules";
import { localized, localizedCover } from "../../../domain/localized";
import type { TElement, TElementState } from "../../../domain/element";
import { elementPath } from "../../../domain/element-path";
import { AppError, type ErrorCode } from "../../../domain/errors";
import type { TViewer } from "../../../domain/learning-access";
import type { TBlock } from "../../../domain/page";
import { previewSecretMatches } from "../../platform/preview-secret";
import { createWindowCounter, RATE_LIMITS, type RateLimitStore } from "../../platform/rate-limit";
import { listPageKey } from "../../../domain/list-scope";
import type { VersionedCache } from "../../platform/versioned-cache";
import type { CoursePageQuery, CourseRow, CoursesRepo, CourseWithCount, ElementRow } from "./repo";

export interface Lang {
  lang: string;
  primaryLang: string;
}

/** A course with its elements, as the progress rules need it. */
export interface CourseStructure {
  course: CourseRow;
  elements: ElementRow[];
}

/** The portal's languages (modules/portal provides them). */
export interface PortalLangs {
  langs: string[];
  primaryLang: string;
}

/**
 * The blocks of the page bound to a model, for a caller that has applied the content rule itself
 * ("checked") or checked the course's preview secret ("preview"); none when there is no such page.
 * modules/pages provides it (createPageBlocks): no model access is looked up for it.
 */
export type PageBlocks = (
  viewer: TViewer,
  model: { name: "course" | "element" | "microcourse"; id: string },
  q: { lang: string; grant: "checked" | "preview" },
) => Promise<TBlock[]>;

export interface CourseCatalogDeps {
  repo: CoursesRepo;
  pageBlocks: PageBlocks;
  portalId: string;
  portalLangs: () => Promise<PortalLangs>;
  /**
   * Course and element rows come from this cache, keyed by the content version: a content write
   * (through changeContent) is seen by the next read. What a viewer may see of them is decided per request.
   */
  cache: VersionedCache;
  /** The window of the wrong-preview-secret limit (RATE_LIMITS.previewGuesses per client address). */
  rateLimitWindowMs: number;
  /** The shared rate-limit counters (wrong preview secrets). */
  rateLimits: RateLimitStore;
}

/** Learning content as stored: courses, elements, their pages and reviews. Knows nothing of who is asking. */
export function createCourseCatalog({ repo, pageBlocks, portalId, portalLangs, cache, rateLimitWindowMs, rateLimits }: CourseCatalogDeps) {
  const previewGuesses = createWindowCounter(rateLimits, { name: "preview-guess", max: RATE_LIMITS.previewGuesses, windowMs: rateLimitWindowMs });
  // Content reads, the same for every viewer: through the versioned cache. Reviews are learners' and stay uncached.
  const stored = {
    // Keyed by everything the page depends on. Only real anchors get here (the caller checked the
    // cursor names a course of this list), so the keys are bounded by the catalogue, and the cache by maxEntries.
    coursesPage: (q: CoursePageQuery) => cache.get(`courses-page:${q.portalId}:${listPageKey(q)}`, () => repo.listCoursesPage(q)),
    hasGroupCourses: () => cache.get(`courses-with-groups:${portalId}`, () => repo.hasGroupCourses(portalId)),
    findCourse: (id: string) => cache.get(`course+count:${portalId}:${id}`, () => repo.findCourse(portalId, id)),
    findCourseRow: (id: string) => cache.get(`course:${portalId}:${id}`, () => repo.findCourseRow(portalId, id)),
    listElements: (courseId: string) => cache.get(`elements:${courseId}`, () => repo.listElements(courseId)),
    findElement: (id: string) => cache.get(`element:${id}`, () => repo.findElement(id)),
  };

  function presentCard(row: CourseWithCount, l: Lang): TCourseCard {
    return {
      id: row.id,
      title: localized(row.title, l.lang, l.primaryLang),
      description: localized(row.description, l.lang, l.primaryLang),
      pageAlias: row.pageAlias,
      type: row.type,
      isCommercial: isCommercial(row.type),
      duration: row.duration,
      elementsCount: row.elementsCount,
      price: row.price ?? null,
      currency: row.currency ?? null,
      currencySymbol: currencySymbol(row.currency),
      cover: localizedCover(row.cover, row.covers, l.lang),
      arbitraryWalkthrough: row.arbitraryWalkthrough,
      category: { id: row.categoryId, title: localized(row.categoryTitle, l.lang, l.primaryLang) },
      dateCreated: row.dateCreated.toISOString(),
      requiresRegistration: row.requiresRegistration,
      hidden: row.hidden,
      published: row.published,
    };
  }

  function presentElement(row: ElementRow, l: Lang, state: TElementState | null): TElement {
    return {
      id: row.id,
      courseId: row.courseId,
      type: row.type,
      title: localized(row.title, l.lang, l.primaryLang),
      duration: row.duration,
      cover: row.cover,
      number: row.number,
      index: row.index,
      visible: row.visible,
      pattern: row.pattern,
      discussion: { id: row.discussionId, active: row.discussionActive },
      state,
      path: elementPath(l.lang, row.courseId, row.type, row.id),
    };
  }

  /** A course that learners may reach: published, of this portal. Unpublished ones only with preview rights. */
  function reachable<T extends CourseRow>(row: T | null, opts: { code: ErrorCode; message: string; unpublished: boolean }): T {
    if (!row || (!row.published && !opts.unpublished)) throw new AppError(opts.code, opts.message);
    return row;
  }

  /** Content exists only in the portal's languages; anything else is a client error. */
  async function lang(code: string): Promise<Lang> {
    const p = await portalLangs();
    if (!p.langs.includes(code)) throw new AppError("UNSUPPORTED_LANG", `Language '${code}' is not one of ${p.langs.join(", ")}`);
    return { lang: code, primaryLang: p.primaryLang };
  }

  return {
    lang,
    presentCard,
    presentElement,
    reachable,
    /** One keyset page of catalogue rows (seed 000 §7 list courses, issue 30), from the versioned cache. */
    cataloguePage(q: Omit<CoursePageQuery, "portalId">): Promise<CourseWithCount[]> {
      return stored.coursesPage({ ...q, portalId });
    },
    /** Whether some course is for some groups only: without one, a viewer's team changes no page. */
    hasGroupCourses(): Promise<boolean> {
      return stored.hasGroupCourses();
    },
    /**
     * The creator preview: a secret that matches the stored hash of `course` (the row the caller read;
     * null when there is none). A wrong secret is refused outright rather than ignored, so a broken
     * preview link says so. `client` (the caller's address) may guess wrong RATE_LIMITS.previewGuesses
     * times per window, on the API and the SSR preview page together; then every secret from it is
     * refused with 429 RATE-LIMITED until the window ends.
     */
    async checkPreview(course: Pick<CourseRow, "previewSecretHash"> | null, secret: string, client: string): Promise<void> {
      if (await previewGuesses.blocked(client)) throw new AppError("RATE_LIMITED", "Too many wrong preview secrets; try again later");
      if (!course || !previewSecretMatches(secret, course.previewSecretHash)) {
        await previewGuesses.fail(client);
        throw new AppError("PREVIEW_DENIED", "The preview secret does not match");
      }
    },
    /** A course of this portal with its visible elements counted, published or not; null when there is none. */
    findCourse(id: string): Promise<CourseWithCount | null> {
      return stored.findCourse(id);
    },
    /** A course of this portal as stored, published or not (for the content rule); null when there is none. */
    courseRow(id: string): Promise<CourseRow | null> {
      return stored.findCourseRow(id);
    },
    /** Every element of a course, hidden ones included (the rules decide what is shown). */
    elementsOf(courseId: string): Promise<ElementRow[]> {
      return stored.listElements(courseId);
    },
    /**
     * Every element of each of several courses, from the cache; the courses it does not hold are read
     * in one query together (not one per course), and kept.
     */
    async elementsOfCourses(courseIds: readonly string[]): Promise<Map<string, ElementRow[]>> {
      let batch: Promise<Map<string, ElementRow[]>> | undefined;
      const missed = () => (batch ??= repo.listElementsOf(courseIds));
      const lists = await Promise.all(courseIds.map((id) => cache.get(`elements:${id}`, async () => (await missed()).get(id) ?? [])));
      return new Map(courseIds.map((id, i) => [id, lists[i]]));
    },
    /** A course with all its elements; `code`/`message` name the seed's error of the calling operation. */
    async structure(courseId: string, opts: { unpublished: boolean; code?: ErrorCode; message?: string }): Promise<CourseStructure> {
      const course = reachable(await stored.findCourseRow(courseId), {
        code: opts.code ?? "COURSE_NOT_RECEIVED",
        message: opts.message ?? COURSE_MESSAGES.courseNotReceived,
        unpublished: opts.unpublished,
      });
      return { course, elements: await stored.listElements(courseId) };
    },
    /** An element with its course's structure: 'Element is not received' when it is missing or unreachable. */
    async elementStructure(elementId: string, opts: { unpublished: boolean }): Promise<CourseStructure & { element: ElementRow }> {
      const element = await stored.findElement(elementId);
      const notReceived = () => new AppError("ELEMENT_NOT_RECEIVED", COURSE_MESSAGES.elementNotReceived);
      if (!element || (!element.visible && !opts.unpublished)) throw notReceived();
      const course = await stored.findCourseRow(element.courseId);
      if (!course || (!course.published && !opts.unpublished)) throw notReceived();
      return { course, element, elements: await stored.listElements(course.id) };
    },
    /**
     * The blocks of a page bound to a model (course, element, microcourse); none when it has no page.
     * `grant`: the caller has applied the content rule to this model for this viewer ("checked"), or
     * checked the course's preview secret ("preview"); see PageLookup.
     */
    components(viewer: TViewer, model: "course" | "element" | "microcourse", id: string, lang: string, grant: "checked" | "preview"): Promise<TBlock[]> {
      return pageBlocks(viewer, { name: model, id }, { lang, grant });
    },
    /** List reviews (limit 20): "Can't get reviews. No course" without a course; always an array. */
    async reviews(courseId: string, q: { lang?: string; limit: number }): Promise<TReview[]> {
      if (q.lang) await lang(q.lang);
      reachable(await stored.findCourseRow(courseId), { code: "REVIEWS_NO_COURSE", message: COURSE_MESSAGES.reviewsNoCourse, unpublished: false });
      const rows = await repo.listReviews(courseId, q.lang, q.limit);
      // Seed 000 §5: reviews must be an array; the check guards the reply whatever the store gives.
      ensureReviewsArray(rows);
      return rows.map((r) => ({
        id: r.id,
        courseId: r.courseId,
        lang: r.lang,
        author: r.author,
        avatar: r.avatar,
        rating: r.rating,
        text: r.text,
        date: r.createdAt.toISOString(),
      }));
    },
  };
}
export type CourseCatalog = ReturnType<typeof createCourseCatalog>;
