import { useParams, useRouteLoaderData } from "react-router";
import { portalLang } from "../domain/locale";
import type { TPortalSettings } from "../domain/portal";
import type { TUser } from "../domain/user";
import type { Consent } from "./cookies";

/**
 * What the root loader returns (root.tsx's loader is declared to return exactly this). It lives in
 * this leaf so that the many components reading it never import root.tsx, which imports providers.
 */
export interface RootData {
  settings: TPortalSettings;
  lang: string;
  user: TUser;
  origin: string;
  consent: Consent | null;
}

export function useRootData(): RootData | undefined {
  return useRouteLoaderData("root") as RootData | undefined;
}

/** The language in force: the route's {lang} when supported, else what the server chose. */
export function useLang(): string {
  const data = useRootData();
  const params = useParams();
  return portalLang(params.lang, data?.settings.portal.i18n.langs ?? [], data?.lang ?? "en");
}
