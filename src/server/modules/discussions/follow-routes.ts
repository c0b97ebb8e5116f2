import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ZDiscussionId } from "../../../domain/discussion";
import { ZDigestSetting, ZDigestSettingRequest, ZFollowReply, ZFollowRequest } from "../../../domain/discussion-follow";
import { requireSignedIn } from "../../platform/auth/request-auth";
import { errors, ZLangQuery } from "./routes";
import type { DiscussionsService } from "./service";

const WHY = "Sign up to take part in discussions";
/** `{ following }` or `{ period }`: a few bytes; anything larger is not ours. */
const BODY_LIMIT = 1024;

/** Following a thread and the profile's discussion e-mails (docs/api/discussions.md, docs/decisions/0044). */
export const discussionFollowRoutes =
  (discussions: DiscussionsService): FastifyPluginAsyncZod =>
  async (app) => {
    const who = (req: Parameters<typeof requireSignedIn>[0]) => requireSignedIn(req, WHY);

    app.put(
      "/discussions/:discussionId/follow",
      {
        config: { auth: "signed-in" },
        bodyLimit: BODY_LIMIT,
        schema: {
          tags: ["discussions"],
          operationId: "followDiscussion",
          summary: "Follow or unfollow a thread: its new posts come in the caller's discussion e-mails",
          description:
            "Idempotent. The access rule of reading the thread: 403 REGISTRATION-REQUIRED, COURSE-NOT-BOUGHT, ELEMENT-LOCKED, DISCUSSION-CLOSED; 404 DISCUSSION-NOT-FOUND. An unfollow is remembered: posting later does not follow the thread again.",
          params: z.object({ discussionId: ZDiscussionId }),
          querystring: ZLangQuery,
          body: ZFollowRequest,
          response: { 200: ZFollowReply, ...errors },
        },
      },
      async (req) => discussions.follow(await who(req), req.params.discussionId, req.body.following, req.query.lang),
    );

    app.get(
      "/profile/discussion-digest",
      {
        config: { auth: "signed-in" },
        schema: {
          tags: ["discussions"],
          operationId: "getDiscussionDigest",
          summary: "How often the caller gets e-mails about the threads they follow (daily until chosen)",
          description:
            "off, each (a letter per new post, gathered every few minutes), daily or weekly. Guests and anonymous sessions: 403 REGISTRATION-REQUIRED.",
          response: { 200: ZDigestSetting, ...errors },
        },
      },
      async (req) => discussions.digestSetting(await who(req)),
    );

    app.put(
      "/profile/discussion-digest",
      {
        config: { auth: "signed-in" },
        bodyLimit: BODY_LIMIT,
        schema: {
          tags: ["discussions"],
          operationId: "setDiscussionDigest",
          summary: "Choose how often e-mails about followed threads come",
          description: "lang: the letters' language from now on (when the portal has it). Coming back from off, posts of the silent time are not mailed.",
          querystring: ZLangQuery,
          body: ZDigestSettingRequest,
          response: { 200: ZDigestSetting, ...errors },
        },
      },
      async (req) => discussions.setDigestSetting(await who(req), req.body.period, req.query.lang),
    );
  };
