import type { Bus } from "../../../platform/bus";
import type { LanguagePacks } from "../../../platform/language-packs";
import type { WindowCounter } from "../../../platform/rate-limit";
import type { CoursesService } from "../../courses/service";
import type { NotificationsService } from "../../notifications/service";
import type { UsersService } from "../../users/service";
import type { ChatLetters } from "../letters";
import type { ChatRepo } from "../repo";

export interface ChatLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface ChatContext {
  repo: ChatRepo;
  portalId: string;
  environmentId: string;
  users: Pick<UsersService, "findById" | "update" | "setMentors" | "accessChanged">;
  /** Course and element titles for a message's context. */
  courses: Pick<CoursesService, "courseRow" | "elementStructure">;
  notifications: NotificationsService;
  bus: Pick<Bus, "publish">;
  packs: LanguagePacks;
  portalLangs: () => Promise<{ langs: string[]; primaryLang: string }>;
  letters: ChatLetters;
  /** Our origin for links in letters sent by jobs (no request to take it from). */
  origin: () => string;
  /** Sends per account (shared counters): RATE_LIMITED past it. */
  sendLimit: WindowCounter;
  log: ChatLog;
  now: () => Date;
}
