import type { TUser } from "./user";

/**
 * A signed-in page rendered once for every learner whose page data is the same apart from their own
 * words (docs/decisions/0083). The template render draws each of those words as a token, the same
 * for every learner; each request puts its learner's back. A token is letters and digits only, so
 * React's HTML escaping and React Router's data script leave it as it is.
 */
export const personalToken = (index: number) => `zqP${index}Pqz`;
export const TOKEN_PATTERN = /zqP(\d+)Pqz|zqNONCEqz/g;
/** The template's CSP nonce: each response has its own. */
export const NONCE_TOKEN = "zqNONCEqz";

/**
 * The user's fields that are words of their own: drawn as they are (text, attributes, data), never
 * compared, measured or cut. Whether one is empty is part of the template's key: a token only
 * stands for a value that is there. Every other field (roles, status, flags, links, orders…) stays
 * as it is, in the key. A sign-in link (`method|value`) keeps its method and has its value as a word.
 */
const FREE_USER_FIELDS = ["id", "email", "pendingEmail", "phone", "username", "fullName", "firstName", "lastName", "avatar", "registered"] as const;

export interface PersonalTokens {
  /** The learner's words, by token index. */
  readonly values: readonly string[];
  /** The user as the template render draws it: tokens for the free words. */
  readonly user: TUser;
}

export function personalTokens(user: TUser): PersonalTokens {
  const values: string[] = [];
  const tokenized: Record<string, unknown> = { ...user };
  FREE_USER_FIELDS.forEach((field, i) => {
    const value = user[field];
    values.push(typeof value === "string" ? value : "");
    if (typeof value === "string" && value !== "") tokenized[field] = personalToken(i);
  });
  tokenized.links = user.links.map((link) => {
    const bar = link.indexOf("|");
    if (bar < 0) return link;
    values.push(link.slice(bar + 1));
    return `${link.slice(0, bar + 1)}${personalToken(values.length - 1)}`;
  });
  return { values, user: tokenized as TUser };
}
