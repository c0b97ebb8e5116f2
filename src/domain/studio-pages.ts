import { z } from "zod";
import { isSafeUrl } from "./blocks/safe-url";
import { ZLang } from "./course";
import { mediaField } from "./media-field";
import { ZBlock, type TBlockType } from "./page";
import { ZJsonValue, ZText } from "./validation/safe-text";

/**
 * The page designer's contract (issue 15), shared by the studio API and the designer screens.
 *
 * A page is addressed by its alias. Published pages stay one row per language (what readers read,
 * unchanged); the designer edits one document per alias: the block structure (ids, order, types) is
 * shared by every language and each block carries its props per language. Publishing writes each
 * language's row from the document; a language a block has no props for falls back to the primary
 * language's props (and the designer marks it as a missing translation).
 */

export const PAGE_ALIAS_MAX = 120;
export const PAGE_TITLE_MAX = 200;
export const PAGE_DESCRIPTION_MAX = 500;
export const PAGE_KEYWORDS_MAX = 500;
export const PAGE_TEMPLATE_MAX = 60;
/** Blocks on one page: far more than a designed page holds; a bigger list is a mistake or an attack. */
export const PAGE_BLOCKS_MAX = 200;
/** One document's JSON, every language included. */
export const PAGE_DOCUMENT_MAX_BYTES = 1_000_000;

/** Lower-case letters, digits and dashes, like the seed's aliases (main, advantages, course-{id}, element-{id}). */
export const ZPageAlias = ZText.min(1)
  .max(PAGE_ALIAS_MAX)
  .regex(/^[a-z0-9][a-z0-9_-]*$/, { error: "Use lower-case letters, digits, - and _" });

/** What a page can be bound to: its landing page (course, microcourse) or its blocks (element). */
export const ZPageModelRef = z.object({ name: z.enum(["course", "element", "microcourse"]), id: ZText.min(1).max(120) }).strict();
export type TPageModelRef = z.infer<typeof ZPageModelRef>;

const ZImageUrl = mediaField(ZText.min(1).max(2048).refine(isSafeUrl, { error: "Use a site path (/...) or an http(s) address" }), "image");

/** SEO fields of one language's page. */
export const ZPageMeta = z
  .object({
    title: ZText.trim().min(1).max(PAGE_TITLE_MAX),
    description: ZText.max(PAGE_DESCRIPTION_MAX).nullable().default(null),
    keywords: ZText.max(PAGE_KEYWORDS_MAX).nullable().default(null),
    image: ZImageUrl.nullable().default(null),
  })
  .strict();
export type TPageMeta = z.infer<typeof ZPageMeta>;

export const BLOCK_TYPES = ZBlock.options.map((o) => o.shape.type.value) as TBlockType[];
export const ZBlockType = z.enum(BLOCK_TYPES as [TBlockType, ...TBlockType[]]);

/**
 * A block in the designer: props per language, each checked by the block type's props schema on the
 * server (400 BLOCK-INVALID naming blocks.{index}.props.{lang}.{field...}). At least one language.
 */
export const ZDesignerBlock = z
  .object({
    id: ZText.min(1)
      .max(64)
      .regex(/^[A-Za-z0-9_-]+$/),
    type: ZBlockType,
    props: z.record(ZLang, z.unknown()).refine((m) => Object.keys(m).length >= 1, { error: "Props in at least one language" }),
  })
  .strict();
export type TDesignerBlock = z.infer<typeof ZDesignerBlock>;

/**
 * Seed §3's page `type`: a page readers open by its alias, a template (what a policy page is drawn
 * from in a language the portal has no page of that category in), or a system page the portal draws
 * itself (404, access-denied). Readers address pages and system pages by one alias and templates by
 * another (pages service), so the designer has two kinds of alias: a page (or system page) and a
 * template may share an alias, as a policy category's page and its template do (docs/decisions/0061).
 */
export const PAGE_TYPES = ["page", "template", "system"] as const;
export const ZPageType = z.enum(PAGE_TYPES);
export type TPageType = z.infer<typeof ZPageType>;

export const PAGE_KINDS = ["page", "template"] as const;
export const ZPageKind = z.enum(PAGE_KINDS);
export type TPageKind = z.infer<typeof ZPageKind>;
export const pageKindOf = (type: TPageType): TPageKind => (type === "template" ? "template" : "page");
/** A page in the designer: its kind and alias. */
export interface TPageRef {
  kind: TPageKind;
  alias: string;
}
/** A designer address's alias and `kind` query value as a page reference; null when either is not one. */
export function pageRefOf(alias: string | undefined, kind: string | null): TPageRef | null {
  const parsedKind = ZPageKind.safeParse(kind ?? "page");
  if (!parsedKind.success || !ZPageAlias.safeParse(alias).success) return null;
  return { kind: parsedKind.data, alias: alias! };
}
/** Which of the two the alias in a studio page address names (`?kind=template`); a page when absent. */
export const ZPageKindQuery = z.object({ kind: ZPageKind.default("page").describe("template for a template; a page or system page when absent") });

export const ZPageDocument = z
  .object({
    /** Per language; the primary language's is required to publish. */
    meta: z.record(ZLang, ZPageMeta),
    template: ZText.max(PAGE_TEMPLATE_MAX).nullable().default(null),
    noindex: z.boolean().default(false),
    published: z.boolean().default(false),
    blocks: z.array(ZDesignerBlock).max(PAGE_BLOCKS_MAX),
  })
  .strict();
