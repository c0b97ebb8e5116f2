import type { AppLoadContext } from "react-router";
import { redirect } from "../../redirect.server";
import { readCookie } from "../../cookies";

const MONTH = 30 * 24 * 60 * 60;
import { ARRIVAL_ID, arrivalFromCookies, UTM_COOKIE, UTM_KEYS } from "../../../domain/arrival";

function cookie(name: string, value: string, secure: boolean, maxAge = MONTH): string {
  return `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${maxAge}; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/**
 * Query parameters read on arrival (seed 001 §2): quick_token signs in (replacing any current
 * tokens) and leaves the address; utm_source + utm_campaign (and optional medium, content, term) go
 * to the utm-meta cookie; mentor_id and team_id are kept in cookies. Returns Set-Cookie values, or
 * throws a redirect to the address without quick_token.
 */
export async function handleArrival(context: AppLoadContext, request: Request): Promise<string[]> {
  const url = new URL(request.url);
  const secure = url.protocol === "https:";
  const headers: string[] = [];
  const params = url.searchParams;

  // What this address brings, as the cookies will hold it (so a quick_token sign-in on the same
  // address can record it at once).
  const arrived: Record<string, string> = {};
  if (params.get("utm_source") && params.get("utm_campaign")) {
    const utm = Object.fromEntries(UTM_KEYS.flatMap((k) => (params.get(k) ? [[k, params.get(k)!.slice(0, 200)]] : [])));
    arrived[UTM_COOKIE] = JSON.stringify(utm);
    headers.push(cookie(UTM_COOKIE, arrived[UTM_COOKIE], secure));
  }
  for (const key of ["mentor_id", "team_id"]) {
    const v = params.get(key);
    if (v && ARRIVAL_ID.test(v)) {
      arrived[key] = v;
      if (readCookie(request.headers.get("cookie"), key) !== v) headers.push(cookie(key, v, secure));
    }
  }

  const quick = params.get("quick_token");
  if (quick) {
    params.delete("quick_token");
    try {
      const tokens = await context.services.auth.exchangeQuickToken(quick);
      context.setSessionCookies(tokens);
      await context.services.users.recordArrival(tokens.userId, arrivalFromCookies(arrived));
    } catch (e) {
      // Seed 001 §8: a failed quick token is only logged; the visitor stays as they were.
      console.warn("quick_token exchange failed:", (e as Error).message);
    }
    const h = new Headers();
    for (const c of headers) h.append("Set-Cookie", c);
    throw redirect(`${url.pathname}${params.size ? `?${params}` : ""}${url.hash}`, { headers: h });
  }
  return headers;
}
