import type { RequestHost } from "../../../platform/public-origin";
import type { Bus } from "../../../platform/bus";
import type { Gateways } from "../../../platform/payments/gateways";
import type { CourseRecord } from "../../courses/service";
import type { UsersService } from "../../users/service";
import type { OrderLetters } from "../letters";
import type { OrdersRepo } from "../repo";

/** A logger as Fastify's request logger is one (callbacks log why they were refused). */
export interface OrdersLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** What an operation needs of the request that started it. */
export interface RequestPlace {
  /** Our site's origin (platform/public-origin): links in letters, the check of resultUrl. */
  origin: string;
  /** The origin providers call back and return browsers to (PAYMENTS_PUBLIC_URL, else `origin`). */
  paymentsBase: string;
  log: OrdersLog;
}

export interface OrdersContext {
  repo: OrdersRepo;
  gateways: Gateways;
  /** Course rows from the content cache (modules/courses). */
  courses: { courseRow(id: string): Promise<CourseRecord | null> };
  /** Accounts and bought access (modules/users). */
  users: Pick<UsersService, "findById" | "grantCourse" | "revokeCourse" | "accessChanged">;
  bus: Pick<Bus, "publish">;
  letters: OrderLetters;
  environmentId: string;
  /** The portal the environment belongs to: back-office audit rows name it. */
  portalId: string;
  portalLangs: () => Promise<{ langs: string[]; primaryLang: string }>;
  /** PAYMENTS_PUBLIC_URL, when set. */
  paymentsPublicUrl?: string;
  publicOrigin: (req: RequestHost) => string;
  now: () => Date;
}
