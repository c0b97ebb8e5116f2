import { AppError } from "../../../domain/errors";
import {
  ZEnvironmentSettings,
  ZIntegrations,
  ZRegistrationSettings,
  ZTheme,
  type TPortalSettings,
} from "../../../domain/portal";
import type { PortalRepo } from "./repo";

export interface PortalServiceDeps {
  repo: PortalRepo;
  portalId: string;
  environmentId: string;
}

export function createPortalService({ repo, portalId, environmentId }: PortalServiceDeps) {
  return {
    portalId,
    environmentId,
    /** The fixed portal with its environment settings and children (seed 7: get portal settings). */
    async getSettings(): Promise<TPortalSettings> {
      const [portal, children, env] = await Promise.all([
        repo.findPortal(portalId),
        repo.findChildren(portalId),
        repo.findEnvironment(environmentId),
      ]);
      if (!portal || !env) throw new AppError("NOT_FOUND", `Portal ${portalId} or environment ${environmentId} is missing`);
      return {
        portal: {
          id: portal.id,
          type: portal.type,
          title: portal.title,
          i18n: portal.i18n,
          favicon: portal.favicon,
          lessonLoadIcon: portal.lessonLoadIcon ?? null,
          registration: ZRegistrationSettings.parse(portal.registration),
          authMigration: portal.authMigration,
          children,
        },
        environment: ZEnvironmentSettings.parse({
          id: env.id,
          theme: ZTheme.parse(env.theme),
          logo: env.logo,
          contacts: env.contacts,
          socials: env.socials,
          navigation: env.navigation,
          seo: env.seo,
          integrations: ZIntegrations.parse(env.integrations),
        }),
        lastUpdate: Date.now(),
      };
    },
    /** Just the portal's languages: one row, for services that only need to validate a lang. */
    async getI18n() {
      const portal = await repo.findPortal(portalId);
      if (!portal) throw new AppError("NOT_FOUND", `Portal ${portalId} is missing`);
      return portal.i18n;
    },
    async getChildren() {
      return repo.findChildren(portalId);
    },
  };
}
export type PortalService = ReturnType<typeof createPortalService>;
