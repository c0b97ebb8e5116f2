import { AppError, isAppError } from "../../../domain/errors";
import { GUEST_VIEWER } from "../../../domain/learning-access";
import { isPolicyCategory, policyCategories, policyTypeOf, type TPolicy } from "../../../domain/policy";
import type { PagesService } from "../pages/service";

/**
 * Terms and policy content: the page whose alias is the category, in the visitor's language, with
 * its components; when the portal has no such page the category's page template is shown instead
 * (seed 000 §8 "policy popup page fetch fails: falls back to a page template").
 */
export function createPoliciesService(deps: { pages: PagesService }) {
  return {
    async get(category: string, lang: string): Promise<TPolicy> {
      if (!isPolicyCategory(category)) throw new AppError("PAGE_NOT_FOUND", `'${category}' is not a policy category`);
      const type = policyTypeOf(category);
      const base = { category, type, categories: [...policyCategories(type)] };
      try {
        return { ...base, source: "page", page: await deps.pages.getByAlias(GUEST_VIEWER, category, { lang, withComponents: true }) };
      } catch (e) {
        // Only a missing page falls back; a bad language is still the caller's error.
        if (!isAppError(e, "PAGE_NOT_FOUND")) throw e;
      }
      return { ...base, source: "template", page: await deps.pages.getTemplate(GUEST_VIEWER, category, { lang, withComponents: true }) };
    },
  };
}
export type PoliciesService = ReturnType<typeof createPoliciesService>;
