import { data } from "react-router";
import { redirect } from "../redirect.server";
import type { LoaderFunctionArgs } from "react-router";
import { isSafeReturnPath } from "../../domain/validation/return-path";
import { readCookie } from "../cookies";
import { errorLang } from "../features/errors/error-pages.server";

/** Seed 001 §3: the `returnTo` cookie saves where a visitor was when a redirect login started. */
export const RETURN_TO_COOKIE = "returnTo";

/**
 * /rcallback/?returnTo=<encoded url> and /authcb: where a redirect login comes back to. They send
 * the visitor on to the saved address when it is a path on this site; any other target is the
 * seed's ERR_REDIRECT (never an open redirect).
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const target = url.searchParams.get("returnTo") ?? readCookie(request.headers.get("cookie"), RETURN_TO_COOKIE);
  const lang = await errorLang(context, request, params.lang);
  const clear = { "Set-Cookie": `${RETURN_TO_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax` };
  if (!target) throw redirect(`/${lang}/`, { headers: clear });
  if (!isSafeReturnPath(target)) throw data({ kind: "page-missing", message: "ERR_REDIRECT" }, { status: 400, headers: clear });
  throw redirect(target, { headers: clear });
}

export default function ReturnCallback() {
  return null;
}
