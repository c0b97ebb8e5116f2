import { and, desc, eq, inArray, max, notInArray, or, sql } from "drizzle-orm";
import type { TNavigationItem } from "../../../domain/portal";
import { PAGE_TYPES, pageKindOf, type TPageDocument, type TPageKind, type TPageModelRef, type TPageType, type TPageUsage } from "../../../domain/studio-pages";
import type { Db } from "../../db/client";
import { courses, elements, microcourses, videoEvents } from "../../db/schema/courses";
import { pageDrafts, pageVersions } from "../../db/schema/page-designer";
import { environments, pages } from "../../db/schema/portal";
import { users } from "../../db/schema/users";

export type LivePageRow = typeof pages.$inferSelect;
export type PageDraftRow = typeof pageDrafts.$inferSelect;
export type PageVersionRow = typeof pageVersions.$inferSelect;
export type LivePageWrite = Omit<typeof pages.$inferInsert, "id" | "environmentId" | "alias" | "type">;

/** The live row types an alias of a kind names: a page's alias names a page or a system page. */
const typesOf = (kind: TPageKind): TPageType[] => (kind === "template" ? ["template"] : ["page", "system"]);

/**
 * The rows of one page: the designer never makes a page and a system page of one alias, but rows
 * written before it (or by a seed) may; then the page is the rows of the first type in PAGE_TYPES.
 */
export function rowsOfOneType<R extends { type: TPageType }>(rows: R[]): R[] {
  const type = PAGE_TYPES.find((t) => rows.some((r) => r.type === t));
  return rows.filter((r) => r.type === type);
}

const draftKey = (environmentId: string, kind: TPageKind, alias: string) =>
  and(eq(pageDrafts.environmentId, environmentId), eq(pageDrafts.kind, kind), eq(pageDrafts.alias, alias));
const versionKey = (environmentId: string, kind: TPageKind, alias: string) =>
  and(eq(pageVersions.environmentId, environmentId), eq(pageVersions.kind, kind), eq(pageVersions.alias, alias));
const liveKey = (environmentId: string, kind: TPageKind, alias: string) =>
  and(eq(pages.environmentId, environmentId), inArray(pages.type, typesOf(kind)), eq(pages.alias, alias));

/** A person as the designer shows them: id and a display name. */
export interface PersonRow {
  id: string;
  name: string;
}

const personName = sql<string>`coalesce(nullif(trim(concat_ws(' ', ${users.firstName}, ${users.lastName})), ''), ${users.username}, ${users.email}, '')`;

