import { eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { describeEachDatabase } from "../../../../tests/setup/databases";
import type { Db } from "../client";
import { environments, pages, portals } from "../schema";
import { DEMO_LANGS, mainPageBlocks } from "./demo-content";
import { SHOWCASE_ALIAS } from "./demo-showcase";

async function count(db: Db, table: typeof portals | typeof environments | typeof pages): Promise<number> {
  const rows = await db.select({ n: sql<number>`count(*)::int` }).from(table);
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
      expect(await counts(t.db)).toEqual({ portals: 2, environments: 1, pages: 4 * DEMO_LANGS.length });
      const rows = await t.db.select({ id: pages.id }).from(pages).orderBy(pages.id);
      expect(rows.map((r) => r.id)).toEqual(
        DEMO_LANGS.flatMap((l) => [`page-404-${l}`, `page-access-denied-${l}`, `page-main-${l}`, `page-${SHOWCASE_ALIAS}-${l}`]).sort(),
      );
    });

    it("is idempotent: a second run keeps the same row counts", async () => {
      const before = await counts(t.db);
      await t.seed();
      await t.seed();
      expect(await counts(t.db)).toEqual(before);
    });

    it("does not overwrite rows that were changed after seeding", async () => {
      await t.db.update(pages).set({ title: "Edited by a creator", published: false }).where(eq(pages.id, "page-main-en"));
      await t.db
        .update(portals)
        .set({ title: { en: "Renamed portal" } })
        .where(eq(portals.id, t.config.PORTAL_ID));
      await t.db
        .update(environments)
        .set({ theme: { componentBorderRadius: 4, button: { borderRadius: 4, type: "flat" }, color: "teal" } })
        .where(eq(environments.id, t.config.ENVIRONMENT_ID));

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
      await t.db.delete(pages).where(eq(pages.id, "page-main-ru"));
      await t.seed();
      expect(await count(t.db, pages)).toBe(4 * DEMO_LANGS.length);
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
