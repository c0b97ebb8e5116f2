import { modelPageBlocks, modelPageOrNull } from "../../../domain/model-page";
import { FALLBACK_LANG } from "../../../domain/constants";
import { AppError, isAppError } from "../../../domain/errors";
import { contentRefusalError, maySeeDrafts, type ContentRefusal, type TContentTarget, type TViewer } from "../../../domain/learning-access";
import type { TBlock, TPage } from "../../../domain/page";
import { publicQuizProps, type TQuizProps } from "../../../domain/blocks/quiz";
import { DIALOG_KINDS, dialogIdOf } from "../../../domain/results";
import { sanitizeBlocks } from "../../platform/rich-text";
import type { VersionedCache } from "../../platform/versioned-cache";
import type { PageRow, PagesRepo } from "./repo";

export interface PageLookup {
  lang: string;
  withComponents?: boolean;
  /**
   * Set only by in-process callers, never from a request:
   * - "preview": the caller checked the creator preview secret of the model's course, so drafts and
   *   locks do not apply;
   * - "checked": the caller has just applied contentRefusal to this model for this viewer (and
   *   refused if it had to), so the model's access is not looked up a second time.
   */
  grant?: "preview" | "checked";
}

/**
 * The access verdict on the model a page is bound to (course, element, microcourse, ...), from the
 * learning services: null when the viewer may read it, else the refusal and what was judged.
 */
export type ModelAccess = (viewer: TViewer, model: { name: string; id: string }) => Promise<{ refusal: ContentRefusal; target: TContentTarget } | null>;

/**
 * What readers get of a page's blocks: rich text sanitised (decision 0020) and quizzes without their
 * correct ids and explanation, which the quiz result's reply tells (issue 13).
 */
