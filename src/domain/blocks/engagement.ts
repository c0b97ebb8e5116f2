import { z } from "zod";
import { ZEmail } from "../validation/fields";
import { ZImage, ZLabel, ZSafeUrl, blockSchema } from "./common";
import { ZText } from "../validation/safe-text";

/** Call to action: a button that follows a link or starts a popup scenario (seed 001 §4) by id. */
export const ZActionBlock = blockSchema(
  "action",
  z.object({
    title: ZLabel,
    text: z.string().max(2000).optional(),
    button: z.union([
      z.object({ label: ZLabel, href: ZSafeUrl }).strict(),
      z
        .object({
          label: ZLabel,
          scenarioId: z
            .string()
            .min(1)
            .max(80)
            .regex(/^[\w-]+$/),
        })
        .strict(),
    ]),
  }),
);

/** Subscribe to news by e-mail; stored through POST /api/subscriptions. */
export const ZSubscribeBlock = blockSchema(
  "subscribe",
  z.object({
    title: ZLabel,
    text: z.string().max(2000).optional(),
    /** What the subscription is for (a list name); "news" when not given. */
    topic: z
      .string()
      .min(1)
      .max(60)
      .regex(/^[\w-]+$/)
      .optional(),
  }),
);

export const DEFAULT_SUBSCRIPTION_TOPIC = "news";

/** The subscription request: shared by the block's form and the API route. */
export const ZSubscriptionRequest = z.object({
  email: ZEmail,
  lang: ZText.min(2)
    .max(8)
    .regex(/^[a-z]{2,3}$/),
  topic: ZText.min(1)
    .max(60)
    .regex(/^[\w-]+$/)
    .default(DEFAULT_SUBSCRIPTION_TOPIC),
  /** Where the visitor subscribed: the block id. */
  source: ZText.max(120).optional(),
});
export type TSubscriptionRequest = z.infer<typeof ZSubscriptionRequest>;

export const ZSubscription = z.object({
  id: z.string(),
  email: z.string(),
  topic: z.string(),
  /** False when this e-mail was already subscribed to the topic: the request changed nothing. */
  created: z.boolean(),
});
export type TSubscription = z.infer<typeof ZSubscription>;

export const ZDonationsBlock = blockSchema(
  "donations",
  z
    .object({
      title: ZLabel,
      text: z.string().max(2000).optional(),
      /** The configured donation page; the chosen amount is added to it as a query parameter. */
      url: ZSafeUrl,
      currency: z.string().regex(/^[A-Z]{3}$/),
      presets: z.array(z.number().positive().max(1_000_000)).min(1).max(8),
      /** Index of the preset chosen at first. */
      defaultPreset: z.number().int().min(0).optional(),
      /** Name of the amount parameter the donation page expects. */
      amountParam: z
        .string()
        .min(1)
        .max(40)
        .regex(/^[\w-]+$/)
        .optional(),
    })
    .refine((d) => (d.defaultPreset ?? 0) < d.presets.length, { error: "defaultPreset is out of range", path: ["defaultPreset"] }),
);

export const APP_STORES = ["app-store", "google-play", "app-gallery", "rustore"] as const;

/** Mobile-app promotion: store badges with links. */
export const ZAppPromoBlock = blockSchema(
  "app-promo",
  z.object({
    title: ZLabel,
    text: z.string().max(2000).optional(),
    image: ZImage.optional(),
    stores: z
      .array(z.object({ store: z.enum(APP_STORES), url: ZSafeUrl }))
      .min(1)
      .max(APP_STORES.length),
  }),
);
