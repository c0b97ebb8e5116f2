import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  ZDiscussionPostId,
  ZDiscussionQueue,
  ZDiscussionQueueQuery,
  ZDiscussionReply,
  ZDiscussionReport,
  ZDiscussionReportId,
  ZDiscussionReports,
  ZDiscussionReportsQuery,
  ZDiscussionSwitch,
  ZDiscussionSwitchRequest,
  ZHideDiscussionPostRequest,
  ZPinDiscussionPostRequest,
} from "../../../domain/discussion";
import { ZElementId } from "../../../domain/element";
import { requireSignedIn } from "../../platform/auth/request-auth";
import { DISCUSSION_BODY_LIMIT, errors, ZLangQuery } from "./routes";
import type { DiscussionsService } from "./service";

const WHY = "Sign in to moderate discussions";
const ZPostParams = z.object({ postId: ZDiscussionPostId });

/**
 * The mentors' side of discussions (mentor, mp-leader, mp-admin, admin; others 403 MENTORS-ONLY) and
 * the admins' switch: docs/api/discussions.md. Mentors answer through the learners' post route.
 */
export const mentorDiscussionsRoutes =
  (discussions: DiscussionsService): FastifyPluginAsyncZod =>
  async (app) => {
    const who = (req: Parameters<typeof requireSignedIn>[0]) => requireSignedIn(req, WHY);

    app.get(
      "/mentor/discussions/waiting",
      {
        config: { auth: "signed-in" },
        schema: {
          tags: ["discussions"],
          operationId: "listWaitingDiscussionPosts",
          summary: "Learners' posts waiting for a mentor's answer, oldest first, with their element",
          description: "A mentor's reply (through createDiscussionPost with parentId) answers a post and takes it off this list.",
          querystring: ZDiscussionQueueQuery.extend(ZLangQuery.shape),
          response: { 200: ZDiscussionQueue, ...errors },
        },
      },
      async (req) => discussions.waiting(await who(req), req.query),
    );

    app.post(
      "/mentor/discussion-posts/:postId/pin",
      {
        config: { auth: "signed-in" },
        bodyLimit: DISCUSSION_BODY_LIMIT,
        schema: {
          tags: ["discussions"],
          operationId: "pinDiscussionPost",
          summary: "Pin a reply as its post's answer (one per post), or unpin it",
          description: "Only replies are pinned (400 VALIDATION for a top-level post).",
          params: ZPostParams,
          querystring: ZLangQuery,
          body: ZPinDiscussionPostRequest,
          response: { 200: ZDiscussionReply, ...errors },
        },
      },
      async (req) => discussions.pin(await who(req), req.params.postId, req.body.pinned, req.query.lang),
    );

    app.post(
      "/mentor/discussion-posts/:postId/hide",
      {
        config: { auth: "signed-in" },
        bodyLimit: DISCUSSION_BODY_LIMIT,
        schema: {
          tags: ["discussions"],
          operationId: "hideDiscussionPost",
          summary: "Hide a post with a reason: its author still sees it, marked hidden; others do not",
          description: "Resolves the post's open reports.",
          params: ZPostParams,
          querystring: ZLangQuery,
          body: ZHideDiscussionPostRequest,
          response: { 200: ZDiscussionReply, ...errors },
        },
      },
      async (req) => discussions.hide(await who(req), req.params.postId, req.body.reason, req.query.lang),
    );

    app.post(
      "/mentor/discussion-posts/:postId/restore",
      {
        config: { auth: "signed-in" },
        schema: {
          tags: ["discussions"],
          operationId: "restoreDiscussionPost",
          summary: "Show a hidden post to everyone again",
          description: "A post that is not hidden is returned unchanged.",
          params: ZPostParams,
          querystring: ZLangQuery,
          response: { 200: ZDiscussionReply, ...errors },
        },
      },
      async (req) => discussions.restore(await who(req), req.params.postId, req.query.lang),
    );

    app.get(
      "/mentor/discussion-reports",
      {
        config: { auth: "signed-in" },
        schema: {
          tags: ["discussions"],
          operationId: "listDiscussionReports",
          summary: "Learners' reports of posts (open by default), oldest first, with the reported post",
          description: "status=open|resolved|all; paged by the returned cursor.",
          querystring: ZDiscussionReportsQuery.extend(ZLangQuery.shape),
          response: { 200: ZDiscussionReports, ...errors },
        },
      },
      async (req) => discussions.reports(await who(req), req.query),
    );

    app.post(
      "/mentor/discussion-reports/:reportId/resolve",
      {
        config: { auth: "signed-in" },
        schema: {
          tags: ["discussions"],
          operationId: "resolveDiscussionReport",
          summary: "Dismiss a report; the post stays as it is",
          description: "Another portal's or an unknown report is 404 DISCUSSION-REPORT-NOT-FOUND.",
          params: z.object({ reportId: ZDiscussionReportId }),
          querystring: ZLangQuery,
          response: { 200: ZDiscussionReport, ...errors },
        },
      },
      async (req) => discussions.resolveReport(await who(req), req.params.reportId, req.query.lang),
    );

    app.put(
      "/admin/elements/:elementId/discussion",
      {
        config: { auth: "signed-in" },
        bodyLimit: DISCUSSION_BODY_LIMIT,
        schema: {
          tags: ["discussions"],
          operationId: "switchElementDiscussion",
          summary: "Switch an element's discussion on or off (portal admins)",
          description:
            "Bumps the content version (elements are cached content). An element without a discussion id gets disc-<elementId> when first switched on. Others 403 ADMINS-ONLY; unknown element 404 ELEMENT-NOT-RECEIVED.",
          params: z.object({ elementId: ZElementId }),
          body: ZDiscussionSwitchRequest,
          response: { 200: ZDiscussionSwitch, ...errors },
        },
      },
      async (req) => discussions.switchDiscussion(await who(req), req.params.elementId, req.body.active),
    );
  };
