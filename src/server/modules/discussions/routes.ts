import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  ZCreateDiscussionPostRequest,
  ZCreatedDiscussionPost,
  ZDiscussionId,
  ZDiscussionList,
  ZDiscussionPost,
  ZDiscussionPostId,
  ZDiscussionRepliesPage,
  ZDiscussionRepliesQuery,
  ZDiscussionReply,
  ZDiscussionThread,
  ZDiscussionThreadQuery,
  ZEditDiscussionPostRequest,
  ZReportDiscussionPostRequest,
} from "../../../domain/discussion";
import { ZText } from "../../../domain/validation/safe-text";
import { requireSignedIn } from "../../platform/auth/request-auth";
import { ZErrorReply } from "../../platform/errors";
import type { DiscussionsService } from "./service";

export const errors = { 400: ZErrorReply, 401: ZErrorReply, 403: ZErrorReply, 404: ZErrorReply, 409: ZErrorReply, 413: ZErrorReply, 429: ZErrorReply };
/** The reader's language for titles, names and links (else the portal's primary one). */
export const ZLangQuery = z.object({ lang: ZText.regex(/^[a-z]{2,3}$/).optional() });
/** A post is at most 1500 characters: its request is small whatever it carries. */
export const DISCUSSION_BODY_LIMIT = 32 * 1024;
const WHY = "Sign up to take part in discussions";
const ZThreadParams = z.object({ discussionId: ZDiscussionId });
const ZPostParams = ZThreadParams.extend({ postId: ZDiscussionPostId });

