import { AppError } from "../../../../domain/errors";
import type { CouponRow } from "../repo";

/** What an order costs: the course's price, what the coupon takes off, and what is paid (minor units). */
export interface Price {
  currency: string;
  listAmountMinor: number;
  discountMinor: number;
  amountMinor: number;
  couponCode: string | null;
}

/**
 * Checks a coupon for a course at `now` and applies it (docs/decisions/0031): inactive or unknown,
 * expired, used up, for another course or (fixed) in another currency are typed errors. A percent
 * rounds the discount to the nearest minor unit; no discount is more than the price.
 */
export function priceWithCoupon(course: { id: string; currency: string; priceMinor: number }, coupon: CouponRow | null, code: string | null, now: Date): Price {
  const base = { currency: course.currency, listAmountMinor: course.priceMinor };
  if (!code) return { ...base, discountMinor: 0, amountMinor: course.priceMinor, couponCode: null };
  if (!coupon || !coupon.active) throw new AppError("COUPON_UNKNOWN", `No coupon ${code}`);
  if (coupon.expiresAt && coupon.expiresAt.getTime() <= now.getTime()) throw new AppError("COUPON_EXPIRED", `Coupon ${code} has expired`);
  if (coupon.maxUses !== null && coupon.uses >= coupon.maxUses) throw new AppError("COUPON_USED_UP", `Coupon ${code} is used up`);
  if (coupon.courseId !== null && coupon.courseId !== course.id) throw new AppError("COUPON_NOT_FOR_COURSE", `Coupon ${code} is for another course`);
  if (coupon.kind === "fixed" && coupon.currency !== course.currency) throw new AppError("COUPON_NOT_FOR_COURSE", `Coupon ${code} is in ${coupon.currency}`);
  const off = coupon.kind === "percent" ? Math.round((course.priceMinor * coupon.value) / 100) : coupon.value;
  const discountMinor = Math.min(off, course.priceMinor);
  return { ...base, discountMinor, amountMinor: course.priceMinor - discountMinor, couponCode: coupon.code };
}
