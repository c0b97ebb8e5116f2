import type { StudioRepo } from "../repo";

/** What the studio's operations need. */
export interface StudioContext {
  repo: StudioRepo;
  portalId: string;
  /** The portal's languages (modules/portal): content exists only in those. */
  portalLangs: () => Promise<{ langs: string[] }>;
}
