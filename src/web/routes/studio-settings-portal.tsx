import type { Route } from "./+types/studio-settings-portal";
import { privatePageMeta } from "../features/orders/page-meta";
import { packT } from "../features/notifications/notifications.server";
import { PortalSettings } from "../features/backoffice/settings/portal-settings";
import { portalLanguages, settingsAuthor } from "../features/studio/studio.server";
import type { PacksHandle } from "../i18n/page-packs";

/** /{lang}/studio/settings/portal (issue 16): for admins and mp-admin (the loader checks, as does the API). */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { lang } = params;
  const author = await settingsAuthor(context, request, lang);
  const initial = await context.services.settings.getPortal(author);
  const { languages } = await portalLanguages(context);
  const title = (await packT(context, lang, "backoffice"))("settings.portal.title");
  return { title, initial, languages, lang };
}

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? privatePageMeta(loaderData.title) : []);

export const handle: PacksHandle = { packs: ["backoffice", "studio", "errors"] };

export default function StudioSettingsPortal({ loaderData }: Route.ComponentProps) {
  const { initial, languages, lang } = loaderData;
  return <PortalSettings initial={initial} lang={lang} languages={languages} />;
}
