import type { AppLoadContext } from "react-router";
import { i18nFor } from "../../i18n/instance";

/** The orders pack's texts for loaders (the titles of the order pages). */
export async function ordersT(context: AppLoadContext, lang: string) {
  return i18nFor(lang, await context.services.packs.resources(lang)).getFixedT(lang, "orders");
}

/**
 * What an order id, gift token or sandbox ticket in an address may look like before the API is asked:
 * anything else is a 404 at once. Loose on purpose (the API decides what exists); strict enough that
 * no markup, separator or oversized value reaches a request.
 */
export const ADDRESS_TOKEN = /^[A-Za-z0-9_.-]{1,200}$/;
