import { sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { GroupScope } from "../../domain/list-scope";

/** The rows of a group-only `groups` column (a JSON array of team ids) that `scope` keeps; undefined: all of them. */
export function groupScopeCondition(groups: AnyColumn, scope: GroupScope): SQL | undefined {
  if (scope.all) return undefined;
  const none = sql`${groups} = '[]'::jsonb`;
  return scope.team === null ? none : sql`(${none} or ${groups} @> jsonb_build_array(${scope.team}::text))`;
}

/** Rows that are for some groups only. */
export const forSomeGroups = (groups: AnyColumn): SQL => sql`${groups} <> '[]'::jsonb`;
