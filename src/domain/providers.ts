/**
 * Which sign-in paths a visitor is offered (seed 001 §6): a path shows only when the portal's
 * registration flag is on AND the server holds what the path needs (credentials, bot token,
 * webhook secret) AND, for messengers, integrations.messengers.{messenger}.endpoint is set.
 */
import type { z } from "zod";
import type { Messenger } from "./messengers";
import type { ZProviders } from "./providers-schema";

/* Without zod: the browser runs these on every page (docs/decisions/0020-lean-client.md). */

export type TProviders = z.infer<typeof ZProviders>;

export const NO_PROVIDERS: TProviders = { google: false, facebook: false, oneTap: false, googleClientId: null, telegram: false, messengers: [] };

/** Seed 001 §9: the One Tap prompt appears 5 s after the page. */
export const ONE_TAP_PROMPT_DELAY_MS = 5_000;
export const ONE_TAP_CONTEXTS = ["signin", "signup", "use"] as const;
export type OneTapContext = (typeof ONE_TAP_CONTEXTS)[number];
export const ONE_TAP_SCRIPT = "https://accounts.google.com/gsi/client";
/** Telegram's Login Widget script, the version its documentation gives (its sign-in frame comes from oauth.telegram.org). */
export const TELEGRAM_WIDGET_SCRIPT = "https://telegram.org/js/telegram-widget.js?22";
/** The double-submit cookie One Tap's credential post is checked against. */
export const ONE_TAP_CSRF_COOKIE = "g_csrf_token";

export type ProviderButtonId = "google" | "facebook" | Messenger;

export interface ProviderButton {
  id: ProviderButtonId;
  /** Where the browser goes: a redirect login or a messenger connect page, with quick_link and lang. */
  href: string;
}

/** The buttons in their order: Google, Facebook, then the messengers (or only the messengers). */
export function providerButtons(providers: TProviders, opts: { returnTo: string; lang: string; messengersOnly?: boolean }): ProviderButton[] {
  const query = `quick_link=${encodeURIComponent(opts.returnTo)}&lang=${encodeURIComponent(opts.lang)}`;
  const out: ProviderButton[] = [];
  if (!opts.messengersOnly) {
    if (providers.google) out.push({ id: "google", href: `/auth/google?${query}` });
    if (providers.facebook) out.push({ id: "facebook", href: `/auth/facebook?${query}` });
  }
  for (const m of providers.messengers) out.push({ id: m, href: `/connect/${m}?${query}` });
  return out;
}

/** Seed 001 §9: registration buttons are square, or circles when there are more than two. */
export function providerButtonShape(count: number): "square" | "circle" {
  return count > 2 ? "circle" : "square";
}

/** Any provider button at all (the choice screen then cannot collapse to e-mail login). */
export function hasProviderButtons(providers: TProviders): boolean {
  return providers.google || providers.facebook || providers.messengers.length > 0;
}
