import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ZCourseId } from "../../../domain/course";
import { ZMyRewards, ZReceivedGift, ZRewardsQuery } from "../../../domain/rewards";
import { requireSignedIn } from "../../platform/auth/request-auth";
import { ZErrorReply } from "../../platform/errors";
import type { RewardsService } from "./service";

const errors = { 400: ZErrorReply, 401: ZErrorReply, 403: ZErrorReply, 404: ZErrorReply, 409: ZErrorReply };

/** docs/api/rewards.md: awards and completion gifts (seed 000 §2.4 award-popup, §7 gift request). */
export const rewardsRoutes =
  (rewards: RewardsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/rewards/mine",
      {
        config: { auth: "signed-in" },
        schema: {
          tags: ["rewards"],
          operationId: "myRewards",
          summary: "The caller's awards (newest first) and the gifts they received, in the language asked for",
          description:
            "Any signed-in caller (an anonymous session holds the awards it earns); also the gifts of finished courses not yet received. A guest is 403 REGISTRATION-REQUIRED.",
          querystring: ZRewardsQuery,
          response: { 200: ZMyRewards, ...errors },
        },
      },
      async (req) => rewards.mine(await requireSignedIn(req, "Sign in to see your awards and gifts"), req.query.lang),
    );

    app.post(
      "/courses/:courseId/gift",
      {
        config: { auth: "signed-in" },
        schema: {
          tags: ["rewards"],
          operationId: "requestGift",
          summary: "Gift request: a registered learner who finished the course receives its gift, once",
          description:
            "Asking again answers the same gift (no second letter). A course without a gift is 404 GIFT-NOT-OFFERED; an unfinished one 409 COURSE-NOT-FINISHED; an anonymous session 403 REGISTRATION-REQUIRED.",
          params: z.object({ courseId: ZCourseId }),
          querystring: ZRewardsQuery,
          response: { 200: ZReceivedGift, ...errors },
        },
      },
      async (req) => rewards.requestGift(await requireSignedIn(req, "Sign in to see your awards and gifts"), req.params.courseId, req.query.lang),
    );
  };
