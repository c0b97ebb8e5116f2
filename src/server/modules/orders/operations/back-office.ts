import { z } from "zod";
import { AppError } from "../../../../domain/errors";
import { toMajorUnits, toMinorUnits, type ZAdminOrder, type ZAdminOrderQuery, type ZCoupon, type ZCouponInput } from "../../../../domain/order";
import type { TUser } from "../../../../domain/user";
import { mayManageOrders } from "../policy";
import type { CouponRow } from "../repo";
import type { OrdersContext } from "./context";
import { presentOrders } from "./present";

type TAdminOrder = z.infer<typeof ZAdminOrder>;
export type TAdminOrderQueryOutput = z.output<typeof ZAdminOrderQuery>;
type TCoupon = z.infer<typeof ZCoupon>;

export function admin(user: TUser) {
  if (!mayManageOrders(user)) throw new AppError("ADMINS_ONLY", "Only portal admins and mp-admin manage orders and coupons");
}

/** The repo's filter from the query (dates as instants). */
export function filterOf(ctx: OrdersContext, q: Omit<TAdminOrderQueryOutput, "limit" | "after">) {
  return {
    environmentId: ctx.environmentId,
    status: q.status,
    gateway: q.gateway,
    courseId: q.courseId,
    userId: q.userId,
    email: q.email,
    from: q.from ? new Date(q.from) : undefined,
    to: q.to ? new Date(q.to) : undefined,
  };
}

/** GET /admin/orders: every order of the portal, newest first, filtered (ZAdminOrderQuery), a page at a time. */
export async function adminOrders(ctx: OrdersContext, user: TUser, q: TAdminOrderQueryOutput): Promise<{ orders: TAdminOrder[]; next: string | null }> {
  admin(user);
  let after: { createdAt: Date; id: string } | undefined;
  if (q.after) {
    const last = await ctx.repo.findOrder(q.after);
    if (!last || last.environmentId !== ctx.environmentId) throw new AppError("ORDER_NOT_FOUND", `No order ${q.after}`);
    after = { createdAt: last.createdAt, id: last.id };
  }
  const rows = await ctx.repo.adminList({ ...filterOf(ctx, q), after, limit: q.limit });
  const page = rows.slice(0, q.limit);
  const presented = await presentOrders(ctx, page);
  return {
    orders: presented.map((o, i) => ({ ...o, userId: page[i]!.userId, userEmail: page[i]!.userEmail })),
    next: rows.length > q.limit ? page.at(-1)!.id : null,
  };
}

function presentCoupon(c: CouponRow): TCoupon {
  return {
    code: c.code,
    kind: c.kind,
    value: c.kind === "fixed" ? toMajorUnits(c.value) : c.value,
    currency: c.currency,
    courseId: c.courseId,
    expiresAt: c.expiresAt?.toISOString() ?? null,
    maxUses: c.maxUses,
    uses: c.uses,
    active: c.active,
  };
}

export async function listCoupons(ctx: OrdersContext, user: TUser): Promise<TCoupon[]> {
  admin(user);
  return (await ctx.repo.listCoupons(ctx.environmentId)).map(presentCoupon);
}

/** POST /admin/coupons: a new coupon; a code the portal has is COUPON_EXISTS, a course it has not NOT_FOUND. */
export async function createCoupon(ctx: OrdersContext, user: TUser, input: z.output<typeof ZCouponInput>): Promise<TCoupon> {
  admin(user);
  const invalid = (path: string, message: string) => new AppError("VALIDATION", `Invalid ${path}`, { validationErrors: [{ path, message }] });
  if (input.kind === "percent" && !Number.isInteger(input.value)) throw invalid("value", "A percentage is a whole number");
  const value = input.kind === "percent" ? input.value : toMinorUnits(input.value);
  if (input.kind === "fixed" && Math.abs(value / 100 - input.value) > 1e-9) throw invalid("value", "An amount has at most two decimals");
  if (input.courseId !== null && !(await ctx.courses.courseRow(input.courseId))) throw new AppError("NOT_FOUND", `No course ${input.courseId}`);
  const row = await ctx.repo.insertCoupon({
    environmentId: ctx.environmentId,
    code: input.code,
    kind: input.kind,
    value,
    currency: input.kind === "fixed" ? (input.currency ?? null) : null,
    courseId: input.courseId,
    expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
    maxUses: input.maxUses,
  });
  if (!row) throw new AppError("COUPON_EXISTS", `Coupon ${input.code} exists`);
  return presentCoupon(row);
}

export async function deactivateCoupon(ctx: OrdersContext, user: TUser, code: string): Promise<TCoupon> {
  admin(user);
  const row = await ctx.repo.deactivateCoupon(ctx.environmentId, code);
  if (!row) throw new AppError("COUPON_UNKNOWN", `No coupon ${code}`);
  return presentCoupon(row);
}
