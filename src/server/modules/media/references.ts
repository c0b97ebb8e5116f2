import { pageDrafts, pageVersions } from "../../db/schema/page-designer";
import { sql, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { courses, elements, microcourses, videoEventEpisodes, videoEvents } from "../../db/schema/courses";
import { environments, pages, portals } from "../../db/schema/portal";

/**
 * Where a media file can be named (docs/decisions/0051): every table whose rows hold content or
 * settings an author edits. A row names a file when its text (`row::text`, every column, jsonb
 * documents included) contains the file's sha256, which starts each of its keys and so each of its
 * URLs and variants' URLs. Add a table here (page drafts, forms, ...) and the unused listing and the
 * delete check both see it.
 */
export const MEDIA_REFERENCE_SOURCES: ReadonlyArray<{ name: string; table: PgTable }> = [
  { name: "pages", table: pages },
  { name: "courses", table: courses },
  { name: "elements", table: elements },
  { name: "microcourses", table: microcourses },
  { name: "video-events", table: videoEvents },
  { name: "video-event-episodes", table: videoEventEpisodes },
  { name: "portal", table: portals },
  { name: "portal-settings", table: environments },
  // A draft or an earlier version can be published (restored) again: its files stay in use.
  { name: "page-drafts", table: pageDrafts },
  { name: "page-versions", table: pageVersions },
];

/** The number of rows of one source naming the hash `sha` (an SQL expression: a column or a value). */
export function referencesIn(table: PgTable, sha: SQL): SQL<number> {
  return sql<number>`(select count(*)::int from ${table} as src where strpos(src::text, ${sha}) > 0)`;
}

/** The number of rows of every source naming `sha`, summed. */
export function allReferences(sha: SQL): SQL<number> {
  return sql<number>`(${sql.join(
    MEDIA_REFERENCE_SOURCES.map((s) => referencesIn(s.table, sha)),
    sql` + `,
  )})`;
}