export type TPageDocument = z.infer<typeof ZPageDocument>;

/** POST /api/admin/pages: a new page, optionally bound to a model (409 PAGE-ALIAS-TAKEN, PAGE-MODEL-TAKEN). */
export const ZPageCreate = z
  .object({
    alias: ZPageAlias,
    /** At least the portal's primary language. */
    title: z.record(ZLang, ZText.trim().min(1).max(PAGE_TITLE_MAX)),
    model: ZPageModelRef.nullable().default(null),
    /** A page or a template; system pages are the portal's own (404, access-denied): edited, never made. */
    kind: ZPageKind.default("page"),
  })
  .strict()
  .refine((b) => b.kind === "page" || b.model === null, { path: ["model"], error: "Only a page of type page belongs to a course, element or microcourse" });
export type TPageCreate = z.infer<typeof ZPageCreate>;
/** What a client sends: the defaults (no model, type page) may be left out. */
export type TPageCreateBody = z.input<typeof ZPageCreate>;

export const ZPersonRef = z.object({ id: z.string(), name: z.string() });

/** GET /api/admin/pages: one row per alias. */
export const ZStudioPageSummary = z.object({
  alias: z.string(),
  type: ZPageType,
  model: ZPageModelRef.nullable(),
  /** The title per language (draft's if there is a draft). */
  title: z.record(z.string(), z.string()),
  published: z.boolean(),
  hasDraft: z.boolean(),
  /** The last published version's number; null when never published from the studio. */
  version: z.number().int().nullable(),
  edited: z.string(),
});
export type TStudioPageSummary = z.infer<typeof ZStudioPageSummary>;

/** GET /api/admin/pages/{alias}: the draft if there is one, else the live page as a document. */
export const ZStudioPage = z.object({
  alias: z.string(),
  type: ZPageType,
  model: ZPageModelRef.nullable(),
  document: ZPageDocument,
  /** The draft's revision, 0 when there is no draft; a save names the revision it started from. */
  revision: z.number().int().min(0),
  version: z.number().int().nullable(),
  draftSavedAt: z.string().nullable(),
  draftSavedBy: ZPersonRef.nullable(),
});
export type TStudioPage = z.infer<typeof ZStudioPage>;

/**
 * PUT /api/admin/pages/{alias}/draft. A save from a stale revision is 409 DRAFT-CONFLICT with details
 * { revision, savedAt, savedBy } of the newer draft: two people are told, neither overwrites the other.
 */
export const ZDraftSave = z.object({ baseRevision: z.number().int().min(0), document: ZPageDocument }).strict();
export const ZDraftSaved = z.object({ revision: z.number().int().min(1), savedAt: z.string() });

/** POST /api/admin/pages/{alias}/publish: publishes the draft at that revision (409 DRAFT-CONFLICT if newer). */
export const ZPublish = z.object({ revision: z.number().int().min(1) }).strict();
export const ZPublished = z.object({ version: z.number().int().min(1), publishedAt: z.string() });

/** GET /api/admin/pages/{alias}/versions, newest first; POST .../versions/{version}/restore publishes it again as a new version. */
export const ZPageVersion = z.object({ version: z.number().int(), publishedAt: z.string(), publishedBy: ZPersonRef.nullable() });
export const ZPageVersions = z.object({ versions: z.array(ZPageVersion) });

/**
 * The request body of PUT /api/admin/pages/{alias}/draft: ZDraftSave with each language's block props
 * as JSON whose strings obey the shared safe-text rule (ZJsonValue) instead of `unknown`, as every
 * request schema must (docs/decisions/0014). The server then checks them by the block type's schema.
 */
export const ZDraftSaveRequest = ZDraftSave.extend({
  document: ZPageDocument.extend({
    blocks: z
      .array(
        ZDesignerBlock.extend({
          props: z.record(ZLang, ZJsonValue).refine((m) => Object.keys(m).length >= 1, { error: "Props in at least one language" }),
        }),
      )
      .max(PAGE_BLOCKS_MAX),
  }),
});

/** POST /api/admin/pages/{alias}/rename: the page's new alias (409 PAGE-ALIAS-TAKEN, PAGE-IN-USE). */
export const ZPageRename = z.object({ alias: ZPageAlias }).strict();
export type TPageRename = z.infer<typeof ZPageRename>;

/**
 * What names a page by its alias, or is bound to it: a navigation item, a course's, microcourse's or
 * video event's `pageAlias`, or (for a delete) the course, element or microcourse the page belongs to.
 * A rename or delete of a page in use is 409 PAGE-IN-USE with these in `details.usages`.
 */
export const ZPageUsage = z.object({
  kind: z.enum(["navigation", "course", "element", "microcourse", "video-event"]),
  id: z.string(),
});
export type TPageUsage = z.infer<typeof ZPageUsage>;
export const ZPageInUse = z.object({ usages: z.array(ZPageUsage) });

/** GET /api/admin/pages?model={name}:{id}: only the page bound to that course, element or microcourse (none, or one). */
export const ZPageListQuery = z.object({
  model: ZText.max(140)
    .regex(/^(course|element|microcourse):[^:]+$/, { error: "Use course:{id}, element:{id} or microcourse:{id}" })
    .transform((s): TPageModelRef => {
      const at = s.indexOf(":");
      return { name: s.slice(0, at) as TPageModelRef["name"], id: s.slice(at + 1) };
    })
    .optional(),
});
