import type { TUser } from "../../../../domain/user";
import type { Author, StudioRepo } from "../repo";

/** What the studio's operations need. */
export interface StudioContext {
  repo: StudioRepo;
  portalId: string;
  /** The environment whose navigation and pages the studio edits. */
  environmentId: string;
  /** The portal's languages (modules/portal): content exists only in those, and needs the primary one. */
  portalLangs: () => Promise<{ langs: string[]; primaryLang: string }>;
}

/** The author of a change `actor` makes on this portal (its audit rows name them). */
export function authorOf(ctx: StudioContext, actor: Pick<TUser, "id">): Author {
  return { portalId: ctx.portalId, actorId: actor.id };
}
