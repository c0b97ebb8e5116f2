import type { Route } from "./+types/studio-mentors";
import { MentorsScreen } from "../features/backoffice/mentors/mentors-screen";
import { packT } from "../features/notifications/notifications.server";
import { privatePageMeta } from "../features/orders/page-meta";
import { settingsAuthor } from "../features/studio/studio.server";
import type { PacksHandle } from "../i18n/page-packs";

/** /{lang}/studio/mentors (issue 16): the portal's mentors and the chat's mode; admins and mp-admin. */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { lang } = params;
  const admin = await settingsAuthor(context, request, lang);
  const mentors = await context.services.chat.adminMentors(admin);
  const title = (await packT(context, lang, "backoffice"))("mentors.title");
  return { title, mentors };
}

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? privatePageMeta(loaderData.title) : []);

export const handle: PacksHandle = { packs: ["studio", "backoffice", "errors"] };

export default function StudioMentors({ loaderData }: Route.ComponentProps) {
  return <MentorsScreen initial={loaderData.mentors} />;
}
