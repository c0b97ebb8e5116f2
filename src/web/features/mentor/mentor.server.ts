import type { AppLoadContext } from "react-router";
import { isSignedIn } from "../../../domain/user";
import { signInRedirect } from "../../redirect.server";
import { throwAccessDenied, throwNotFound } from "../errors/error-pages.server";
import { type InboxViewer, isLeaderViewer, isMentorViewer } from "./mentor-roles";

/** What a chat id in the inbox's address may look like before anything is asked (the contract's ZChatId, without zod here). */
const CHAT_ID = /^cht_[a-z2-7]{26}$/;

/**
 * The inbox's access rule, checked in its loader (ARCHITECTURE "check access in every loader"): a
 * guest or an anonymous session is sent to sign in and comes back; a signed-in account without a
 * mentor role gets the access-denied page (403); a malformed chat id is a 404. The API checks each
 * chat again on every read.
 */
export async function inboxViewer(context: AppLoadContext, request: Request, lang: string, chatId: string | undefined): Promise<InboxViewer> {
  const auth = await context.auth();
  if (auth.kind !== "user" || !isSignedIn(auth.user)) {
    throw signInRedirect(request, lang);
  }
  if (!isMentorViewer(auth.user.roles)) return throwAccessDenied(context, lang);
  if (chatId !== undefined && !CHAT_ID.test(chatId)) return throwNotFound(context, lang);
  const settings = await context.settings();
  return { id: auth.user.id, leader: isLeaderViewer(auth.user.roles), portalId: settings.portal.id };
}
