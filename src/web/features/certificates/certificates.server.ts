import type { AppLoadContext } from "react-router";
import { i18nFor } from "../../i18n/instance";

/** The certificates pack's texts for loaders (page titles). */
export async function certificatesT(context: AppLoadContext, lang: string) {
  return i18nFor(lang, await context.services.packs.resources(lang)).getFixedT(lang, "certificates");
}
