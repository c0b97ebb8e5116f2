import type { TGift } from "../../../domain/order";

/*
 * What the gift page offers (decision 0031 "Gifts"): the course goes to the address the buyer named,
 * once its owner is signed in with that address. Pure, so it is tested on its own (gift-state.test.ts).
 */

export type GiftScreen =
  /** Not signed in (a guest or an anonymous session): sign in or register with the gift's address. */
  | "sign-in"
  /** Signed in with the gift's address: the course can be claimed. */
  | "claim"
  /** Signed in with another address: this account cannot take it. */
  | "other-account"
  | "claimed"
  | "cancelled";

/** E-mail addresses compare without case, as the server keeps them (lower case). */
export const sameAddress = (a: string | null | undefined, b: string | null | undefined) => !!a && !!b && a.trim().toLowerCase() === b.trim().toLowerCase();

export function giftScreen(gift: Pick<TGift, "email" | "state">, viewer: { signedIn: boolean; email: string | null }): GiftScreen {
  if (gift.state === "claimed") return "claimed";
  if (gift.state === "cancelled") return "cancelled";
  if (!viewer.signedIn) return "sign-in";
  return sameAddress(viewer.email, gift.email) ? "claim" : "other-account";
}
