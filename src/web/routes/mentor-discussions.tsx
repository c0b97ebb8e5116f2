import type { Route } from "./+types/mentor-discussions";
import { DiscussionsPage } from "../features/mentor/discussion-page";
import { inboxViewer } from "../features/mentor/mentor.server";
import { packT } from "../features/notifications/notifications.server";
import { privatePageMeta } from "../features/orders/page-meta";
import type { PacksHandle } from "../i18n/page-packs";
import { QueryScope } from "../lib/query-client";

/**
 * /{lang}/mentor/discussions/ (issue 14): the mentors' queue of learners' posts and their reports.
 * The loader applies the inbox's access rule (mentor roles; others 403, guests to sign in); the
 * lists are read in the browser, where they stay live.
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { lang } = params;
  const viewer = await inboxViewer(context, request, lang, undefined);
  const title = (await packT(context, lang, "mentor"))("discussions.metaTitle");
  return { title, viewer };
}

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? privatePageMeta(loaderData.title) : []);

export const handle: PacksHandle = { packs: ["mentor", "errors"] };

export default function MentorDiscussions({ loaderData }: Route.ComponentProps) {
  return (
    <QueryScope>
      <DiscussionsPage viewer={loaderData.viewer} />
    </QueryScope>
  );
}
