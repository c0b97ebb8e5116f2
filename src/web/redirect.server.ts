import { redirect as routerRedirect } from "react-router";
import { toLocation } from "../domain/validation/location";

/**
 * React Router's redirect() with the target percent-encoded for the Location header
 * (docs/decisions/0014): "/ru/курсы" would otherwise make the Fetch Headers throw, a 500.
 * Every loader and action redirects through this one.
 */
export function redirect(target: string, init?: number | ResponseInit): Response {
  return routerRedirect(toLocation(target), init);
}

/** A private page's answer to a guest or an anonymous session: the sign-in popup on the home page, then back to this address. */
export function signInRedirect(request: Request, lang: string): Response {
  const url = new URL(request.url);
  return redirect(`/${lang}/?login=1&returnTo=${encodeURIComponent(url.pathname + url.search)}`);
}
