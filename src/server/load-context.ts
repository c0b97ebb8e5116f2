import type { TPortalSettings } from "../domain/portal";
import type { Config } from "./config";
import type { PagesService } from "./modules/pages/service";
import type { PortalService } from "./modules/portal/service";
import type { LanguagePacks } from "./platform/language-packs";

/** What SSR loaders and actions receive: the same services the API routes call, in process. */
export interface Services {
  portal: PortalService;
  pages: PagesService;
  packs: LanguagePacks;
}

export type MentoraLoadContext = {
  services: Services;
  config: Pick<Config, "PUBLIC_URL" | "NODE_ENV">;
  /** Portal settings, read at most once per request however many loaders ask. */
  settings: () => Promise<TPortalSettings>;
};

declare module "react-router" {
  interface AppLoadContext extends MentoraLoadContext {}
}
