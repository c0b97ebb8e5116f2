import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  ZDraftSaveRequest,
  ZDraftSaved,
  ZPageAlias,
  ZPageCreate,
  ZPageKindQuery,
  ZPageListQuery,
  ZPageRename,
  ZPageVersions,
  ZPublish,
  ZPublished,
  ZStudioPage,
  ZStudioPageSummary,
  type TPageKind,
  type TPageRef,
} from "../../../domain/studio-pages";
import { requireUser } from "../../platform/auth/request-auth";
import { ZErrorReply } from "../../platform/errors";
import type { StudioService } from "./service";

const reads = { 400: ZErrorReply, 401: ZErrorReply, 403: ZErrorReply, 404: ZErrorReply };
const writes = { ...reads, 409: ZErrorReply, 413: ZErrorReply, 415: ZErrorReply };
const page = z.object({ alias: ZPageAlias });
const pageVersion = z.object({ alias: ZPageAlias, version: z.coerce.number().int().min(1).max(2_147_483_647) });
/** The page an address names: `?kind=template` for a template, a page (or system page) otherwise. */
const refOf = (req: { params: { alias: string }; query: { kind: TPageKind } }): TPageRef => ({ kind: req.query.kind, alias: req.params.alias });
const who = "Authors only: admin, mp-admin, mp-leader (AUTHORS-ONLY otherwise).";

/** The page designer's API (issue 15, docs/api/studio.md "Pages"): thin routes over the studio service. */
export const studioPagesRoutes =
  (studio: StudioService): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ["studio"];
    app.get(
      "/admin/pages",
      {
        config: { auth: "user" },
        schema: {
          tags,
          operationId: "studioListPages",
          summary: "Every page of the portal by alias (model pages and drafts of new pages included)",
          description: `${who} With \`model=course:{id}\` (or element:, microcourse:) only the page bound to that model: an empty list when it has none (another portal's model has none here).`,
          querystring: ZPageListQuery,
          response: { 200: z.object({ pages: z.array(ZStudioPageSummary) }), ...reads },
        },
      },
      async (req) => {
        const { user } = await requireUser(req);
        return { pages: req.query.model ? await studio.pagesOfModel(user, req.query.model) : await studio.listPages(user) };
      },
    );
    app.post(
      "/admin/pages",
      {
        config: { auth: "user" },
        schema: {
          tags,
          operationId: "studioCreatePage",
          summary: "Create a page as a draft (nothing is live until it is published)",
          description: `${who} A taken alias is PAGE-ALIAS-TAKEN (409); a model must be the portal's (404) and have no page (PAGE-MODEL-TAKEN, 409). A title in the primary language is required.`,
          body: ZPageCreate,
          response: { 201: ZStudioPage, ...writes },
        },
      },
      async (req, reply) => reply.status(201).send(await studio.createPage((await requireUser(req)).user, req.body)),
    );
    app.get(
      "/admin/pages/:alias",
      {
        config: { auth: "user" },
        schema: {
          tags,
          operationId: "studioGetPage",
          summary: "A page as one document: its draft if there is one, else the live page (revision 0)",
          description: who,
          params: page,
          querystring: ZPageKindQuery,
          response: { 200: ZStudioPage, ...reads },
        },
      },
      async (req) => studio.getPage((await requireUser(req)).user, refOf(req)),
    );
    app.post(
      "/admin/pages/:alias/rename",
      {
        config: { auth: "user" },
        schema: {
          tags,
          operationId: "studioRenamePage",
          summary: "Give the page a new alias (live rows, draft and versions move together)",
          description: `${who} A taken alias is PAGE-ALIAS-TAKEN (409). While a navigation item, course, microcourse or video event names the old alias the rename is PAGE-IN-USE (409) with details.usages naming them; change those first (docs/decisions/0054).`,
          params: page,
          querystring: ZPageKindQuery,
          body: ZPageRename,
          response: { 200: ZPageRename, ...writes },
        },
      },
      async (req) => studio.renamePage((await requireUser(req)).user, refOf(req), req.body.alias),
    );
    app.delete(
      "/admin/pages/:alias",
      {
        config: { auth: "user" },
        schema: {
          tags,
          operationId: "studioDeletePage",
          summary: "Delete the page: its live rows, draft and versions",
          description: `${who} Refused with PAGE-IN-USE (409), details.usages naming them, while a navigation item, course, microcourse or video event names the page or it belongs to a course, element or microcourse. Template and system pages are not the designer's (404).`,
          params: page,
          querystring: ZPageKindQuery,
          response: { 204: z.null(), ...writes },
        },
      },
      async (req, reply) => {
        await studio.deletePage((await requireUser(req)).user, refOf(req));
        return reply.status(204).send(null);
      },
    );
    app.put(
      "/admin/pages/:alias/draft",
      {
        config: { auth: "user" },
        schema: {
          tags,
          operationId: "studioSavePageDraft",
          summary: "Save the page's draft from the revision it was opened at",
          description: `${who} Each block's props are checked per language (BLOCK-INVALID, 400); rich text is sanitised; a stale baseRevision is DRAFT-CONFLICT (409) naming the newer revision, its time and author.`,
          params: page,
          querystring: ZPageKindQuery,
          body: ZDraftSaveRequest,
          response: { 200: ZDraftSaved, ...writes },
        },
      },
      async (req) => studio.saveDraft((await requireUser(req)).user, refOf(req), req.body.baseRevision, req.body.document),
    );
    app.delete(
      "/admin/pages/:alias/draft",
      {
        config: { auth: "user" },
        schema: {
          tags,
          operationId: "studioDiscardPageDraft",
          summary: "Throw the page's draft away (the live page stays)",
          description: `${who} 404 when there is no draft.`,
          params: page,
          querystring: ZPageKindQuery,
          response: { 204: z.null(), ...writes },
        },
      },
      async (req, reply) => {
        await studio.discardDraft((await requireUser(req)).user, refOf(req));
        return reply.status(204).send(null);
      },
    );
    app.post(
      "/admin/pages/:alias/publish",
      {
        config: { auth: "user" },
        schema: {
          tags,
          operationId: "studioPublishPage",
          summary: "Publish the draft at that revision as the page's next version",
          description: `${who} Needs the primary language's meta (PAGE-META-MISSING, 400); a newer draft is DRAFT-CONFLICT (409). Every instance serves the new page at once.`,
          params: page,
          querystring: ZPageKindQuery,
          body: ZPublish,
          response: { 200: ZPublished, ...writes },
        },
      },
      async (req) => studio.publishPage((await requireUser(req)).user, refOf(req), req.body.revision),
    );
    app.get(
      "/admin/pages/:alias/versions",
      {
        config: { auth: "user" },
        schema: {
          tags,
          operationId: "studioListPageVersions",
          summary: "The page's published versions, newest first (at most 100)",
          description: who,
          params: page,
          querystring: ZPageKindQuery,
          response: { 200: ZPageVersions, ...reads },
        },
      },
      async (req) => studio.listPageVersions((await requireUser(req)).user, refOf(req)),
    );
    app.post(
      "/admin/pages/:alias/versions/:version/restore",
      {
        config: { auth: "user" },
        schema: {
          tags,
          operationId: "studioRestorePageVersion",
          summary: "Publish an earlier version again, as a new version",
          description: `${who} A draft in progress is kept as it is. Unknown version: 404.`,
          params: pageVersion,
          querystring: ZPageKindQuery,
          response: { 200: ZPublished, ...writes },
        },
      },
      async (req) => studio.restorePageVersion((await requireUser(req)).user, refOf(req), req.params.version),
    );
  };
