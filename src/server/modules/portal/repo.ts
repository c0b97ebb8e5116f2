import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { environments, portals } from "../../db/schema/portal";

export function createPortalRepo(db: Db) {
  return {
    async findPortal(id: string) {
      const rows = await db.select().from(portals).where(eq(portals.id, id)).limit(1);
      return rows[0] ?? null;
    },
    async findChildren(parentId: string) {
      return db.select({ id: portals.id, type: portals.type, title: portals.title }).from(portals).where(eq(portals.parentId, parentId)).orderBy(portals.id);
    },
    async findEnvironment(id: string) {
      const rows = await db.select().from(environments).where(eq(environments.id, id)).limit(1);
      return rows[0] ?? null;
    },
  };
}
export type PortalRepo = ReturnType<typeof createPortalRepo>;
