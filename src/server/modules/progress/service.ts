import {
  courseAction,
  currencySymbol,
  isBought,
  localized,
  openedElementPath,
  type TCourse,
  type TCourseAccess,
  type TCourseCard,
  type TCourseListQuery,
} from "../../../domain/course";
import { elementPath, type TElementPage, type TElementState } from "../../../domain/element";
import { AppError, isAppError } from "../../../domain/errors";
import {
  contentRefusal,
  elementRefusal,
  guestMayOpen,
  inMyGroups,
  isAdmin,
  tracksProgress,
  type ContentRefusal,
  type TContentTarget,
  type TViewer,
} from "../../../domain/learning-access";
import {
  elementStates,
  finishElement,
  HISTORY_LIMIT,
  isLastElement,
  isOpen,
  openedElement,
  startElement,
  VARIABLES_LIMIT,
  type ProgressEntry,
  type ProgressMap,
  type TCourseProgress,
  type TElementProgress,
  type TOpenedElement,
  type TSyncBody,
  type TVariableValue,
  type WithState,
} from "../../../domain/progress";
import { progressRecordId } from "../../../domain/user";
import type { CourseStructure, CoursesService, Lang } from "../courses/service";
import type { ElementRow } from "../courses/repo";
import type { UsersService } from "../users/service";
import { assertMayOpen, assertMaySeeProgress, assertTracked, elementTarget, ELEMENTS_NO_COURSE } from "./policy";
import type { CourseProgressRow, ProgressRepo, ProgressTx, StoredCourseProgress } from "./repo";

export interface ProgressServiceDeps {
  repo: ProgressRepo;
  courses: CoursesService;
  users: UsersService;
  portalId: string;
  now?: () => Date;
}

type Tracked = Exclude<TViewer, { kind: "guest" }>;

/**
 * The learner's path through content: states, access, and the progress operations of seed 000 §7.
 * The server is the source of truth: every write re-derives the states under a row lock.
 */
