import { AppError } from "../../../domain/errors";
import { mayAuthorContent } from "../../../domain/studio-policy";
import type { TUser } from "../../../domain/user";

/** The server's refusal by the studio policy (its rules: src/domain/studio-policy.ts, which the studio's page loaders ask too). */
export function assertContentAuthor(who: Pick<TUser, "id" | "status" | "roles">): void {
  if (!mayAuthorContent(who)) throw new AppError("AUTHORS_ONLY", "Courses, elements and pages are authored by admins, mp-admin and mp-leader");
}
