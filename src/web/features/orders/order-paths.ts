import { elementPath } from "../../../domain/element-path";
import type { TElementType } from "../../../domain/element";
import { isSafeReturnPath } from "../../../domain/validation/return-path";
import { coursePath } from "../learning/rules";

/*
 * Where a purchase returns and where its "continue" button leads (seed 000 §2.1, decision 0031):
 * the provider returns the browser to /{lang}/order-result/{orderId}/?continue=/{type}/{elementId}/,
 * the type and element id coming from the buy scenario's options (the element it would open).
 */

const ELEMENT_OF_PATH = /^\/[^/]+\/courses\/[^/]+\/(lesson|test|webinar)\/([^/?#]+)\/?$/;
const CONTINUE = /^\/(lesson|test|webinar)\/([^/?#]+)\/?$/;

/** "/{lang}/courses/{c}/{type}/{id}" -> "/{type}/{id}/" (the seed's continue shape), else null. */
export function continueOf(path: string | null | undefined): string | null {
  const m = path ? ELEMENT_OF_PATH.exec(path) : null;
  return m ? `/${m[1]}/${m[2]}/` : null;
}

/** The order request's resultUrl: our own /{lang}/order-result/ (the server appends the id), with ?continue= when known. */
export function orderResultUrl(origin: string, lang: string, continuePath: string | null): string {
  const url = new URL(`/${lang}/order-result/`, origin);
  if (continuePath) url.searchParams.set("continue", continuePath);
  return url.toString();
}

/** The result page of an order, as a path. */
export function orderResultPath(lang: string, orderId: string): string {
  return `/${lang}/order-result/${encodeURIComponent(orderId)}/`;
}

/** The printable receipt of an order in the learner's profile. */
export function receiptPath(lang: string, orderId: string): string {
  return `/${lang}/profile/orders/${encodeURIComponent(orderId)}/`;
}

/**
 * Where "continue" leads after a purchase: the element of the continue path (/{type}/{elementId}/)
 * in the bought course, or a same-site path the server kept, else the course page. Anything else
 * (another site, a malformed value) is ignored rather than followed.
 */
export function continueHref(lang: string, courseId: string, continuePath: string | null | undefined): string {
  const element = continuePath ? CONTINUE.exec(continuePath) : null;
  if (element) {
    let id: string;
    try {
      id = decodeURIComponent(element[2]);
    } catch {
      return coursePath(lang, courseId);
    }
    return elementPath(lang, courseId, element[1] as TElementType, id);
  }
  if (isSafeReturnPath(continuePath)) return continuePath;
  return coursePath(lang, courseId);
}
