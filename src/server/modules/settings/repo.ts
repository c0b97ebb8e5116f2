import { eq } from "drizzle-orm";
import type { TAuditSummary } from "../../../domain/studio";
import type { Db } from "../../db/client";
import { auditLog } from "../../db/schema/audit";
import { environments, portals } from "../../db/schema/portal";
import { changeContent } from "../../platform/content-version";

export type PortalRow = typeof portals.$inferSelect;
export type EnvironmentRow = typeof environments.$inferSelect;
export type PortalWrite = Partial<Pick<PortalRow, "title" | "type" | "i18n" | "favicon" | "lessonLoadIcon" | "authMigration" | "registration">>;
export type EnvironmentWrite = Partial<Pick<EnvironmentRow, "theme" | "logo" | "contacts" | "socials" | "seo" | "integrations">>;

export interface SettingsAudit {
  portalId: string;
  actorId: string;
  action: string;
  entityType: string;
  entityId: string;
  summary: TAuditSummary;
}

function reads(db: Db) {
  return {
    async portal(id: string): Promise<PortalRow | null> {
      const [row] = await db.select().from(portals).where(eq(portals.id, id)).limit(1);
      return row ?? null;
    },
    async environment(id: string): Promise<EnvironmentRow | null> {
      const [row] = await db.select().from(environments).where(eq(environments.id, id)).limit(1);
      return row ?? null;
    },
    async children(parentId: string) {
      return db.select({ id: portals.id, type: portals.type, title: portals.title }).from(portals).where(eq(portals.parentId, parentId)).orderBy(portals.id);
    },
  };
}

/** Writes of one settings change: inside a content change, so every instance serves it at once. */
function writes(db: Db) {
  return {
    /** Holds the portal's row until the change commits: saves of its sections queue. */
    async lockPortal(id: string): Promise<PortalRow | null> {
      const [row] = await db.select().from(portals).where(eq(portals.id, id)).for("update");
      return row ?? null;
    },
    async lockEnvironment(id: string): Promise<EnvironmentRow | null> {
      const [row] = await db.select().from(environments).where(eq(environments.id, id)).for("update");
      return row ?? null;
    },
    async updatePortal(id: string, write: PortalWrite): Promise<PortalRow> {
      const [row] = await db
        .update(portals)
        .set({ ...write, updatedAt: new Date() })
        .where(eq(portals.id, id))
        .returning();
      return row!;
    },
    /**
     * Leaves `updated_at` alone: it is the navigation's version (studio navigation PUT), and a theme
     * save must not make an open navigation editor stale (decision 0058).
     */
    async updateEnvironment(id: string, write: EnvironmentWrite): Promise<EnvironmentRow> {
      const [row] = await db.update(environments).set(write).where(eq(environments.id, id)).returning();
      return row!;
    },
    async audit(entry: SettingsAudit): Promise<void> {
      await db.insert(auditLog).values(entry);
    },
  };
}

export function createSettingsRepo(db: Db) {
  return {
    ...reads(db),
    /** One transaction with the content-version bump; nothing is written when `write` throws. */
    change<T>(write: (w: ReturnType<typeof writes> & ReturnType<typeof reads>) => Promise<T>): Promise<T> {
      return changeContent(db, (tx) => write({ ...reads(tx), ...writes(tx) }));
    },
  };
}
export type SettingsRepo = ReturnType<typeof createSettingsRepo>;
