import type { AppLoadContext } from "react-router";
import { mayAuthorContent, mayAuthorPortalSettings } from "../../../domain/studio-policy";
import { isSignedIn, type TUser } from "../../../domain/user";
import { signInRedirect } from "../../redirect.server";
import { throwAccessDenied } from "../errors/error-pages.server";

/**
 * The studio's access rule, checked in each of its loaders like the mentors' pages: a guest or an
 * anonymous session is sent to sign in and comes back; a signed-in account that may not author
 * content gets the access-denied page (403). The studio API checks the same policy on every call.
 */
export async function studioAuthor(context: AppLoadContext, request: Request, lang: string): Promise<TUser> {
  const auth = await context.auth();
  if (auth.kind !== "user" || !isSignedIn(auth.user)) {
    throw signInRedirect(request, lang);
  }
  if (!mayAuthorContent(auth.user)) return throwAccessDenied(context, lang);
  return auth.user;
}

/** The same for the portal's settings (navigation): admins and mp-admin; others get the access-denied page. */
export async function settingsAuthor(context: AppLoadContext, request: Request, lang: string): Promise<TUser> {
  const user = await studioAuthor(context, request, lang);
  if (!mayAuthorPortalSettings(user)) return throwAccessDenied(context, lang);
  return user;
}

/** The portal's languages, the primary one first (the studio's forms get a column for each). */
export async function portalLanguages(context: AppLoadContext): Promise<{ languages: string[]; primaryLang: string }> {
  const { langs, primaryLang } = (await context.settings()).portal.i18n;
  return { languages: [primaryLang, ...langs.filter((l) => l !== primaryLang)], primaryLang };
}
