import { describe, expect, it } from "vitest";
import { isAppError } from "../../../../domain/errors";
import type { CouponRow } from "../repo";
import { priceWithCoupon } from "./pricing";

const NOW = new Date("2030-01-01T00:00:00Z");
const COURSE = { id: "c1", currency: "UAH", priceMinor: 49000 };
const coupon = (over: Partial<CouponRow>): CouponRow => ({
  environmentId: "env",
  code: "X",
  kind: "percent",
  value: 10,
  currency: null,
  courseId: null,
  expiresAt: null,
  maxUses: null,
  uses: 0,
  active: true,
  createdAt: NOW,
  ...over,
});
const code = (f: () => unknown) => {
  try {
    f();
    return "ok";
  } catch (e) {
    return isAppError(e) ? e.code : "other";
  }
};

describe("prices with coupons", () => {
  it("without a coupon: the course's price", () => {
    expect(priceWithCoupon(COURSE, null, null, NOW)).toEqual({
      currency: "UAH",
      listAmountMinor: 49000,
      discountMinor: 0,
      amountMinor: 49000,
      couponCode: null,
    });
  });

  it("percent rounds to the minor unit; fixed in the course's currency; never below zero", () => {
    expect(priceWithCoupon(COURSE, coupon({ value: 10 }), "X", NOW)).toMatchObject({ discountMinor: 4900, amountMinor: 44100, couponCode: "X" });
    expect(priceWithCoupon({ ...COURSE, priceMinor: 999 }, coupon({ value: 15 }), "X", NOW)).toMatchObject({ discountMinor: 150, amountMinor: 849 });
    expect(priceWithCoupon(COURSE, coupon({ kind: "fixed", value: 2550, currency: "UAH" }), "X", NOW)).toMatchObject({ amountMinor: 46450 });
    expect(priceWithCoupon(COURSE, coupon({ kind: "fixed", value: 100_000, currency: "UAH" }), "X", NOW)).toMatchObject({
      discountMinor: 49000,
      amountMinor: 0,
    });
    expect(priceWithCoupon(COURSE, coupon({ value: 100 }), "X", NOW)).toMatchObject({ amountMinor: 0 });
  });

  it("refuses unknown, inactive, expired, used up, other course and other currency coupons", () => {
    expect(code(() => priceWithCoupon(COURSE, null, "X", NOW))).toBe("COUPON_UNKNOWN");
    expect(code(() => priceWithCoupon(COURSE, coupon({ active: false }), "X", NOW))).toBe("COUPON_UNKNOWN");
    expect(code(() => priceWithCoupon(COURSE, coupon({ expiresAt: NOW }), "X", NOW))).toBe("COUPON_EXPIRED");
    expect(code(() => priceWithCoupon(COURSE, coupon({ expiresAt: new Date(NOW.getTime() + 1) }), "X", NOW))).toBe("ok");
    expect(code(() => priceWithCoupon(COURSE, coupon({ maxUses: 2, uses: 2 }), "X", NOW))).toBe("COUPON_USED_UP");
    expect(code(() => priceWithCoupon(COURSE, coupon({ maxUses: 2, uses: 1 }), "X", NOW))).toBe("ok");
    expect(code(() => priceWithCoupon(COURSE, coupon({ courseId: "c2" }), "X", NOW))).toBe("COUPON_NOT_FOR_COURSE");
    expect(code(() => priceWithCoupon(COURSE, coupon({ kind: "fixed", value: 100, currency: "USD" }), "X", NOW))).toBe("COUPON_NOT_FOR_COURSE");
  });
});
