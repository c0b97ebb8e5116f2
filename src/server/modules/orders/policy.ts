import { mayAuthorPortalSettings } from "../../../domain/studio-policy";
import { isSignedIn, type TUser } from "../../../domain/user";

/** Access rules of orders and payments (docs/decisions/0031), one function per rule. */

/** Buying needs a registered account: not a guest, not an anonymous session (REGISTRATION_REQUIRED). */
export function mayBuy(user: Pick<TUser, "id" | "status">): boolean {
  return isSignedIn(user);
}

/** An order is read by its owner only; anyone else is told it does not exist (404, no probing of ids). */
export function mayReadOrder(user: Pick<TUser, "id">, order: { userId: string }): boolean {
  return order.userId === user.id;
}

/** The back office (all orders, coupons, refunds) is the back office's rule: portal admins and mp-admin (issue 16). */
export function mayManageOrders(user: Pick<TUser, "id" | "status" | "roles">): boolean {
  return mayAuthorPortalSettings(user);
}

/** A gift is claimed by a registered learner signed in with the address it was sent to. */
export function mayClaimGift(user: Pick<TUser, "id" | "status" | "email">, gift: { email: string }): boolean {
  return mayBuy(user) && !!user.email && user.email.trim().toLowerCase() === gift.email.trim().toLowerCase();
}
