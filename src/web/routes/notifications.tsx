import type { Route } from "./+types/notifications";
import { isSignedIn } from "../../domain/user";
import { profileUser } from "../features/learning/profile.server";
import { NotificationsView } from "../features/notifications/notifications-view";
import { packT } from "../features/notifications/notifications.server";
import { privatePageMeta } from "../features/orders/page-meta";
import type { PacksHandle } from "../i18n/page-packs";
import { QueryScope } from "../lib/query-client";

/**
 * /{lang}/profile/Notifications/NotificationsPage (seed 000 §2.1, simple layout): the account's
 * notifications. A guest is sent to sign in and comes back here, as on the other profile pages; an
 * anonymous session has none (notifications belong to registered accounts) and sees the empty list.
 * The list is read in the browser: it is personal and live, and the badge reads the same count.
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { lang } = params;
  const user = await profileUser(context, request, lang);
  const title = (await packT(context, lang, "notifications"))("metaTitle");
  return { title, userId: user.id, registered: isSignedIn(user) };
}

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? privatePageMeta(loaderData.title) : []);

/** The language packs this screen adds to the page's (docs/decisions/0020-lean-client.md). */
export const handle: PacksHandle = { packs: ["notifications"] };

export default function Notifications({ loaderData }: Route.ComponentProps) {
  return (
    <QueryScope>
      <NotificationsView userId={loaderData.userId} registered={loaderData.registered} />
    </QueryScope>
  );
}
