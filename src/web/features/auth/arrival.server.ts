import { type AppLoadContext, redirect } from "react-router";
import { readCookie } from "../../cookies";

const MONTH = 30 * 24 * 60 * 60;
const UTM_KEYS = ["utm_source", "utm_campaign", "utm_medium", "utm_content", "utm_term"] as const;
export const UTM_COOKIE = "utm-meta";

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

  if (params.get("utm_source") && params.get("utm_campaign")) {
    const utm = Object.fromEntries(UTM_KEYS.flatMap((k) => (params.get(k) ? [[k, params.get(k)!.slice(0, 200)]] : [])));
    headers.push(cookie(UTM_COOKIE, JSON.stringify(utm), secure));
  }
  for (const key of ["mentor_id", "team_id"]) {
    const v = params.get(key);
    if (v && /^[\w:-]{1,100}$/.test(v) && readCookie(request.headers.get("cookie"), key) !== v) headers.push(cookie(key, v, secure));
  }

  const quick = params.get("quick_token");
  if (quick) {
    params.delete("quick_token");
    try {
      context.setSessionCookies(await context.services.auth.exchangeQuickToken(quick));
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
