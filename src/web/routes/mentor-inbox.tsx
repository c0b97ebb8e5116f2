import type { Route } from "./+types/mentor-inbox";
import { InboxPage } from "../features/mentor/inbox-page";
import { inboxViewer } from "../features/mentor/mentor.server";
import { packT } from "../features/notifications/notifications.server";
import { privatePageMeta } from "../features/orders/page-meta";
import type { PacksHandle } from "../i18n/page-packs";
import { QueryScope } from "../lib/query-client";

/**
 * /{lang}/mentor/ and /{lang}/mentor/{chatId} (issue 12): the mentors' inbox, for the mentor roles.
 * The loader decides who may see it (mentor.server.ts); the chats are read in the browser, where
 * they stay live.
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { lang, chatId } = params;
  const viewer = await inboxViewer(context, request, lang, chatId);
  const title = (await packT(context, lang, "mentor"))("metaTitle");
  return { title, viewer, chatId: chatId ?? null };
}

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? privatePageMeta(loaderData.title) : []);

/** The language packs this screen adds to the page's (docs/decisions/0020-lean-client.md); the thread's texts are the chat pack's. */
export const handle: PacksHandle = { packs: ["mentor", "chat", "errors"] };

export default function MentorInbox({ loaderData }: Route.ComponentProps) {
  return (
    <QueryScope>
      <InboxPage viewer={loaderData.viewer} chatId={loaderData.chatId} />
    </QueryScope>
  );
}
