import { registrationFieldsFor, type TRegistrationField } from "../../../domain/validation/registration-fields";
import { AppError } from "../../../domain/errors";
import { ZEnvironmentSettings, ZIntegrations, ZRegistrationSettings, ZTheme, type TPortalSettings } from "../../../domain/portal";
import { telegramBotName } from "../../../domain/messengers";
import { MESSENGERS } from "../../../domain/messenger-ids";
import type { TProviders } from "../../../domain/providers";
import type { VersionedCache } from "../../platform/versioned-cache";
import type { PortalRepo } from "./repo";
import { deepFreeze } from "../../../domain/deep-freeze";

type TRegistration = ReturnType<typeof ZRegistrationSettings.parse>;
type TIntegrations = ReturnType<typeof ZIntegrations.parse>;

export interface PortalServiceDeps {
  repo: PortalRepo;
  portalId: string;
  environmentId: string;
  /**
   * Settings are read by every page render: they come from this cache, keyed by the content version,
   * so a settings write (through changeContent) is seen by the next read on every instance.
   */
  cache: VersionedCache;
  /** What the server holds for each sign-in path (credentials, bot token, webhook secret). */
  configuredProviders?: ServerProviders;
}

/** Sign-in paths the server is configured for, whatever the portal switches on. */
export interface ServerProviders {
  google?: boolean;
  facebook?: boolean;
  /** The Google client id One Tap runs with. */
  googleClientId?: string;
  telegram?: boolean;
  /** A webhook secret for the bots of the code-confirmed messengers. */
  messengerWebhook?: boolean;
}

/** Whether the server holds what a messenger's sign-in needs: Telegram's bot token, the other messengers' webhook secret. */
export const serverServesMessenger = (server: ServerProviders, messenger: string): boolean =>
  messenger === "telegram" ? !!server.telegram : !!server.messengerWebhook;

/** Seed 001 §6: a path shows when the portal switches it on and the server and settings can serve it. */
export function resolveProviders(registration: TRegistration, integrations: TIntegrations, server: ServerProviders): TProviders {
  const endpoint = (m: string) => !!integrations.messengers[m]?.endpoint?.trim();
  const messengers = MESSENGERS.filter(
    (m) =>
      registration.messengers.includes(m) &&
      endpoint(m) &&
      serverServesMessenger(server, m) &&
      (m !== "telegram" || telegramBotName(integrations.messengers.telegram.endpoint) !== null),
  );
  const oneTap = registration.googleOneTap && !!server.googleClientId;
  return {
    google: registration.google && !!server.google,
    facebook: registration.facebook && !!server.facebook,
    oneTap,
    googleClientId: oneTap ? server.googleClientId! : null,
    telegram: messengers.includes("telegram"),
    messengers,
  };
}

export function createPortalService({ repo, portalId, environmentId, cache, configuredProviders = {} }: PortalServiceDeps) {
  async function load(): Promise<TPortalSettings> {
    const [portal, children, env] = await Promise.all([repo.findPortal(portalId), repo.findChildren(portalId), repo.findEnvironment(environmentId)]);
    if (!portal || !env) throw new AppError("NOT_FOUND", `Portal ${portalId} or environment ${environmentId} is missing`);
    const registration = ZRegistrationSettings.parse(portal.registration);
    const integrations = ZIntegrations.parse(env.integrations);
    // Frozen: every request of this process shares the snapshot (and the API writes it once).
    return deepFreeze({
      providers: resolveProviders(registration, integrations, configuredProviders),
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
        integrations,
      }),
      lastUpdate: Date.now(),
    });
  }

  return {
    portalId,
    environmentId,
    /** The fixed portal with its environment settings and children (seed 7: get portal settings). */
    getSettings(): Promise<TPortalSettings> {
      return cache.get(`settings:${portalId}:${environmentId}`, load);
    },
    /** The portal's languages, for services that validate a lang. */
    async getI18n() {
      return (await this.getSettings()).portal.i18n;
    },
    async getChildren() {
      return repo.findChildren(portalId);
    },
    /** Seed 001 §3: the registration fields of a language, else of the primary language, else the defaults. */
    async registrationFields(lang: string | undefined): Promise<TRegistrationField[]> {
      const { portal } = await this.getSettings();
      return registrationFieldsFor(portal.registration.fields, lang ?? portal.i18n.primaryLang, portal.i18n.primaryLang);
    },
  };
}
export type PortalService = ReturnType<typeof createPortalService>;
