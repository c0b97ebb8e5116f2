import { Outlet, data } from "react-router";
import { COOKIES } from "../../domain/constants";
import type { Route } from "./+types/lang";
import { langCookie, readCookie } from "../cookies";
import { redirectToLanguage } from "../features/shell/lang-redirect.server";
import { ensureLanguagePacks } from "../i18n/fetch-packs";

/** Every route begins with {lang}: redirect when it is not supported, remember it in a cookie. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  await redirectToLanguage(context, request);
  if (readCookie(request.headers.get("cookie"), COOKIES.lang) === params.lang) return null;
  const secure = new URL(request.url).protocol === "https:";
  return data(null, { headers: { "Set-Cookie": langCookie(params.lang, secure) } });
}

/** On client navigation into another language, its packs are fetched before the page renders. */
export async function clientLoader({ params, serverLoader }: Route.ClientLoaderArgs) {
  await ensureLanguagePacks(params.lang);
  return serverLoader();
}

export default function LangRoot() {
  return <Outlet />;
}
