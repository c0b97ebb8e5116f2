import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ZDashboard, ZDashboardChat, ZDashboardLang, ZDashboardLearner, ZDashboardQuery, ZHandToMentor } from "../../../domain/dashboard";
import { requireUser } from "../../platform/auth/request-auth";
import { ZErrorReply } from "../../platform/errors";
import type { DashboardService } from "./service";

const reads = { 400: ZErrorReply, 401: ZErrorReply, 403: ZErrorReply, 404: ZErrorReply };
const writes = { ...reads, 409: ZErrorReply, 413: ZErrorReply, 415: ZErrorReply };
const who = "Back office: admin and mp-admin only (ADMINS-ONLY otherwise).";

/** The back office's dashboard (issue 16): the numbers of a date range, the learners who need help, and the actions on them. */
export const dashboardRoutes =
  (dashboard: DashboardService): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ["backoffice"];
    app.get(
      "/admin/dashboard",
      {
        config: { auth: "user" },
        schema: {
          tags,
          operationId: "adminDashboard",
          summary: "The dashboard's numbers for a date range and the learners who need help now",
          description: `${who} from and to are UTC days (YYYY-MM-DD, both included, at most 366 days; default the last 30); stuckDays is N of "no progress for N days" (default 7); courseId picks the funnel's course.`,
          querystring: ZDashboardQuery,
          response: { 200: ZDashboard, ...reads },
        },
      },
      async (req) => dashboard.get((await requireUser(req)).user, req.query),
    );
    app.post(
      "/admin/dashboard/learners/:userId/chat",
      {
        config: { auth: "user" },
        schema: {
          tags,
          operationId: "adminDashboardOpenChat",
          summary: "Write to a learner: their mentor chat, made for them when they have none; answers where to write",
          description: who,
          params: ZDashboardLearner,
          querystring: ZDashboardLang,
          response: { 200: ZDashboardChat, ...writes },
        },
      },
      async (req) => dashboard.openChat((await requireUser(req)).user, req.params.userId, req.query.lang),
    );
    app.post(
      "/admin/dashboard/learners/:userId/mentor",
      {
        config: { auth: "user" },
        schema: {
          tags,
          operationId: "adminDashboardHandToMentor",
          summary: "Hand a learner to a mentor: their chat (made when missing) is assigned to that mentor profile",
          description: `${who} MENTOR-NOT-FOUND (404) for a profile of another portal or none.`,
          params: ZDashboardLearner,
          querystring: ZDashboardLang,
          body: ZHandToMentor,
          response: { 200: ZDashboardChat, ...writes },
        },
      },
      async (req) => dashboard.handToMentor((await requireUser(req)).user, req.params.userId, req.body.mentorProfileId, req.query.lang),
    );
  };
