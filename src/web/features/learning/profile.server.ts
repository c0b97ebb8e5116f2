import type { AppLoadContext } from "react-router";
import { redirect } from "../../redirect.server";
import type { TUser } from "../../../domain/user";
import { viewerOf } from "../../../domain/learning-access";
import { LIMITS } from "../../../domain/constants";
import type { TProgressTab } from "../../../domain/progress-rules";

/**
 * The profile pages are the signed-in visitor's own (a session user included). A guest is sent to
 * the main page with the login flag and comes back here after signing in (seed 001 §2 login, returnTo).
 */
export async function profileUser(context: AppLoadContext, request: Request, lang: string): Promise<TUser> {
  const auth = await context.auth();
  if (auth.kind !== "user") {
    const url = new URL(request.url);
    throw redirect(`/${lang}/?login=1&returnTo=${encodeURIComponent(url.pathname)}`);
  }
  return auth.user;
}

/** A page of the courses the user has progress in, newest first (`after`: the previous page's nextCursor). */
export function ownProgress(context: AppLoadContext, user: TUser, q: { lang: string; tab: TProgressTab; after?: string; limit?: number }) {
  return context.services.progress.userProgress(viewerOf(user), { ...q, limit: q.limit ?? LIMITS.progressPage });
}

/** How many courses the user has progress in and which are finished (one aggregate query). */
export function ownProgressSummary(context: AppLoadContext, user: TUser) {
  return context.services.progress.summary(viewerOf(user));
}
