import { type AppLoadContext, data } from "react-router";
import { COOKIES } from "../../../domain/constants";
import { GUEST_VIEWER } from "../../../domain/learning-access";
import { requestLang } from "../../../domain/locale";
import { readCookie } from "../../cookies";

export type ErrorPageData =
  | { kind: "not-found"; page: Awaited<ReturnType<AppLoadContext["services"]["pages"]["getByAlias"]>> }
  | { kind: "access-denied"; code: "AUTH-DENY"; page: Awaited<ReturnType<AppLoadContext["services"]["pages"]["getByAlias"]>> }
  | { kind: "page-missing"; message: string };

/** The language for an error page: the route's when supported, else the cookie's, else primary. */
export async function errorLang(context: AppLoadContext, request: Request, param?: string): Promise<string> {
  const { langs, primaryLang } = (await context.settings()).portal.i18n;
  return requestLang(param, readCookie(request.headers.get("cookie"), COOKIES.lang), langs, primaryLang);
}

/**
 * Seed 2.3: the not-found and access-denied screens show the content page with alias 404 /
 * access-denied for the current language; when it cannot be loaded they fail with the seed's text.
 */
async function throwErrorPage(context: AppLoadContext, lang: string, alias: "404" | "access-denied", status: 404 | 403): Promise<never> {
  let page;
  try {
    page = await context.services.pages.getByAlias(GUEST_VIEWER, alias, { lang, withComponents: true });
  } catch {
    const message = alias === "404" ? "Page 404 not found!" : "Page access denied not found!";
    throw data({ kind: "page-missing", message } satisfies ErrorPageData, { status });
  }
  const body: ErrorPageData = alias === "404" ? { kind: "not-found", page } : { kind: "access-denied", code: "AUTH-DENY", page };
  throw data(body, { status });
}

export const throwNotFound = (context: AppLoadContext, lang: string) => throwErrorPage(context, lang, "404", 404);
export const throwAccessDenied = (context: AppLoadContext, lang: string) => throwErrorPage(context, lang, "access-denied", 403);