/** The learner's side of discussions (any registered account; mentors too): docs/api/discussions.md. */
export const discussionsRoutes =
  (discussions: DiscussionsService): FastifyPluginAsyncZod =>
  async (app) => {
    const who = (req: Parameters<typeof requireSignedIn>[0]) => requireSignedIn(req, WHY);

    app.get(
      "/courses/:courseId/discussions",
      {
        config: { auth: "signed-in" },
        schema: {
          tags: ["discussions"],
          operationId: "listCourseDiscussions",
          summary: "The discussion popup's list: the course's elements with an active discussion that the caller may open",
          description: "Number, type, title and whether the caller has started each. Guests and anonymous sessions: 403 REGISTRATION-REQUIRED.",
          params: z.object({ courseId: ZText.min(1).max(120) }),
          querystring: ZLangQuery,
          response: { 200: ZDiscussionList, ...errors },
        },
      },
      async (req) => discussions.list(await who(req), req.params.courseId, req.query.lang),
    );

    app.get(
      "/discussions/:discussionId",
      {
        config: { auth: "signed-in" },
        schema: {
          tags: ["discussions"],
          operationId: "getDiscussionThread",
          summary: "A thread: posts newest activity first, each with its replies; older posts by cursor",
          description:
            "The element must be one the caller may open (403 REGISTRATION-REQUIRED, COURSE-NOT-BOUGHT, ELEMENT-LOCKED); unknown or another portal's: 404 DISCUSSION-NOT-FOUND; switched off: 403 DISCUSSION-CLOSED.",
          params: ZThreadParams,
          querystring: ZDiscussionThreadQuery.extend(ZLangQuery.shape),
          response: { 200: ZDiscussionThread, ...errors },
        },
      },
      async (req) => discussions.thread(await who(req), req.params.discussionId, req.query),
    );

    app.get(
      "/discussions/:discussionId/posts/:postId",
      {
        config: { auth: "signed-in" },
        schema: {
          tags: ["discussions"],
          operationId: "getDiscussionPost",
          summary: "The thread entry holding a post (the post, or the post a reply belongs to), with its replies",
          description: "What a client reads after a realtime event names a post. Hidden posts are 404 except for their author and mentors.",
          params: ZPostParams,
          querystring: ZLangQuery,
          response: { 200: ZDiscussionPost, ...errors },
        },
      },
      async (req) => discussions.post(await who(req), req.params.discussionId, req.params.postId, req.query.lang),
    );

    app.get(
      "/discussions/:discussionId/posts/:postId/replies",
      {
        config: { auth: "signed-in" },
        schema: {
          tags: ["discussions"],
          operationId: "listOlderDiscussionReplies",
          summary: "Older replies of a post than its thread entry shows, oldest first, a page at a time",
          description: "before: the entry's olderReplies (then each page's). postId must be a top-level post: a reply's id is 404 DISCUSSION-POST-NOT-FOUND.",
          params: ZPostParams,
          querystring: ZDiscussionRepliesQuery.extend(ZLangQuery.shape),
          response: { 200: ZDiscussionRepliesPage, ...errors },
        },
      },
      async (req) => discussions.olderReplies(await who(req), req.params.discussionId, req.params.postId, req.query),
    );

    app.post(
      "/discussions/:discussionId/posts",
      {
        config: { auth: "signed-in" },
        bodyLimit: DISCUSSION_BODY_LIMIT,
        schema: {
          tags: ["discussions"],
          operationId: "createDiscussionPost",
          summary: "Post or reply with a client-made id (201); the same id and text again returns it (200)",
          description:
            "parentId makes a reply (one level: replying to a reply is 400 DISCUSSION-REPLY-TOO-DEEP). Another text or place under a used id is 409 DISCUSSION-POST-CONFLICT; too many posts 429 RATE-LIMITED. awards: what this request granted (a learner's first answer to another's post), for the award-popup; none on a retry.",
          params: ZThreadParams,
          querystring: ZLangQuery,
          body: ZCreateDiscussionPostRequest,
          response: { 200: ZCreatedDiscussionPost, 201: ZCreatedDiscussionPost, ...errors },
        },
      },
      async (req, reply) => {
        const made = await discussions.create(await who(req), req.params.discussionId, req.body, req.query.lang);
        return reply.status(made.created ? 201 : 200).send({ ...made.post, awards: made.awards });
      },
    );

    app.patch(
      "/discussions/:discussionId/posts/:postId",
      {
        config: { auth: "signed-in" },
        bodyLimit: DISCUSSION_BODY_LIMIT,
        schema: {
          tags: ["discussions"],
          operationId: "editDiscussionPost",
          summary: "The author changes their post's text",
          description: "Another's post is 403 DISCUSSION-NOT-YOURS; a deleted one 404 DISCUSSION-POST-NOT-FOUND.",
          params: ZPostParams,
          querystring: ZLangQuery,
          body: ZEditDiscussionPostRequest,
          response: { 200: ZDiscussionReply, ...errors },
        },
      },
      async (req) => discussions.edit(await who(req), req.params.discussionId, req.params.postId, req.body.text, req.query.lang),
    );

    app.delete(
      "/discussions/:discussionId/posts/:postId",
      {
        config: { auth: "signed-in" },
        schema: {
          tags: ["discussions"],
          operationId: "deleteDiscussionPost",
          summary: "The author deletes their post (a post with replies stays as a placeholder)",
          description: "Another's post is 403 DISCUSSION-NOT-YOURS (mentors hide posts instead).",
          params: ZPostParams,
          response: { 200: z.object({ id: z.string(), deleted: z.literal(true) }), ...errors },
        },
      },
      async (req) => discussions.remove(await who(req), req.params.discussionId, req.params.postId),
    );

    app.post(
      "/discussions/:discussionId/posts/:postId/report",
      {
        config: { auth: "signed-in" },
        bodyLimit: DISCUSSION_BODY_LIMIT,
        schema: {
          tags: ["discussions"],
          operationId: "reportDiscussionPost",
          summary: "Report a post to the mentors (201); reporting it again changes nothing (200)",
          description: "The reason is plain text of at most 500 characters.",
          params: ZPostParams,
          body: ZReportDiscussionPostRequest,
          response: {
            200: z.object({ postId: z.string(), reported: z.literal(true) }),
            201: z.object({ postId: z.string(), reported: z.literal(true) }),
            ...errors,
          },
        },
      },
      async (req, reply) => {
        const made = await discussions.report(await who(req), req.params.discussionId, req.params.postId, req.body.reason);
        return reply.status(made.created ? 201 : 200).send(made.result);
      },
    );
  };