function readerBlocks(row: PageRow): TBlock[] {
  const dialogId = dialogIdOf({ alias: row.alias, model: row.modelName && row.modelId ? { name: row.modelName, id: row.modelId } : null });
  return sanitizeBlocks(row.components).map((b) => (b.type === "tests" ? { ...b, props: publicQuizProps(b.props, dialogId) } : b));
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
    // Rich text leaves the server sanitised: the browser renders it as it comes (decision 0020).
    ...(withComponents ? { components: readerBlocks(row) } : {}),
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

export interface PageReadDeps {
  repo: PagesRepo;
  environmentId: string;
  portalLangs: () => Promise<PortalLangs>;
  /**
   * Page rows come from this cache, keyed by the content version (a page write through changeContent
   * is seen by the next read); drafts and the model's content rule are applied per request on top.
   */
  cache: VersionedCache;
}

/**
 * The pages a viewer reads. `modelAccess` is the content rule for the model a page is bound to
 * (modules/courses: createContentAccess); the page blocks lookup below works without it.
 */
export function createPagesService(deps: PageReadDeps & { modelAccess: ModelAccess }) {
  return pageReads(deps, deps.modelAccess);
}
export type PagesService = ReturnType<typeof createPagesService>;

/**
 * The blocks of the page bound to a model, for callers that applied the model's content rule
 * themselves ("checked") or checked its course's preview secret ("preview"): the content services
 * (modules/courses, microcourses) use it, so they need no pages service and pages can depend on them.
 * None when the model has no page the viewer may see in that language.
 */
export function createPageBlocks(deps: PageReadDeps) {
  const reads = pageReads(deps, null);
  return async (viewer: TViewer, model: { name: string; id: string }, q: { lang: string; grant: "checked" | "preview" }): Promise<TBlock[]> => {
    return modelPageBlocks(await modelPageOrNull(reads.getByModel(viewer, model, { lang: q.lang, withComponents: true, grant: q.grant })));
  };
}

/** Page reads; without `modelAccess` only granted lookups (PageLookup.grant) of model pages are possible. */
function pageReads(deps: PageReadDeps, modelAccess: ModelAccess | null) {
  const { repo, environmentId, cache } = deps;
  const stored = {
    byAlias: (types: PageRow["type"][], alias: string, langs: string[]) =>
      cache.get(`alias:${environmentId}:${types.join(",")}:${langs.join(",")}:${alias}`, () => repo.findByAlias(environmentId, types, alias, langs)),
    byModel: (name: string, id: string, langs: string[]) =>
      cache.get(`model:${environmentId}:${langs.join(",")}:${name}:${id}`, () => repo.findByModel(environmentId, name, id, langs)),
  };

  /**
   * The one content rule for pages: an unpublished page is for creators (or a preview) only, and a
   * page bound to a model is answered only when the viewer may read that model (contentRefusal).
   * Refusals are the elements API's typed 403s; anything the viewer may not know of is PAGE-NOT-FOUND.
   */
  async function guard(viewer: TViewer, row: PageRow | undefined, q: PageLookup, notFound: string): Promise<PageRow> {
    const preview = q.grant === "preview";
    const missing = () => new AppError("PAGE_NOT_FOUND", notFound);
    if (!row) throw missing();
    if (!row.published && row.type !== "system" && row.type !== "template" && !maySeeDrafts(viewer, { preview })) throw missing();
    if (row.modelName === null || preview || q.grant === "checked") return row;
    if (!modelAccess) throw new Error("A page bound to a model needs the content rule (modelAccess) or a grant");
    const verdict = await modelAccess(viewer, { name: row.modelName, id: row.modelId ?? "" });
    if (verdict) throw contentRefusalError(verdict.refusal, verdict.target, { code: "PAGE_NOT_FOUND", message: notFound });
    return row;
  }

  /** Pages exist only in the portal's languages; anything else is a client error, not a miss. */
  async function checkLang(lang: string): Promise<PortalLangs> {
    const portalLangs = await deps.portalLangs();
    if (!portalLangs.langs.includes(lang)) {
      throw new AppError("UNSUPPORTED_LANG", `Language '${lang}' is not one of ${portalLangs.langs.join(", ")}`);
    }
    return portalLangs;
  }

  return {
    /**
     * A quiz block as stored (correct ids and explanation included) for grading, from the page of
     * `dialogId` the viewer may read: the content rule of the page's model applies, as to the page.
     * The requested language's page first, then the portal's others. Anything else is QUIZ-NOT-FOUND.
     */
    async findQuiz(viewer: TViewer, dialogId: string, msgId: string, lang?: string): Promise<{ props: TQuizProps; lang: string }> {
      const notFound = () => new AppError("QUIZ_NOT_FOUND", `No quiz ${msgId} on ${dialogId}`);
      const cut = dialogId.indexOf(":");
      const kind = dialogId.slice(0, cut) as (typeof DIALOG_KINDS)[number];
      const id = dialogId.slice(cut + 1);
      if (cut < 0 || !DIALOG_KINDS.includes(kind)) throw notFound();
      const { langs } = await deps.portalLangs();
      const order = lang && langs.includes(lang) ? [lang, ...langs.filter((l) => l !== lang)] : langs;
      const rows = kind === "page" ? await stored.byAlias(["page", "system", "template"], id, langs) : await stored.byModel(kind, id, langs);
      for (const l of order) {
        const row = rows.find((r) => r.lang === l && (kind === "page" ? r.modelName === null : true));
        const block = row?.components.find((b) => b.type === "tests" && b.id === msgId);
        if (!row || block?.type !== "tests") continue;
        try {
          await guard(viewer, row, { lang: l }, "quiz page");
        } catch (e) {
          // A refusal of the page's model (a locked element, registration needed) keeps its typed error.
          if (isAppError(e, "PAGE_NOT_FOUND")) throw notFound();
          throw e;
        }
        return { props: block.props, lang: l };
      }
      throw notFound();
    },
    /** Page by alias in exactly the requested language (seed 7). System pages (404, access-denied) included. */
    async getByAlias(viewer: TViewer, alias: string, q: PageLookup): Promise<TPage> {
      await checkLang(q.lang);
      const rows = await stored.byAlias(["page", "system"], alias, [q.lang]);
      const row = rows.find((r) => r.published || r.type === "system" || maySeeDrafts(viewer, { preview: q.grant === "preview" }));
      return present(await guard(viewer, row, q, `Page '${alias}' (${q.lang}) not found`), q.withComponents ?? true);
    },
    /**
     * The page of a course, element or microcourse: in the requested language, else in the portal's
     * primary language, else in its other languages in their order. A model is readable in every
     * portal language, so a lesson whose page was written in one language only shows that content to
     * a reader of another (issue 28), as its title does (localized()).
     */
    async getByModel(viewer: TViewer, model: { name: string; id: string }, q: PageLookup): Promise<TPage> {
      const { primaryLang, langs } = await checkLang(q.lang);
      const order = [...new Set([q.lang, primaryLang, ...langs])];
      const rows = await stored.byModel(model.name, model.id, order);
      const notFound = `Page for ${model.name}:${model.id} (${q.lang}) not found`;
      const shown = rows.filter((r) => r.published || maySeeDrafts(viewer, { preview: q.grant === "preview" }));
      return present(await guard(viewer, firstByLang(shown, order), q, notFound), q.withComponents ?? true);
    },
    /** Template by alias: the requested language, then the primary language, then the fallback (seed 7). */
    async getTemplate(viewer: TViewer, alias: string, q: PageLookup): Promise<TPage> {
      const { primaryLang } = await checkLang(q.lang);
      const order = [...new Set([q.lang, primaryLang, FALLBACK_LANG])];
      const rows = await stored.byAlias(["template"], alias, order);
      return present(await guard(viewer, firstByLang(rows, order), q, `Template '${alias}' not found`), q.withComponents ?? true);
    },
  };
}
