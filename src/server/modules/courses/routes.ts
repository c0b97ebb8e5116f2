import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  ZCourse,
  ZCourseAccess,
  ZCourseId,
  ZCourseListPage,
  ZCourseListQuery,
  ZCourseQuery,
  ZElementListQuery,
  ZElementQuery,
  ZLang,
  ZReview,
  ZReviewListQuery,
} from "../../../domain/course";
import { ZElementId, ZElementPage, ZElementWithProgress } from "../../../domain/element";
import { requestViewer } from "../../../domain/learning-access";
import { ZErrorReply } from "../../platform/errors";
import { RATE_LIMITS, rateLimit } from "../../platform/rate-limit";
import type { CoursesService } from "./service";

const errors = { 400: ZErrorReply, 401: ZErrorReply, 403: ZErrorReply, 404: ZErrorReply, 429: ZErrorReply };

/** Requests that carry a creator preview secret: those count against the preview limit. */
const withSecret = (req: FastifyRequest) => typeof (req.query as { secret?: unknown } | undefined)?.secret === "string";

/** Seed 000 §7 learning portal and creator API: courses, elements, reviews, previews with a secret. */
export const coursesRoutes =
  (deps: { courses: CoursesService; windowMs: number }): FastifyPluginAsyncZod =>
  async (app) => {
    const { courses, windowMs } = deps;
    // Preview secrets: every request with one counts here; wrong ones also count in the courses
    // service (shared with the SSR preview page), which answers 429 RATE-LIMITED after a few.
    const previewLimit = rateLimit(RATE_LIMITS.previewRequests, windowMs, withSecret);

    app.get(
      "/courses",
      {
        schema: {
          tags: ["courses"],
          operationId: "listCourses",
          summary:
            "List courses (catalogue cards), a keyset page at a time: cursor/before from nextCursor/prevCursor; rel=all adds isBought and doneCount for the caller",
          description: "Lists the published courses of the catalogue, `limit` (100) at a time in catalogue order.",
          querystring: ZCourseListQuery,
          response: { 200: ZCourseListPage, ...errors },
        },
      },
      async (req) => courses.listCourses(requestViewer(await req.auth(), { badToken: "refuse" }), req.query),
    );

    app.get(
      "/courses/:courseId",
      {
        config: previewLimit,
        schema: {
          tags: ["courses"],
          operationId: "getCourse",
          summary: "Get a course with its button data; rel=all adds elements, progress map and opened element; secret = creator preview",
          description: "Reads one course for the course page.",
          params: z.object({ courseId: ZCourseId }),
          querystring: ZCourseQuery,
          response: { 200: ZCourse, ...errors },
        },
      },
      async (req) => courses.getCourse(requestViewer(await req.auth(), { badToken: "refuse" }), req.params.courseId, { ...req.query, client: req.ip }),
    );

    app.get(
      "/courses/:courseId/access",
      {
        schema: {
          tags: ["courses"],
          operationId: "getCourseAccess",
          summary: "What start-free-lesson and buy-course need: commercial, bought, guest access, opened element and its path",
          description: "Tells the caller how they may enter a course.",
          params: z.object({ courseId: ZCourseId }),
          querystring: z.object({ lang: ZLang }),
          response: { 200: ZCourseAccess, ...errors },
        },
      },
      async (req) => courses.access(requestViewer(await req.auth(), { badToken: "refuse" }), req.params.courseId, req.query),
    );

    app.get(
      "/courses/:courseId/elements",
      {
        schema: {
          tags: ["courses"],
          operationId: "listCourseElements",
          summary: "List the visible elements of a course with the caller's states (limit 100); rel=all adds the caller's record",
          description: "Lists the lessons, tests and webinars of a course with the caller's states.",
          params: z.object({ courseId: ZCourseId }),
          querystring: ZElementListQuery,
          response: { 200: z.object({ elements: z.array(ZElementWithProgress) }), ...errors },
        },
      },
      async (req) => ({ elements: await courses.listElements(requestViewer(await req.auth(), { badToken: "refuse" }), req.params.courseId, req.query) }),
    );

    app.get(
      "/elements/:elementId",
      {
        config: previewLimit,
        schema: {
          tags: ["courses"],
          operationId: "getElement",
          summary:
            "Get an element with its components; refuses locked (ELEMENT-LOCKED), unbought (COURSE-NOT-BOUGHT) and guest-barred (REGISTRATION-REQUIRED) elements",
          description: "Reads one lesson, test or webinar when the caller may open it.",
          params: z.object({ elementId: ZElementId }),
          querystring: ZElementQuery,
          response: { 200: ZElementPage, ...errors },
        },
      },
      async (req) => courses.openElement(requestViewer(await req.auth(), { badToken: "refuse" }), req.params.elementId, { ...req.query, client: req.ip }),
    );

    app.get(
      "/courses/:courseId/reviews",
      {
        schema: {
          tags: ["courses"],
          operationId: "listCourseReviews",
          summary: "List published reviews of a course (limit 20), newest first, optionally in one language",
          description: "Lists learners' published reviews of a course; public.",
          params: z.object({ courseId: ZCourseId }),
          querystring: ZReviewListQuery,
          response: { 200: z.object({ reviews: z.array(ZReview) }), ...errors },
        },
      },
      async (req) => ({ reviews: await courses.reviews(req.params.courseId, req.query) }),
    );
  };
