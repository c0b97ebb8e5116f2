import { and, asc, desc, eq, sql, type SQL } from "drizzle-orm";
import type { ListPageQuery } from "../../../domain/list-scope";
import type { Db } from "../../db/client";
import { forSomeGroups, groupScopeCondition } from "../../db/group-scope";
import { microcourses } from "../../db/schema/courses";

export type MicrocourseRow = typeof microcourses.$inferSelect;

/** One page of the list: `limit` rows after (or before) the microcourse `anchor`; groups as in the catalogue. */
export interface MicrocoursePageQuery extends ListPageQuery {
  portalId: string;
}

export function createMicrocoursesRepo(db: Db) {
  return {
    /**
     * A keyset page in list order (index, number, id, all ascending: one row comparison the
     * microcourses_list_order index seeks to), "before" pages nearest first (the caller turns them round).
     */
    listPage(q: MicrocoursePageQuery): Promise<MicrocourseRow[]> {
      const where: Array<SQL | undefined> = [
        eq(microcourses.portalId, q.portalId),
        eq(microcourses.visible, true),
        groupScopeCondition(microcourses.groups, q.groups),
      ];
      if (q.published) where.push(eq(microcourses.published, true));
      if (q.exceptHidden) where.push(eq(microcourses.hidden, false));
      const after = q.anchor?.dir !== "before";
      if (q.anchor) {
        const anchor = sql`(select "index", "number", "id" from "microcourses" where "id" = ${q.anchor.id})`;
        const row = sql`(${microcourses.index}, ${microcourses.number}, ${microcourses.id})`;
        where.push(after ? sql`${row} > ${anchor}` : sql`${row} < ${anchor}`);
      }
      const order = after ? asc : desc;
      return db
        .select()
        .from(microcourses)
        .where(and(...where))
        .orderBy(order(microcourses.index), order(microcourses.number), order(microcourses.id))
        .limit(q.limit);
    },
    /** Whether any microcourse of the portal is for some groups only (else a viewer's team changes no list). */
    async hasGroupMicrocourses(portalId: string): Promise<boolean> {
      const [row] = await db
        .select({ one: sql<number>`1` })
        .from(microcourses)
        .where(and(eq(microcourses.portalId, portalId), forSomeGroups(microcourses.groups)))
        .limit(1);
      return row !== undefined;
    },
    async find(portalId: string, id: string): Promise<MicrocourseRow | null> {
      return (
        (
          await db
            .select()
            .from(microcourses)
            .where(and(eq(microcourses.portalId, portalId), eq(microcourses.id, id)))
            .limit(1)
        )[0] ?? null
      );
    },
  };
}
export type MicrocoursesRepo = ReturnType<typeof createMicrocoursesRepo>;
