import { randomUUID } from "node:crypto";
import { THEME_DEFAULTS } from "../../../domain/constants";
import type { TBlock } from "../../../domain/page";
import type { Db } from "../client";
import { changeContent } from "../../platform/content-version";
import { environments, pages, portals } from "../schema/portal";

type PortalInsert = typeof portals.$inferInsert;
type EnvironmentInsert = typeof environments.$inferInsert;
type PageInsert = typeof pages.$inferInsert;

/**
 * Seed helpers: inserts are idempotent (existing ids are left as they are), so they also serve tests.
 * Each is a content change (platform/content-version.ts): caches see the row at once; inside a larger
 * change (the demo seed) they join its one transaction.
 */
export async function upsertPortal(db: Db, p: Partial<PortalInsert> & Pick<PortalInsert, "id">) {
  const row: PortalInsert = {
    type: "other",
    title: { en: p.id },
    i18n: { langs: ["en"], primaryLang: "en" },
    registration: {
      type: "email",
      email: true,
      swapPopups: false,
      gdpr: false,
      anonymous: false,
      google: false,
      facebook: false,
      googleOneTap: false,
      messengers: [],
    },
    ...p,
  };
  await changeContent(db, async (tx) => {
    await tx.insert(portals).values(row).onConflictDoNothing();
  });
  return row;
}

export async function upsertEnvironment(db: Db, e: Partial<EnvironmentInsert> & Pick<EnvironmentInsert, "id" | "portalId">) {
  const row: EnvironmentInsert = {
    theme: {
      componentBorderRadius: THEME_DEFAULTS.componentBorderRadius,
      button: { borderRadius: THEME_DEFAULTS.buttonBorderRadius, type: THEME_DEFAULTS.buttonType },
      color: THEME_DEFAULTS.color,
    },
    logo: {},
    contacts: {},
    socials: [],
    navigation: [],
    seo: {},
    integrations: { enabledCustomScripts: false, customScripts: [], messengers: {} },
    ...e,
  };
  await changeContent(db, async (tx) => {
    await tx.insert(environments).values(row).onConflictDoNothing();
  });
  return row;
}

export async function upsertPage(db: Db, p: Partial<PageInsert> & Pick<PageInsert, "environmentId" | "alias" | "lang" | "title"> & { components?: TBlock[] }) {
  const row: PageInsert = { id: p.id ?? `page-${randomUUID()}`, published: true, ...p };
  await changeContent(db, async (tx) => {
    await tx.insert(pages).values(row).onConflictDoNothing();
  });
  return row;
}
