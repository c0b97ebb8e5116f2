import type { Route } from "./+types/studio-navigation";
import { privatePageMeta } from "../features/orders/page-meta";
import { packT } from "../features/notifications/notifications.server";
import { NavigationEditor } from "../features/studio/navigation-editor";
import { portalLanguages, settingsAuthor } from "../features/studio/studio.server";
import type { PacksHandle } from "../i18n/page-packs";

/** /{lang}/studio/navigation (issue 15): the header's navigation tree, for admins and mp-admin (the loader checks). */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { lang } = params;
  const author = await settingsAuthor(context, request, lang);
  const navigation = await context.services.studio.getNavigation(author);
  const { languages, primaryLang } = await portalLanguages(context);
  const title = (await packT(context, lang, "studio"))("navigation.metaTitle");
  return { title, navigation, languages, primaryLang };
}

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? privatePageMeta(loaderData.title) : []);

export const handle: PacksHandle = { packs: ["studio", "errors"] };

export default function StudioNavigation({ loaderData }: Route.ComponentProps) {
  const { navigation, languages, primaryLang } = loaderData;
  return <NavigationEditor navigation={navigation} languages={languages} primaryLang={primaryLang} />;
}
