import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Config } from "../../config";
import type { Database } from "../../db/client";
import { createMicrocoursesRepo } from "../microcourses/repo";
import { microcoursesRoutes } from "../microcourses/routes";
import { createMicrocoursesService, type MicrocoursesService } from "../microcourses/service";
import { isAdmin, isContentModel } from "../../../domain/learning-access";
import type { ModelAccess, PagesService, PortalLangs } from "../pages/service";
import { createProgressRepo } from "../progress/repo";
import { progressRoutes } from "../progress/routes";
import { createProgressService, type ProgressService } from "../progress/service";
import type { UsersService } from "../users/service";
import { createVideoEventsRepo } from "../video-events/repo";
import { videoEventsRoutes } from "../video-events/routes";
import { createVideoEventsService, type VideoEventsService } from "../video-events/service";
import { createCoursesRepo } from "./repo";
import { coursesRoutes } from "./routes";
import { createCoursesService, type CoursesService } from "./service";

/** The learning services (courses, progress, microcourses, video events), as main.ts and SSR loaders use them. */
export interface LearningServices {
  courses: CoursesService;
  progress: ProgressService;
  microcourses: MicrocoursesService;
  videoEvents: VideoEventsService;
  /** The content rule (contentRefusal) for the model a page is bound to: what the pages service asks. */
  contentAccess: ModelAccess;
}

export function createLearningServices(deps: {
  config: Pick<Config, "PORTAL_ID" | "SETTINGS_CACHE_MS" | "RATE_LIMIT_WINDOW_MS">;
  database: Database;
  pages: PagesService;
  users: UsersService;
  portalLangs: () => Promise<PortalLangs>;
}): LearningServices {
  const { config, database, pages, users, portalLangs } = deps;
  const portalId = config.PORTAL_ID;
  const courses = createCoursesService({ repo: createCoursesRepo(database.db), pages, portalId, portalLangs, cacheMs: config.SETTINGS_CACHE_MS, rateLimitWindowMs: config.RATE_LIMIT_WINDOW_MS });
  const progress = createProgressService({ repo: createProgressRepo(database.db), courses, users, portalId });
  const microcourses = createMicrocoursesService({ repo: createMicrocoursesRepo(database.db), courses, users, portalId });
  const videoEvents = createVideoEventsService({ repo: createVideoEventsRepo(database.db), courses, portalId });
  const contentAccess: ModelAccess = async (viewer, model) => {
    if (!isContentModel(model.name)) return isAdmin(viewer) ? null : { refusal: "not-found", target: { model: "unknown" } };
    switch (model.name) {
      case "course":
      case "element":
        return progress.contentAccess(viewer, model.name, model.id);
      case "microcourse":
        return microcourses.contentAccess(viewer, model.id);
      case "video-event":
        return videoEvents.contentAccess(viewer, model.id);
    }
  };
  return { courses, progress, microcourses, videoEvents, contentAccess };
}

/** Every learning API route, registered under /api. */
export const learningRoutes =
  (s: LearningServices, opts: { windowMs: number }): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(coursesRoutes({ courses: s.courses, progress: s.progress, windowMs: opts.windowMs }));
    await app.register(progressRoutes(s.progress));
    await app.register(microcoursesRoutes(s.microcourses));
    await app.register(videoEventsRoutes(s.videoEvents));
  };
