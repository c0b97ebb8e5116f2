import type { AppLoadContext } from "react-router";
import type { LanguagePackage } from "../../../domain/constants";
import { i18nFor } from "../../i18n/instance";

/** A pack's texts for loaders (page titles of the notifications page and the mentors' inbox). */
export async function packT(context: AppLoadContext, lang: string, pack: LanguagePackage) {
  return i18nFor(lang, await context.services.packs.resources(lang)).getFixedT(lang, pack);
}
