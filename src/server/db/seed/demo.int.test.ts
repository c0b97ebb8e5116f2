import { eq, isNull, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { describeEachDatabase } from "../../../../tests/setup/databases";
import type { Db } from "../client";
import { environments, pages, portals } from "../schema/portal";
import { ALL_POLICY_CATEGORIES } from "../../../domain/policy";
import { DEMO_LANGS, mainPageBlocks } from "./demo-content";
import { SHOWCASE_ALIAS } from "./demo-showcase";
import { changeContent } from "../../platform/content-version";

/** The pages the demo seeds in every language, by alias. */
const SEEDED_ALIASES = ["main", "404", "access-denied", "advantages", ...ALL_POLICY_CATEGORIES, SHOWCASE_ALIAS];
const seededPageIds = () => DEMO_LANGS.flatMap((l) => SEEDED_ALIASES.map((alias) => `page-${alias}-${l}`)).sort();

async function count(db: Db, table: typeof portals | typeof environments | typeof pages): Promise<number> {
  // Pages bound to a model (course, element, microcourse pages) belong to demo-courses.int.test.ts.
  const rows =
    table === pages
      ? await db
          .select({ n: sql<number>`count(*)::int` })
          .from(pages)
          .where(isNull(pages.modelName))
      : await db.select({ n: sql<number>`count(*)::int` }).from(table);
  return Number(rows[0].n);
}

async function counts(db: Db) {
  return { portals: await count(db, portals), environments: await count(db, environments), pages: await count(db, pages) };
}

describeEachDatabase(
  "demo seed",
  (t) => {
    it("starts from an empty migrated database", async () => {
      expect(await counts(t.db)).toEqual({ portals: 0, environments: 0, pages: 0 });
    });

    it("creates the portal, its child, the environment and main/404/access-denied pages in four languages", async () => {
      await t.seed();
      expect(await counts(t.db)).toEqual({ portals: 2, environments: 1, pages: seededPageIds().length });
      const rows = await t.db.select({ id: pages.id }).from(pages).where(isNull(pages.modelName)).orderBy(pages.id);
      // Sorted here: the database's collation may order hyphenated ids differently.
      expect(rows.map((r) => r.id).sort()).toEqual(seededPageIds());
    });

    it("is idempotent: a second run keeps the same row counts", async () => {
      const before = await counts(t.db);
      await t.seed();
      await t.seed();
      expect(await counts(t.db)).toEqual(before);
    });

    it("does not overwrite rows that were changed after seeding", async () => {
      await changeContent(t.db, async (tx) => {
        await tx.update(pages).set({ title: "Edited by a creator", published: false }).where(eq(pages.id, "page-main-en"));
      });
      await changeContent(t.db, async (tx) => {
        await tx
          .update(portals)
          .set({ title: { en: "Renamed portal" } })
          .where(eq(portals.id, t.config.PORTAL_ID));
      });
      await changeContent(t.db, async (tx) => {
        await tx
          .update(environments)
          .set({ theme: { componentBorderRadius: 4, button: { borderRadius: 4, type: "flat" }, color: "teal" } })
          .where(eq(environments.id, t.config.ENVIRONMENT_ID));
      });

      await t.seed();

      const [page] = await t.db.select().from(pages).where(eq(pages.id, "page-main-en"));
      expect(page.title).toBe("Edited by a creator");
      expect(page.published).toBe(false);
      const [portal] = await t.db.select().from(portals).where(eq(portals.id, t.config.PORTAL_ID));
      expect(portal.title).toEqual({ en: "Renamed portal" });
      const [env] = await t.db.select().from(environments).where(eq(environments.id, t.config.ENVIRONMENT_ID));
      expect(env.theme).toMatchObject({ color: "teal", componentBorderRadius: 4 });
      // Untouched rows keep their seeded content.
      const [tr] = await t.db.select().from(pages).where(eq(pages.id, "page-main-tr"));
      expect(tr.title).toBe(mainPageBlocks("tr").title);
    });

    it("re-creates a deleted row without touching the others", async () => {
      await changeContent(t.db, async (tx) => {
        await tx.delete(pages).where(eq(pages.id, "page-main-ru"));
      });
      await t.seed();
      expect(await count(t.db, pages)).toBe(seededPageIds().length);
      const [page] = await t.db.select().from(pages).where(eq(pages.id, "page-main-en"));
      expect(page.title).toBe("Edited by a creator");
    });

    it("serves what it seeded through the API", async () => {
      const res = await t.app.inject({ method: "GET", url: "/api/pages/by-alias/main?lang=tr" });
      expect(res.statusCode).toBe(200);
      expect(res.json().title).toBe(mainPageBlocks("tr").title);
    });
  },
  { seed: false },
);
