import type { TAwardRef } from "../../../../domain/award-ref";
import type { Bus } from "../../../platform/bus";
import type { WindowCounter } from "../../../platform/rate-limit";
import type { CoursesService } from "../../courses/service";
import type { NotificationsService } from "../../notifications/service";
import type { DiscussionsRepo } from "../repo";

export interface DiscussionsContext {
  repo: DiscussionsRepo;
  portalId: string;
  /** Elements and their courses (cached content), and THE content rule for an element. */
  courses: Pick<CoursesService, "structure" | "elementStructure" | "contentAccess">;
  notifications: Pick<NotificationsService, "writes" | "row">;
  bus: Pick<Bus, "publish">;
  portalLangs: () => Promise<{ langs: string[]; primaryLang: string }>;
  /** Posts, edits and reports per account (shared counters): RATE_LIMITED past it. */
  writeLimit: WindowCounter;
  newReportId: () => string;
  /** Told after a learner's reply to another person's post commits (modules/rewards grants the answer awards); answers the awards this call granted. */
  onAnswer?: (userId: string, courseId: string) => Promise<TAwardRef[]>;
  now: () => Date;
}
