import { AppError } from "../../../../domain/errors";
import type { TOrder } from "../../../../domain/order";
import type { TUser } from "../../../../domain/user";
import { mayReadOrder } from "../policy";
import type { OrdersContext } from "./context";
import { presentOrders } from "./present";

/** How many of their orders a learner's list shows (newest first). */
export const MY_ORDERS_LIMIT = 200;

/** GET /orders/{id}: the owner's order; anyone else's, or another portal's, is ORDER_NOT_FOUND. */
export async function getOrder(ctx: OrdersContext, user: TUser, id: string, lang?: string): Promise<TOrder> {
  const row = await ctx.repo.findOrder(id);
  if (!row || row.environmentId !== ctx.environmentId || !mayReadOrder(user, row)) throw new AppError("ORDER_NOT_FOUND", `No order ${id}`);
  return (await presentOrders(ctx, [row], lang))[0]!;
}

/**
 * Whether `user` may follow the order's realtime topic (`order:{id}`): the rule of GET /orders/{id},
 * so a missing order and another learner's answer the same "no".
 */
export async function mayWatchOrder(ctx: OrdersContext, user: TUser, id: string): Promise<boolean> {
  const row = await ctx.repo.findOrder(id);
  return !!row && row.environmentId === ctx.environmentId && mayReadOrder(user, row);
}

/** GET /orders: the caller's orders on this portal, newest first. */
export async function listMyOrders(ctx: OrdersContext, user: TUser, lang?: string): Promise<TOrder[]> {
  return presentOrders(ctx, await ctx.repo.listUserOrders(ctx.environmentId, user.id, MY_ORDERS_LIMIT), lang);
}

/** GET|POST /orders/{id}/return: the stored result page of the order. Never changes anything. */
export async function returnPath(ctx: OrdersContext, id: string): Promise<string> {
  const row = await ctx.repo.findOrder(id);
  if (!row || row.environmentId !== ctx.environmentId) throw new AppError("ORDER_NOT_FOUND", `No order ${id}`);
  return row.returnPath;
}
