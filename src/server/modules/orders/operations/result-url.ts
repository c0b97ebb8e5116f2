import { isPortalLang } from "../../../../domain/locale";
import { isSafeReturnPath } from "../../../../domain/validation/return-path";

const RESULT_PATH = /^\/([a-z]{2,3})\/order-result\/?$/;

/** Where an order returns the browser, as stored: the result page of the order, maybe with `continue`. */
export interface OrderReturn {
  lang: string;
  continuePath: string | null;
  /** `/{lang}/order-result/{orderId}/[?continue=…]` */
  returnPath(orderId: string): string;
}

/**
 * The browser's `resultUrl` (docs/decisions/0031): `/{lang}/order-result/` on our own origin, as an
 * absolute URL or a path, in a language of the portal. `continue` is kept only when it is a path on
 * this site; anything else about the URL is dropped. Null when it is not such an address.
 */
export function parseResultUrl(resultUrl: string, origin: string, langs: readonly string[]): OrderReturn | null {
  let url: URL;
  try {
    if (resultUrl.startsWith("/")) {
      if (!isSafeReturnPath(resultUrl)) return null;
      url = new URL(resultUrl, origin);
    } else {
      url = new URL(resultUrl);
    }
  } catch {
    return null;
  }
  if (url.origin !== new URL(origin).origin || url.username || url.password) return null;
  const lang = RESULT_PATH.exec(url.pathname)?.[1];
  if (!lang || !isPortalLang(lang, langs)) return null;
  const wanted = url.searchParams.get("continue");
  const continuePath = wanted !== null && isSafeReturnPath(wanted) ? wanted : null;
  return {
    lang,
    continuePath,
    returnPath: (orderId) => `/${lang}/order-result/${orderId}/${continuePath ? `?continue=${encodeURIComponent(continuePath)}` : ""}`,
  };
}
