import { Outlet, data } from "react-router";
import { COOKIES } from "../../domain/constants";
import type { Route } from "./+types/lang";
import { langCookie, readCookie } from "../cookies";
import { handleArrival } from "../features/auth/arrival.server";
import { redirectToLanguage } from "../features/shell/lang-redirect.server";
import { rendersIn } from "../i18n/browser";
import { ensureLanguagePacks } from "../i18n/fetch-packs";

/** Every route begins with {lang}: redirect when it is not supported, remember it in a cookie. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  await redirectToLanguage(context, request);
  const cookies = await handleArrival(context, request);
  if (readCookie(request.headers.get("cookie"), COOKIES.lang) !== params.lang) {
    cookies.push(langCookie(params.lang, new URL(request.url).protocol === "https:"));
  }
  if (cookies.length === 0) return null;
  const headers = new Headers();
  for (const c of cookies) headers.append("Set-Cookie", c);
  return data(null, { headers });
}

/**
 * On client navigation into another language, its packs are fetched before the page renders (all of
 * them, seed 7); within the language the page is in, screens fetch the packs they lack (decision 0020).
 */
export async function clientLoader({ params, serverLoader }: Route.ClientLoaderArgs) {
  if (!rendersIn(params.lang)) await ensureLanguagePacks(params.lang);
  return serverLoader();
}

export default function LangRoot() {
  return <Outlet />;
}
