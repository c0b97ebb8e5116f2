import { COURSE_MESSAGES } from "../../../domain/course-rules";
import { localized } from "../../../domain/localized";
import { AppError } from "../../../domain/errors";
import { contentRefusal, isAdmin, isGuestLike, type ContentRefusal, type TContentTarget, type TViewer } from "../../../domain/learning-access";
import { anchorOf, keysetPage } from "../../../domain/list-cursor";
import { groupScopeOf, listPageKey, listsRow } from "../../../domain/list-scope";
import { microcourseRelativeUrl, type TMicrocourse, type TMicrocourseListPage, type TMicrocourseListQuery } from "../../../domain/microcourse";
import { microcourseAccess } from "../../../domain/microcourse-access";
import type { TBlock } from "../../../domain/page";
import type { CoursesService, Lang } from "../courses/service";
import type { UsersService } from "../users/service";
import type { VersionedCache } from "../../platform/versioned-cache";
import type { MicrocoursePageQuery, MicrocourseRow, MicrocoursesRepo } from "./repo";

/** Microcourses (seed 000 §3, §7) with the guest rules of seed 001 "Free microcourse start". */
export function createMicrocoursesService(deps: {
  repo: MicrocoursesRepo;
  courses: CoursesService;
  users: Pick<UsersService, "teamOf">;
  portalId: string;
  /** Microcourse rows, keyed by the content version; the content rule is applied per request. */
  cache: VersionedCache;
}) {
  const { repo, courses, users, portalId, cache } = deps;
  const stored = {
    // Keyed by everything the page depends on; only anchors that name a listed microcourse get here.
    page: (q: Omit<MicrocoursePageQuery, "portalId">) => cache.get(`microcourses-page:${portalId}:${listPageKey(q)}`, () => repo.listPage({ ...q, portalId })),
    hasGroups: () => cache.get(`microcourses-with-groups:${portalId}`, () => repo.hasGroupMicrocourses(portalId)),
    find: (id: string) => cache.get(`microcourse:${portalId}:${id}`, () => repo.find(portalId, id)),
  };

  const target = (row: MicrocourseRow): TContentTarget => ({
    model: "microcourse",
    microcourse: { id: row.id, published: row.published, visible: row.visible, type: row.type, accessType: row.accessType ?? null },
  });

  function present(row: MicrocourseRow, l: Lang, viewer: TViewer): TMicrocourse {
    const m = { type: row.type, props: { accessType: row.accessType ?? null } };
    return {
      id: row.id,
      type: row.type,
      title: localized(row.title, l.lang, l.primaryLang),
      description: localized(row.description, l.lang, l.primaryLang),
      cover: row.cover,
      duration: row.duration,
      props: m.props,
      pageAlias: row.pageAlias,
      bots: row.bots,
      courseId: row.courseId,
      index: row.index,
      number: row.number,
      visible: row.visible,
      relativeUrl: microcourseRelativeUrl(row.type, row.id),
      access: microcourseAccess(m, { guestLike: isGuestLike(viewer) }),
    };
  }

  return {
    /** One keyset page of the list (issue 30): `cursor` / `before` from a previous reply, `limit` (100) rows. */
    async list(viewer: TViewer, q: TMicrocourseListQuery): Promise<TMicrocourseListPage> {
      const l = await courses.lang(q.lang);
      if ((!q.published || !q.onlyMyGroups) && !isAdmin(viewer)) {
        throw new AppError("AUTH_DENY", "published=false and onlyMyGroups=false are for portal admins");
      }
      const groups = await groupScopeOf(q.onlyMyGroups, viewer, stored.hasGroups, (id) => users.teamOf(id));
      const anchor = anchorOf(q);
      // A cursor must name a microcourse of this very list (see the catalogue's).
      if (anchor) {
        const row = await stored.find(anchor.id);
        if (!row?.visible || !listsRow(row, q, groups, viewer)) throw new AppError("CURSOR_INVALID", "The cursor names no microcourse of this list");
      }
      const page = await keysetPage(anchor, q.limit, (a, limit) =>
        stored.page({ published: q.published, exceptHidden: q.exceptHidden, groups, anchor: a, limit }),
      );
      return { microcourses: page.rows.map((r) => present(r, l, viewer)), nextCursor: page.nextCursor, prevCursor: page.prevCursor };
    },
    /** Get microcourse with components; a guest or session user who must sign in first is refused. */
    async get(viewer: TViewer, id: string, q: { lang: string }): Promise<TMicrocourse & { components: TBlock[] }> {
      const l = await courses.lang(q.lang);
      const row = await stored.find(id);
      const refusal = row ? contentRefusal(viewer, target(row)) : "not-found";
      // The seed's 'Microcourse instance is no provided' for a missing (or draft) one.
      if (!row || refusal === "not-found") throw new AppError("MICROCOURSE_NOT_PROVIDED", COURSE_MESSAGES.microcourseMissing);
      const m = present(row, l, viewer);
      if (refusal) {
        throw new AppError("REGISTRATION_REQUIRED", `Sign in to open microcourse ${id}`, { microcourseId: id, type: m.type, props: m.props, ...m.access });
      }
      return { ...m, components: await courses.components(viewer, "microcourse", id, l.lang, "checked") };
    },
    /** The content rule for a microcourse, for the pages bound to it (a missing one is "not-found"). */
    async contentAccess(viewer: TViewer, id: string): Promise<{ refusal: ContentRefusal; target: TContentTarget } | null> {
      const row = await stored.find(id);
      const t: TContentTarget = row ? target(row) : { model: "unknown" };
      const refusal = row || !isAdmin(viewer) ? contentRefusal(viewer, t) : null;
      return refusal ? { refusal, target: t } : null;
    },
  };
}
export type MicrocoursesService = ReturnType<typeof createMicrocoursesService>;