/** The page designer's queries (studio module): live page rows of every type, drafts and versions. */
export function pageStore(db: Db) {
  return {
    /** Queues publishes and restores of one alias until the transaction ends (version numbers stay gapless and unique). */
    async lockAlias(environmentId: string, kind: TPageKind, alias: string): Promise<void> {
      await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`${kind}:${environmentId}:${alias}`}))`);
    },
    /** Live rows of the environment, every alias (or one page's), without their blocks (the designer's list). */
    liveRows(environmentId: string, only?: { kind: TPageKind; alias: string }) {
      return db
        .select({
          alias: pages.alias,
          type: pages.type,
          lang: pages.lang,
          title: pages.title,
          published: pages.published,
          modelName: pages.modelName,
          modelId: pages.modelId,
          edited: pages.edited,
        })
        .from(pages)
        .where(only ? liveKey(environmentId, only.kind, only.alias) : eq(pages.environmentId, environmentId));
    },
    /** The live rows of the page or template under `alias` (rowsOfOneType). */
    async liveRowsOf(environmentId: string, kind: TPageKind, alias: string): Promise<LivePageRow[]> {
      return rowsOfOneType(
        await db
          .select()
          .from(pages)
          .where(liveKey(environmentId, kind, alias)),
      );
    },
    /** Whether a live row or a draft of the kind uses the alias. */
    async aliasUsed(environmentId: string, kind: TPageKind, alias: string): Promise<boolean> {
      const live = await db
        .select({ id: pages.id })
        .from(pages)
        .where(liveKey(environmentId, kind, alias))
        .limit(1);
      if (live.length) return true;
      return (await this.draft(environmentId, kind, alias)) !== null;
    },
    /** The alias of the page (live or draft) bound to a model; null when it has none. */
    async aliasOfModel(environmentId: string, model: TPageModelRef): Promise<string | null> {
      const [live] = await db
        .select({ alias: pages.alias })
        .from(pages)
        .where(and(eq(pages.environmentId, environmentId), eq(pages.modelName, model.name), eq(pages.modelId, model.id)))
        .limit(1);
      if (live) return live.alias;
      const [draft] = await db
        .select({ alias: pageDrafts.alias })
        .from(pageDrafts)
        .where(and(eq(pageDrafts.environmentId, environmentId), eq(pageDrafts.modelName, model.name), eq(pageDrafts.modelId, model.id)))
        .limit(1);
      return draft?.alias ?? null;
    },
    /** Whether the portal has that course, element (of one of its courses) or microcourse. */
    async modelExists(portalId: string, model: TPageModelRef): Promise<boolean> {
      const rows =
        model.name === "course"
          ? await db
              .select({ id: courses.id })
              .from(courses)
              .where(and(eq(courses.portalId, portalId), eq(courses.id, model.id)))
          : model.name === "element"
            ? await db
                .select({ id: elements.id })
                .from(elements)
                .innerJoin(courses, eq(courses.id, elements.courseId))
                .where(and(eq(courses.portalId, portalId), eq(elements.id, model.id)))
            : await db
                .select({ id: microcourses.id })
                .from(microcourses)
                .where(and(eq(microcourses.portalId, portalId), eq(microcourses.id, model.id)));
      return rows.length > 0;
    },
    drafts(environmentId: string, only?: { kind: TPageKind; alias: string }): Promise<PageDraftRow[]> {
      return db
        .select()
        .from(pageDrafts)
        .where(only ? draftKey(environmentId, only.kind, only.alias) : eq(pageDrafts.environmentId, environmentId));
    },
    async draft(environmentId: string, kind: TPageKind, alias: string, opts: { lock?: boolean } = {}): Promise<PageDraftRow | null> {
      const q = db
        .select()
        .from(pageDrafts)
        .where(draftKey(environmentId, kind, alias));
      const [row] = opts.lock ? await q.for("update") : await q;
      return row ?? null;
    },
    /** False when a draft of the alias exists (a parallel first save or create won). */
    async insertDraft(row: typeof pageDrafts.$inferInsert): Promise<PageDraftRow | null> {
      const [inserted] = await db.insert(pageDrafts).values(row).onConflictDoNothing().returning();
      return inserted ?? null;
    },
    /** Saves over the draft only at `revision` (the conditional update is the lock's second line). */
    async updateDraft(
      environmentId: string,
      kind: TPageKind,
      alias: string,
      revision: number,
      document: TPageDocument,
      savedBy: string,
    ): Promise<PageDraftRow | null> {
      const [row] = await db
        .update(pageDrafts)
        .set({ document, revision: revision + 1, savedBy, savedAt: new Date() })
        .where(and(draftKey(environmentId, kind, alias), eq(pageDrafts.revision, revision)))
        .returning();
      return row ?? null;
    },
    async deleteDraft(environmentId: string, kind: TPageKind, alias: string): Promise<boolean> {
      const rows = await db
        .delete(pageDrafts)
        .where(draftKey(environmentId, kind, alias))
        .returning();
      return rows.length > 0;
    },
    async person(id: string): Promise<PersonRow | null> {
      const [row] = await db.select({ id: users.id, name: personName }).from(users).where(eq(users.id, id));
      return row ?? null;
    },
    /** The last version number per kind and alias of the environment (or of one page only), keyed `{kind}:{alias}`. */
    async lastVersions(environmentId: string, only?: { kind: TPageKind; alias: string }): Promise<Map<string, number>> {
      const rows = await db
        .select({ kind: pageVersions.kind, alias: pageVersions.alias, version: max(pageVersions.version) })
        .from(pageVersions)
        .where(only ? versionKey(environmentId, only.kind, only.alias) : eq(pageVersions.environmentId, environmentId))
        .groupBy(pageVersions.kind, pageVersions.alias);
      return new Map(rows.map((r) => [`${r.kind}:${r.alias}`, Number(r.version)]));
    },
    async lastVersion(environmentId: string, kind: TPageKind, alias: string): Promise<number | null> {
      const [row] = await db
        .select({ version: max(pageVersions.version) })
        .from(pageVersions)
        .where(versionKey(environmentId, kind, alias));
      return row?.version === null || row?.version === undefined ? null : Number(row.version);
    },
    versions(environmentId: string, kind: TPageKind, alias: string, limit: number) {
      return db
        .select({
          version: pageVersions.version,
          publishedAt: pageVersions.publishedAt,
          publishedById: pageVersions.publishedBy,
          name: personName,
          userId: users.id,
        })
        .from(pageVersions)
        .leftJoin(users, eq(users.id, pageVersions.publishedBy))
        .where(versionKey(environmentId, kind, alias))
        .orderBy(desc(pageVersions.version))
        .limit(limit);
    },
    async version(environmentId: string, kind: TPageKind, alias: string, version: number): Promise<PageVersionRow | null> {
      const [row] = await db
        .select()
        .from(pageVersions)
        .where(and(versionKey(environmentId, kind, alias), eq(pageVersions.version, version)));
      return row ?? null;
    },
    async insertVersion(row: typeof pageVersions.$inferInsert): Promise<void> {
      await db.insert(pageVersions).values(row);
    },
    async updateLive(id: string, write: LivePageWrite): Promise<void> {
      await db.update(pages).set(write).where(eq(pages.id, id));
    },
    /** Inserts a live row under the first free id of `ids` (ids are global, aliases per environment). */
    async insertLive(ids: string[], row: typeof pages.$inferInsert): Promise<void> {
      for (const id of ids) {
        const inserted = await db
          .insert(pages)
          .values({ ...row, id })
          .onConflictDoNothing({ target: pages.id })
          .returning();
        if (inserted.length) return;
      }
      throw new Error(`No free page id among ${ids.join(", ")}`);
    },
    /** Removes the page's live rows of languages not in `langs`. */
    async deleteLiveExcept(environmentId: string, type: TPageType, alias: string, langs: string[]): Promise<void> {
      await db
        .delete(pages)
        .where(
          and(
            eq(pages.environmentId, environmentId),
            eq(pages.type, type),
            eq(pages.alias, alias),
            langs.length ? notInArray(pages.lang, langs) : or(sql`true`),
          ),
        );
    },
  };
}
export type PageStore = ReturnType<typeof pageStore>;

/** The ids of navigation items (at any depth) that link to `alias`. */
export function navigationItemsOf(tree: readonly TNavigationItem[], alias: string): string[] {
  return tree.flatMap((item) => [...(item.alias === alias ? [item.id] : []), ...navigationItemsOf(item.children ?? [], alias)]);
}

/** What names a page by its alias or owns it (rename and delete, operations/page-lifecycle.ts). */
export function pageUsageStore(db: Db) {
  return {
    /**
     * Navigation items, courses, microcourses and video events that name `alias` as their page. The
     * environment's row is locked first, so a navigation save that would add a link to the alias waits
     * for the rename or delete to commit (and then finds no page under the old alias).
     */
    async aliasUsages(portalId: string, environmentId: string, alias: string): Promise<TPageUsage[]> {
      const [env] = await db.select({ navigation: environments.navigation }).from(environments).where(eq(environments.id, environmentId)).for("update");
      const [c, m, v] = await Promise.all([
        db
          .select({ id: courses.id })
          .from(courses)
          .where(and(eq(courses.portalId, portalId), eq(courses.pageAlias, alias))),
        db
          .select({ id: microcourses.id })
          .from(microcourses)
          .where(and(eq(microcourses.portalId, portalId), eq(microcourses.pageAlias, alias))),
        db
          .select({ id: videoEvents.id })
          .from(videoEvents)
          .where(and(eq(videoEvents.portalId, portalId), eq(videoEvents.pageAlias, alias))),
      ]);
      return [
        ...navigationItemsOf(env?.navigation ?? [], alias).map((id) => ({ kind: "navigation" as const, id })),
        ...c.map((r) => ({ kind: "course" as const, id: r.id })),
        ...m.map((r) => ({ kind: "microcourse" as const, id: r.id })),
        ...v.map((r) => ({ kind: "video-event" as const, id: r.id })),
      ];
    },
    /** Moves the page's live rows (of `type`), draft and versions to `to` (ids stay: they are not addresses). */
    async renameAlias(environmentId: string, type: TPageType, from: string, to: string): Promise<void> {
      const kind = pageKindOf(type);
      await db
        .update(pages)
        .set({ alias: to })
        .where(and(eq(pages.environmentId, environmentId), eq(pages.type, type), eq(pages.alias, from)));
      await db
        .update(pageDrafts)
        .set({ alias: to })
        .where(draftKey(environmentId, kind, from));
      await db
        .update(pageVersions)
        .set({ alias: to })
        .where(versionKey(environmentId, kind, from));
    },
    /** Removes the page's live rows, draft and versions; the counts removed. */
    async deleteAlias(environmentId: string, type: TPageType, alias: string): Promise<{ live: number; draft: number; versions: number }> {
      const live = await db
        .delete(pages)
        .where(and(eq(pages.environmentId, environmentId), eq(pages.type, type), eq(pages.alias, alias)))
        .returning();
      const draft = await db
        .delete(pageDrafts)
        .where(draftKey(environmentId, pageKindOf(type), alias))
        .returning();
      const versions = await db
        .delete(pageVersions)
        .where(versionKey(environmentId, pageKindOf(type), alias))
        .returning();
      return { live: live.length, draft: draft.length, versions: versions.length };
    },
  };
}
