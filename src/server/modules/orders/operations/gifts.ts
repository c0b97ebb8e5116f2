import { AppError } from "../../../../domain/errors";
import type { TGift } from "../../../../domain/order";
import type { TUser } from "../../../../domain/user";
import { mayBuy, mayClaimGift } from "../policy";
import type { GiftRow } from "../repo";
import type { OrdersContext } from "./context";
import { tokenHash } from "../../../platform/auth/tokens";
import { courseTitle } from "./present";

async function giftByToken(ctx: OrdersContext, token: string): Promise<GiftRow> {
  const gift = await ctx.repo.findGiftByTokenHash(ctx.environmentId, tokenHash(token));
  if (!gift) throw new AppError("GIFT_NOT_FOUND", "No such gift");
  return gift;
}

async function present(ctx: OrdersContext, gift: GiftRow, lang?: string): Promise<TGift> {
  const order = await ctx.repo.findOrder(gift.orderId);
  const buyer = order ? await ctx.users.findById(order.userId) : null;
  const name = [buyer?.firstName, buyer?.lastName].filter(Boolean).join(" ");
  return {
    courseId: gift.courseId,
    courseTitle: await courseTitle(ctx, gift.courseId, lang ?? order?.lang ?? (await ctx.portalLangs()).primaryLang),
    from: name || null,
    message: order?.giftMessage ?? null,
    email: gift.email,
    state: gift.state,
  };
}

/** GET /gifts/{token}: the gift page (anyone holding the link's token). */
export async function getGift(ctx: OrdersContext, token: string, lang?: string): Promise<TGift> {
  return present(ctx, await giftByToken(ctx, token), lang);
}

/**
 * POST /gifts/claim: a registered learner signed in with the gift's address gets the course, once
 * (a conditional update: two claims at once grant it once). The grant commits with the claim.
 */
export async function claimGift(ctx: OrdersContext, user: TUser, token: string): Promise<TGift> {
  if (!mayBuy(user)) throw new AppError("REGISTRATION_REQUIRED", "Sign up to receive a gift");
  const gift = await giftByToken(ctx, token);
  if (gift.state === "cancelled") throw new AppError("GIFT_CANCELLED", "This gift was cancelled");
  if (!mayClaimGift(user, gift)) throw new AppError("GIFT_OTHER_EMAIL", "This gift is for another address");
  const claimed = await ctx.repo.transaction(async (w) => {
    const row = await w.moveGift(gift.id, "waiting", "claimed", user.id);
    if (!row) return null;
    const granted = await ctx.users.grantCourse(w.tx, user.id, gift.courseId);
    return { row, granted };
  });
  if (!claimed) throw new AppError("GIFT_ALREADY_CLAIMED", "This gift has already been received");
  if (claimed.granted) await ctx.users.accessChanged(user.id);
  return present(ctx, claimed.row);
}
