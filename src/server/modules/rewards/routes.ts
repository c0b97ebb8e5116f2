import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ZCourseId } from "../../../domain/course";
import { AppError } from "../../../domain/errors";
import { ZMyRewards, ZReceivedGift, ZRewardsQuery } from "../../../domain/rewards";
import { ZErrorReply } from "../../platform/errors";
import type { RewardsService } from "./service";

/** A signed-in caller (an anonymous session included): a bad token is 401, a guest 403 REGISTRATION-REQUIRED. */
async function caller(req: FastifyRequest) {
  const a = await req.auth();
  if (a.kind === "bad-token") throw new AppError("TOKEN_BAD", "The access token is not valid");
  if (a.kind === "guest") throw new AppError("REGISTRATION_REQUIRED", "Sign in to see your awards and gifts");
  return a.user;
}

const errors = { 400: ZErrorReply, 401: ZErrorReply, 403: ZErrorReply, 404: ZErrorReply, 409: ZErrorReply };

/** docs/api/rewards.md: awards and completion gifts (seed 000 §2.4 award-popup, §7 gift request). */
export const rewardsRoutes =
  (rewards: RewardsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/rewards/mine",
      {
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
      async (req) => rewards.mine(await caller(req), req.query.lang),
    );

    app.post(
      "/courses/:courseId/gift",
      {
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
      async (req) => rewards.requestGift(await caller(req), req.params.courseId, req.query.lang),
    );
  };
