import { FALLBACK_LANG } from "../../../domain/constants";
import { AppError } from "../../../domain/errors";
import type { TPage } from "../../../domain/page";
import type { PageRow, PagesRepo } from "./repo";

export interface PageLookup {
  lang: string;
  withComponents?: boolean;
  /** Creators may see unpublished pages; learners only published ones. */
  includeUnpublished?: boolean;
}

function present(row: PageRow, withComponents: boolean): TPage {
  return {
    id: row.id,
    environmentId: row.environmentId,
    lang: row.lang,
    alias: row.alias,
    title: row.title,
    description: row.description,
    keywords: row.keywords,
    image: row.image,
    noindex: row.noindex,
    published: row.published,
    template: row.template,
    type: row.type,
    model: row.modelName && row.modelId ? { name: row.modelName, id: row.modelId } : null,
    index: row.index,
    edited: row.edited.toISOString(),
    ...(withComponents ? { components: row.components } : {}),
  };
}

/** Picks the row in the first language of `order` that has one. */
function firstByLang(rows: PageRow[], order: string[]): PageRow | undefined {
  for (const lang of order) {
    const hit = rows.find((r) => r.lang === lang);
    if (hit) return hit;
  }
  return undefined;
}

export interface PortalLangs {
  langs: string[];
  primaryLang: string;
}

export function createPagesService(deps: { repo: PagesRepo; environmentId: string; portalLangs: () => Promise<PortalLangs> }) {
  const { repo, environmentId } = deps;

  /** Pages exist only in the portal's languages; anything else is a client error, not a miss. */
  async function checkLang(lang: string): Promise<PortalLangs> {
    const portalLangs = await deps.portalLangs();
    if (!portalLangs.langs.includes(lang)) {
      throw new AppError("UNSUPPORTED_LANG", `Language '${lang}' is not one of ${portalLangs.langs.join(", ")}`);
    }
    return portalLangs;
  }

  return {
    /** Page by alias in exactly the requested language (seed 7). System pages (404, access-denied) included. */
    async getByAlias(alias: string, q: PageLookup): Promise<TPage> {
      await checkLang(q.lang);
      const rows = await repo.findByAlias(environmentId, ["page", "system"], alias, [q.lang]);
      const row = rows.find((r) => q.includeUnpublished || r.published || r.type === "system");
      if (!row) throw new AppError("PAGE_NOT_FOUND", `Page '${alias}' (${q.lang}) not found`);
      return present(row, q.withComponents ?? true);
    },
    async getByModel(model: { name: string; id: string }, q: PageLookup): Promise<TPage> {
      await checkLang(q.lang);
      const rows = await repo.findByModel(environmentId, model.name, model.id, [q.lang]);
      const row = rows.find((r) => q.includeUnpublished || r.published);
      if (!row) throw new AppError("PAGE_NOT_FOUND", `Page for ${model.name}:${model.id} (${q.lang}) not found`);
      return present(row, q.withComponents ?? true);
    },
    /** Template by alias: the requested language, then the primary language, then the fallback (seed 7). */
    async getTemplate(alias: string, q: PageLookup): Promise<TPage> {
      const { primaryLang } = await checkLang(q.lang);
      const order = [...new Set([q.lang, primaryLang, FALLBACK_LANG])];
      const rows = await repo.findByAlias(environmentId, ["template"], alias, order);
      const row = firstByLang(rows, order);
      if (!row) throw new AppError("PAGE_NOT_FOUND", `Template '${alias}' not found`);
      return present(row, q.withComponents ?? true);
    },
  };
}
export type PagesService = ReturnType<typeof createPagesService>;
