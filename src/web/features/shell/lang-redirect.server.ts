import type { AppLoadContext } from "react-router";
import { redirect } from "../../redirect.server";
import { COOKIES } from "../../../domain/constants";
import { firstSegment, langRedirectTarget } from "../../../domain/lang-redirect";
import { readCookie } from "../../cookies";

/** The language of the previous route: the first segment of a same-origin Referer. */
function previousLang(request: Request): string | null {
  const referer = request.headers.get("referer");
  if (!referer) return null;
  try {
    const ref = new URL(referer);
    if (ref.origin !== new URL(request.url).origin) return null;
    return firstSegment(ref.pathname);
  } catch {
    return null;
  }
}

/** Throws a redirect when the first segment is not a supported language (seed 2.1). */
export async function redirectToLanguage(context: AppLoadContext, request: Request): Promise<void> {
  const { langs, primaryLang } = (await context.settings()).portal.i18n;
  const url = new URL(request.url);
  const target = langRedirectTarget({
    pathname: url.pathname,
    search: url.search,
    supported: langs,
    primary: primaryLang,
    previousLang: previousLang(request),
    cookieLang: readCookie(request.headers.get("cookie"), COOKIES.lang),
  });
  if (target) throw redirect(target, 302);
}
