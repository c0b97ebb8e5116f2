import type { AppLoadContext } from "react-router";
import { errorScreenOf, isAppError } from "../../../domain/errors";
import { isSignedIn, type TUser } from "../../../domain/user";
import { i18nFor } from "../../i18n/instance";

/** The orders pack's texts for loaders (the titles of the order pages). */
export async function ordersT(context: AppLoadContext, lang: string) {
  return i18nFor(lang, await context.services.packs.resources(lang)).getFixedT(lang, "orders");
}

/**
 * What an order id, gift token or sandbox ticket in an address may look like before a service is asked:
 * anything else is a 404 at once. Loose on purpose (the service decides what exists); strict enough that
 * no markup, separator or oversized value goes further.
 */
export const ADDRESS_TOKEN = /^[A-Za-z0-9_.-]{1,200}$/;

/** Orders belong to registered accounts: a guest or an anonymous session has none (decision 0031). */
export async function orderOwner(context: AppLoadContext): Promise<TUser | null> {
  const auth = await context.auth();
  return auth.kind === "user" && isSignedIn(auth.user) ? auth.user : null;
}

/**
 * Runs a read of the orders service; a typed refusal whose screen is "not found" (no such order, not
 * this account's, a gift token that matches nothing, the sandbox switched off) comes back as null, so
 * the page says so in its own words. Anything else is a real failure and stays one.
 */
export async function orNotFound<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (e) {
    if (isAppError(e) && errorScreenOf(e.code) === "not-found") return null;
    throw e;
  }
}
