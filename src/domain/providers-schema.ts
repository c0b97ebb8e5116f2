import { z } from "zod";
import { ZMessenger } from "./messengers";

/** The sign-in paths a visitor is offered, as the portal settings carry them (providers.ts has the rules). */
export const ZProviders = z.object({
  /** Google redirect login (client id and secret configured). */
  google: z.boolean(),
  /** Facebook redirect login (app id and secret configured). */
  facebook: z.boolean(),
  /** Google One Tap (registration.googleOneTap, a Google client id). */
  oneTap: z.boolean(),
  /** The client id One Tap runs with; null when One Tap is off. Public by nature. */
  googleClientId: z.string().nullable(),
  /** The Telegram Login Widget (bot token and bot username set); also listed in `messengers`. */
  telegram: z.boolean(),
  /** Messenger buttons, in the seed's order. */
  messengers: z.array(ZMessenger),
});