export function createProgressService({ repo, courses, users, portalId, now = () => new Date() }: ProgressServiceDeps) {
  const recordId = (userId: string) => progressRecordId(portalId, userId);

  /** The viewer's stored progress in a course; null when progress is not tracked for them. */
  async function stored(viewer: TViewer, courseId: string): Promise<StoredCourseProgress | null> {
    return tracksProgress(viewer) && viewer.kind !== "guest" ? repo.load(viewer.id, courseId) : null;
  }

  /** Only the element map, for reads that need no stored current element. */
  async function storedMap(viewer: TViewer, courseId: string): Promise<ProgressMap | null> {
    return tracksProgress(viewer) && viewer.kind !== "guest" ? repo.loadMap(viewer.id, courseId) : null;
  }

  const statesOf = (s: CourseStructure, map: ProgressMap | null) => elementStates(s.elements, map, s.course.arbitraryWalkthrough);
  const markerOf = (s: CourseStructure, p: StoredCourseProgress | null) =>
    openedElement(s.elements, p ? p.map : null, p?.row?.currentElementId ?? null, s.course.arbitraryWalkthrough);
  const boughtBy = (viewer: TViewer, courseId: string) => viewer.kind !== "guest" && isBought(viewer.orderedCourses, courseId);
  const summary = (e: ProgressEntry | undefined) => (e ? { started: e.started, finished: e.finished, percent: e.percent } : null);
  const ref = (e: Pick<ElementRow, "id" | "type" | "index" | "number">) => ({ id: e.id, type: e.type, index: e.index, number: e.number });

  function elementProgressOf(userId: string, s: CourseStructure, map: ProgressMap, elementId: string): TElementProgress {
    const state = statesOf(s, map).find((e) => e.id === elementId)?.state ?? null;
    const e = map[elementId];
    return {
      userId,
      courseId: s.course.id,
      elementId,
      state,
      started: e?.started ?? null,
      finished: e?.finished ?? null,
      percent: e?.percent ?? 0,
      history: e?.history ?? [],
    };
  }

  /** Whose progress is read: yourself by default; another learner only for their mentor and admins. */
  async function learnerFor(viewer: TViewer, userId: string | undefined): Promise<string> {
    if (viewer.kind === "guest") throw new AppError("UNAUTHORIZED", "Sign in to see progress");
    if (!userId || userId === viewer.id) return viewer.id;
    const row = await users.repo.findById(userId);
    assertMaySeeProgress(viewer, { id: userId, mentorId: row?.mentorId ?? null });
    if (!row) throw new AppError("NOT_FOUND", `User ${userId} not found`);
    return userId;
  }

  /** Guarded writes: the course row is locked, states re-derived, the caller's rules re-checked. */
  async function write<T>(
    viewer: Tracked,
    s: CourseStructure,
    work: (ctx: { map: ProgressMap; states: Array<WithState<ElementRow>>; row: CourseProgressRow }, tx: ProgressTx) => Promise<T>,
  ): Promise<T> {
    await users.ensureProgress(viewer.id);
    return repo.transaction(async (tx) => {
      const row = await tx.lockCourse(viewer.id, s.course.id, recordId(viewer.id));
      const { map } = await tx.load(viewer.id, s.course.id);
      return work({ map, states: statesOf(s, map), row }, tx);
    });
  }

  async function teamOf(viewer: TViewer): Promise<string | null> {
    if (viewer.kind === "guest") return null;
    return (await users.repo.findById(viewer.id))?.teamId ?? null;
  }

  async function courseProgressOf(userId: string, s: CourseStructure): Promise<TCourseProgress> {
    const p = await repo.load(userId, s.course.id);
    const states = statesOf(s, p.map);
    return {
      userId,
      courseId: s.course.id,
      recordId: recordId(userId),
      elements: states.map((e) => {
        const { userId: _u, courseId: _c, ...rest } = elementProgressOf(userId, s, p.map, e.id);
        return rest;
      }),
      doneCount: states.filter((e) => e.state === "done").length,
      total: states.length,
      variables: p.row?.variables ?? {},
      current: p.row?.currentElementId ?? null,
      openedElement: markerOf(s, p),
      upgradedAt: p.row?.upgradedAt?.toISOString() ?? null,
    };
  }

  return {
    /** List courses (seed 000 §7). Drafts and other groups' courses are for admins only. */
    async listCourses(viewer: TViewer, q: TCourseListQuery): Promise<TCourseCard[]> {
      const l = await courses.lang(q.lang);
      if ((!q.published || !q.onlyMyGroups) && !isAdmin(viewer)) {
        throw new AppError("AUTH_DENY", "published=false and onlyMyGroups=false are for portal admins");
      }
      let rows = await courses.listCourses({ published: q.published, exceptHidden: q.exceptHidden }, q.cache);
      if (q.onlyMyGroups && rows.some((r) => r.groups.length > 0)) {
        const teamId = await teamOf(viewer);
        const member: TViewer = viewer.kind === "guest" ? viewer : { ...viewer, teamId };
        rows = rows.filter((r) => inMyGroups(r.groups, member));
      }
      const cards = rows.slice(0, q.limit).map((r) => courses.presentCard(r, l));
      if (q.rel !== "all") return cards;
      const done = tracksProgress(viewer) && viewer.kind !== "guest" ? await repo.doneCounts(viewer.id, cards.map((c) => c.id)) : {};
      return cards.map((c) => ({ ...c, isBought: boughtBy(viewer, c.id), doneCount: done[c.id] ?? 0 }));
    },

    /** Get course (seed 000 §7): lang, optional rel, optional creator preview secret. */
    async getCourse(viewer: TViewer, id: string, q: { lang: string; rel?: "all"; secret?: string; client?: string }): Promise<TCourse> {
      const l = await courses.lang(q.lang);
      if (q.secret) await courses.checkPreview(id, q.secret, q.client ?? "unknown");
      const preview = !!q.secret;
      const row = await courses.course(id, preview || isAdmin(viewer));
      const bought = boughtBy(viewer, id);
      const course: TCourse = {
        ...courses.presentCard(row, l),
        isBought: bought,
        button: {
          buttonText: localized(row.buttonText, l.lang, l.primaryLang),
          buttonTextBuy: localized(row.buttonTextBuy, l.lang, l.primaryLang),
          isBought: bought,
          alignContent: row.alignContent,
        },
        preview,
      };
      if (q.rel !== "all") return course;
      const s = await courses.structure(id, { unpublished: true });
      const p = await stored(viewer, id);
      const states = statesOf(s, p?.map ?? null);
      return {
        ...course,
        elements: states.map((e) => ({ ...courses.presentElement(e, l, e.state), progress: summary(p?.map[e.id]) })),
        progress: Object.fromEntries(states.filter((e) => e.state).map((e) => [e.id, { state: e.state!, started: p?.map[e.id]?.started ?? null }])),
        openedElement: markerOf(s, p),
      };
    },

    /** List elements of a course (limit 100, rel=all adds the caller's record of each). */
    async listElements(viewer: TViewer, courseId: string, q: { lang: string; rel?: "all"; limit: number }) {
      const l = await courses.lang(q.lang);
      const s = await courses.structure(courseId, { unpublished: isAdmin(viewer), ...ELEMENTS_NO_COURSE });
      const map = await storedMap(viewer, courseId);
      return statesOf(s, map)
        .slice(0, q.limit)
        .map((e) => ({ ...courses.presentElement(e, l, e.state), progress: q.rel === "all" ? summary(map?.[e.id]) : null }));
    },

    /** Get element with components. Locked, unbought and guest-barred elements are refused with typed 403s. */
    async openElement(viewer: TViewer, elementId: string, q: { lang: string; secret?: string; client?: string }): Promise<TElementPage> {
      const l = await courses.lang(q.lang);
      const s = await courses.elementStructure(elementId, { unpublished: !!q.secret || isAdmin(viewer) });
      if (q.secret) await courses.checkPreview(s.course.id, q.secret, q.client ?? "unknown");
      const preview = !!q.secret;
      const map = await storedMap(viewer, s.course.id);
      const states = statesOf(s, map);
      const i = states.findIndex((e) => e.id === elementId);
      const state = i >= 0 ? states[i].state : null;
      assertMayOpen(viewer, s.course, s.element, state, { preview });
      const link = (e: WithState<ElementRow> | undefined) =>
        e && isOpen(e.state) ? { id: e.id, type: e.type, number: e.number, title: localized(e.title, l.lang, l.primaryLang), path: elementPath(l.lang, e.courseId, e.type, e.id) } : null;
      return {
        ...courses.presentElement(s.element, l, state),
        progress: summary(map?.[elementId]),
        components: await courses.components(viewer, "element", elementId, l.lang, preview ? "preview" : "checked"),
        isLast: i >= 0 && isLastElement(states, elementId),
        previous: i > 0 ? link(states[i - 1]) : null,
        next: i >= 0 ? link(states[i + 1]) : null,
        tracksProgress: tracksProgress(viewer),
        preview,
      };
    },

    /**
     * The content rule for a course or an element, for the pages bound to them: null when the viewer
     * may read it, else the refusal (a missing or draft one is "not-found") and what was judged.
     */
    async contentAccess(viewer: TViewer, model: "course" | "element", id: string): Promise<{ refusal: ContentRefusal; target: TContentTarget } | null> {
      const verdict = (target: TContentTarget) => {
        const refusal = contentRefusal(viewer, target);
        return refusal ? { refusal, target } : null;
      };
      const unknown = { refusal: "not-found" as const, target: { model: "unknown" as const } };
      if (model === "course") {
        const course = await courses.courseRow(id);
        return course ? verdict({ model: "course", course }) : isAdmin(viewer) ? null : unknown;
      }
      const s = await courses.elementStructure(id, { unpublished: true }).catch((e: unknown) => {
        if (isAppError(e, "ELEMENT_NOT_RECEIVED")) return null;
        throw e;
      });
      if (!s) return isAdmin(viewer) ? null : unknown;
      const state = statesOf(s, await storedMap(viewer, s.course.id)).find((e) => e.id === id)?.state ?? null;
      return verdict(elementTarget(s.course, s.element, state));
    },

    /** What the start-free-lesson and buy-course scenarios need for a course and the current user. */
    async access(viewer: TViewer, courseId: string, q: { lang: string }): Promise<TCourseAccess> {
      const l = await courses.lang(q.lang);
      const s = await courses.structure(courseId, { unpublished: isAdmin(viewer) });
      const p = await stored(viewer, courseId);
      const states = statesOf(s, p?.map ?? null);
      const marker = markerOf(s, p);
      const target = marker ? states.find((e) => e.id === marker.id) : undefined;
      const bought = boughtBy(viewer, courseId);
      const { course } = s;
      return {
        courseId,
        isCommercial: course.type === "paid",
        isBought: bought,
        accessibleWithoutRegistration: !course.requiresRegistration,
        action: courseAction(course.type, bought),
        viewer: viewer.kind,
        tracksProgress: tracksProgress(viewer),
        openedElement: marker && { ...marker, isFirst: marker.id === states[0]?.id, path: openedElementPath(l.lang, courseId, marker) },
        guestMayOpen: target ? guestMayOpen(course, target.type) : false,
        canOpen: target ? elementRefusal(viewer, course, target, target.state) === null : false,
        price:
          course.type === "paid" && course.price !== null && course.currency
            ? { amount: course.price, currency: course.currency, symbol: currencySymbol(course.currency) }
            : null,
      };
    },

    /** Course getOpenedElement: the marker for the caller (a guest gets the first element as start). */
    async openedElement(viewer: TViewer, courseId: string): Promise<TOpenedElement | null> {
      const s = await courses.structure(courseId, { unpublished: isAdmin(viewer) });
      return markerOf(s, await stored(viewer, courseId));
    },

    async elementProgress(viewer: TViewer, elementId: string, userId?: string): Promise<TElementProgress> {
      const learner = await learnerFor(viewer, userId);
      // Learners (and their mentors) see published structure only; drafts are the creators'.
      const s = await courses.elementStructure(elementId, { unpublished: isAdmin(viewer) });
      const { map } = await repo.load(learner, s.course.id);
      return elementProgressOf(learner, s, map, elementId);
    },

    async courseProgress(viewer: TViewer, courseId: string, userId?: string): Promise<TCourseProgress> {
      const learner = await learnerFor(viewer, userId);
      return courseProgressOf(learner, await courses.structure(courseId, { unpublished: isAdmin(viewer) }));
    },

    /** Every course a learner has progress in (the profile's progress page). */
    async userProgress(viewer: TViewer, q: { lang: string; userId?: string }) {
      const l: Lang = await courses.lang(q.lang);
      const learner = await learnerFor(viewer, q.userId);
      const rows = await repo.listCourses(learner);
      const out = [];
      for (const row of rows.sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime())) {
        // A course unpublished (or removed) since the learner started it is left out for all but creators.
        const s = await courses.structure(row.courseId, { unpublished: isAdmin(viewer) }).catch((e: unknown) => {
          if (isAppError(e, "COURSE_NOT_RECEIVED")) return null;
          throw e;
        });
        if (!s) continue;
        const cp = await courseProgressOf(learner, s);
        out.push({
          courseId: row.courseId,
          title: localized(s.course.title, l.lang, l.primaryLang),
          doneCount: cp.doneCount,
          total: cp.total,
          openedElement: cp.openedElement,
          updatedAt: row.updatedAt.toISOString(),
        });
      }
      return { userId: learner, recordId: recordId(learner), courses: out };
    },

    /** Set started (once); the element becomes the stored current one unless it is already done. */
    async start(viewer: TViewer, elementId: string): Promise<TElementProgress> {
      assertTracked(viewer);
      const s = await courses.elementStructure(elementId, { unpublished: isAdmin(viewer) });
      return write(viewer, s, async ({ map, states }, tx) => {
        assertMayOpen(viewer, s.course, s.element, states.find((e) => e.id === elementId)?.state ?? null);
        const next = startElement(map, elementId, now());
        if (next !== map) await tx.saveEntries(viewer.id, s.course.id, { [elementId]: next[elementId] });
        if (next[elementId].state !== "done") await tx.updateCourse(viewer.id, s.course.id, { currentElementId: elementId });
        return elementProgressOf(viewer.id, s, next, elementId);
      });
    },

    /** Finish: done + finished time, and the next element opens in the same transaction. */
    async finish(viewer: TViewer, elementId: string) {
      assertTracked(viewer);
      const s = await courses.elementStructure(elementId, { unpublished: isAdmin(viewer) });
      return write(viewer, s, async ({ map, states }, tx) => {
        const state = states.find((e) => e.id === elementId)?.state ?? null;
        assertMayOpen(viewer, s.course, s.element, state);
        const r = finishElement(s.elements, map, elementId, s.course.arbitraryWalkthrough, now());
        // assertMayOpen lets admins through locks; the rules still only finish what is open.
        if (!r.ok) throw new AppError("ELEMENT_LOCKED", `Element ${elementId} is not open`, { courseId: s.course.id, elementId });
        const changed = Object.fromEntries(Object.entries(r.progress).filter(([id, e]) => map[id] !== e));
        await tx.saveEntries(viewer.id, s.course.id, changed);
        await tx.updateCourse(viewer.id, s.course.id, { currentElementId: r.current });
        const after = statesOf(s, r.progress);
        const opened = r.opened ? s.elements.find((e) => e.id === r.opened) : undefined;
        return {
          progress: elementProgressOf(viewer.id, s, r.progress, elementId),
          opened: opened ? ref(opened) : null,
          openedElement: openedElement(s.elements, r.progress, r.current, s.course.arbitraryWalkthrough),
          courseFinished: after.every((e) => e.state === "done"),
        };
      });
    },

    /** Sync (state, percent, history). state "done" finishes; the finished time is always the server's. */
    async sync(viewer: TViewer, elementId: string, body: TSyncBody): Promise<TElementProgress> {
      if (body.state === "done") {
        const done = await this.finish(viewer, elementId);
        if (body.percent === undefined && !body.history?.length) return done.progress;
      }
      assertTracked(viewer);
      const s = await courses.elementStructure(elementId, { unpublished: isAdmin(viewer) });
      return write(viewer, s, async ({ map, states }, tx) => {
        const state = states.find((e) => e.id === elementId)?.state ?? null;
        assertMayOpen(viewer, s.course, s.element, state);
        if (!isOpen(state)) throw new AppError("ELEMENT_LOCKED", `Element ${elementId} is not open`, { courseId: s.course.id, elementId });
        const at = now().toISOString();
        const entry: ProgressEntry = map[elementId] ?? { state: "opened", started: null, finished: null, percent: 0, history: [] };
        const added = body.history?.map((h) => ({ at: new Date(h.at).toISOString(), event: "synced" as const, ...(h.percent !== undefined ? { percent: h.percent } : {}) })) ?? [];
        if (added.length === 0 && body.percent !== undefined) added.push({ at, event: "synced", percent: body.percent });
        const updated: ProgressEntry = {
          ...entry,
          state: entry.state === "done" ? "done" : (state as TElementState),
          percent: entry.state === "done" ? 100 : (body.percent ?? entry.percent),
          history: [...entry.history, ...added].slice(-HISTORY_LIMIT),
        };
        await tx.saveEntries(viewer.id, s.course.id, { [elementId]: updated });
        return elementProgressOf(viewer.id, s, { ...map, [elementId]: updated }, elementId);
      });
    },

    /** Course setVariable: stored by name on the learner's course progress. */
    async setVariable(viewer: TViewer, courseId: string, name: string, value: TVariableValue) {
      assertTracked(viewer);
      const s = await courses.structure(courseId, { unpublished: isAdmin(viewer) });
      return write(viewer, s, async ({ row }, tx) => {
        const variables = row.variables;
        if (!(name in variables) && Object.keys(variables).length >= VARIABLES_LIMIT) {
          throw new AppError("VALIDATION", `A course keeps at most ${VARIABLES_LIMIT} variables`);
        }
        const next = { ...variables, [name]: value };
        await tx.updateCourse(viewer.id, courseId, { variables: next });
        return { courseId, variables: next };
      });
    },

    /**
     * Upgrade progress: writes the states the learner sees into the stored map (the first element of
     * a new course, elements added since), for one course or all of the learner's. Without force,
     * courses upgraded since their content last changed are skipped.
     */
    async upgrade(viewer: TViewer, body: { courseId?: string; force: boolean }) {
      assertTracked(viewer);
      const ids = body.courseId ? [body.courseId] : (await repo.listCourses(viewer.id)).map((r) => r.courseId);
      const upgraded: string[] = [];
      const skipped: string[] = [];
      for (const id of ids) {
        // All of the learner's courses: one unpublished (or removed) since is left out, not named.
        const s = await courses.structure(id, { unpublished: isAdmin(viewer) }).catch((e: unknown) => {
          if (!body.courseId && isAppError(e, "COURSE_NOT_RECEIVED")) return null;
          throw e;
        });
        if (!s) continue;
        const done = await write(viewer, s, async ({ map, states, row }, tx) => {
          if (!body.force && row.upgradedAt && row.upgradedAt >= s.course.updatedAt) return false;
          const at = now().toISOString();
          const missing = Object.fromEntries(
            states.filter((e) => e.state && !map[e.id]).map((e) => [e.id, { state: e.state!, started: null, finished: null, percent: 0, history: [{ at, event: "opened" as const }] }]),
          );
          await tx.saveEntries(viewer.id, id, missing);
          await tx.updateCourse(viewer.id, id, { upgradedAt: now() });
          return true;
        });
        (done ? upgraded : skipped).push(id);
      }
      return { upgraded, skipped };
    },
  };
}
export type ProgressService = ReturnType<typeof createProgressService>;
