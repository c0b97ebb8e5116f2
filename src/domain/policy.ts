import { z } from "zod";
import { ZPage } from "./page";

/**
 * Terms and policy pages (seed 000 §2.1 and §2.4, seed 001 §2). Each category is a content page
 * whose alias is the category; the mentor policy type has its own two categories.
 */
export const POLICY_TYPES = ["default", "mentor"] as const;
export type PolicyType = (typeof POLICY_TYPES)[number];

export const POLICY_CATEGORIES = {
  default: ["privacy-policy", "terms-of-use", "cookie-policy"],
  mentor: ["mentor-policy", "mentor-terms"],
} as const satisfies Record<PolicyType, readonly string[]>;

export const ALL_POLICY_CATEGORIES = [...POLICY_CATEGORIES.default, ...POLICY_CATEGORIES.mentor] as const;
export type PolicyCategory = (typeof ALL_POLICY_CATEGORIES)[number];

/** Seed 000 §9: after a category switch the policy content scrolls into view 50 ms later. */
export const TERMS_SCROLL_MS = 50;

export function isPolicyCategory(value: unknown): value is PolicyCategory {
  return typeof value === "string" && (ALL_POLICY_CATEGORIES as readonly string[]).includes(value);
}

/** The type a category belongs to: a mentor category shows the mentor list, anything else the default one. */
export function policyTypeOf(category: PolicyCategory): PolicyType {
  return (POLICY_CATEGORIES.mentor as readonly string[]).includes(category) ? "mentor" : "default";
}

export function policyCategories(type: PolicyType): readonly PolicyCategory[] {
  return POLICY_CATEGORIES[type];
}

/** Seed 000 §2.4: switching category on the privacy-policy route pushes /{category}/ (under the language). */
export function policyPath(lang: string, category: PolicyCategory): string {
  return `/${lang}/${category}/`;
}

export const ZPolicyCategory = z.enum(ALL_POLICY_CATEGORIES);

export const ZPolicy = z.object({
  category: ZPolicyCategory,
  type: z.enum(POLICY_TYPES),
  categories: z.array(ZPolicyCategory),
  /** "template" when the portal has no page for the category in this language and its template was used. */
  source: z.enum(["page", "template"]),
  page: ZPage,
});
export type TPolicy = z.infer<typeof ZPolicy>;
