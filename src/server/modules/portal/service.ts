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
  /**
   * How long one settings snapshot serves every request of this process. Settings are read by
   * every page render; a short TTL keeps several instances consistent within that time.
   */
  cacheMs: number;
  /** Identity providers the server has credentials for. */
  configuredProviders?: string[];
}

export function createPortalService({ repo, portalId, environmentId, cacheMs, configuredProviders = [] }: PortalServiceDeps) {
  let cached: { at: number; value: Promise<TPortalSettings> } | null = null;

  async function load(): Promise<TPortalSettings> {
    const [portal, children, env] = await Promise.all([
      repo.findPortal(portalId),
      repo.findChildren(portalId),
      repo.findEnvironment(environmentId),
    ]);
    if (!portal || !env) throw new AppError("NOT_FOUND", `Portal ${portalId} or environment ${environmentId} is missing`);
    const registration = ZRegistrationSettings.parse(portal.registration);
    return {
      providers: { google: registration.google && configuredProviders.includes("google") },
      portal: {
        id: portal.id,
        type: portal.type,
        title: portal.title,
        i18n: portal.i18n,
        favicon: portal.favicon,
        lessonLoadIcon: portal.lessonLoadIcon ?? null,
        registration,
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
  }

  return {
    portalId,
    environmentId,
    /** The fixed portal with its environment settings and children (seed 7: get portal settings). */
    getSettings(): Promise<TPortalSettings> {
      const now = Date.now();
      if (cached && now - cached.at < cacheMs) return cached.value;
      const value = load();
      const entry = { at: now, value };
      cached = entry;
      value.catch(() => {
        if (cached === entry) cached = null;
      });
      return value;
    },
    /** Drop the snapshot after settings change in this process. */
    invalidate() {
      cached = null;
    },
    /** The portal's languages, for services that validate a lang. */
    async getI18n() {
      return (await this.getSettings()).portal.i18n;
    },
    async getChildren() {
      return repo.findChildren(portalId);
    },
  };
}
export type PortalService = ReturnType<typeof createPortalService>;
