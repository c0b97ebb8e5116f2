import type { Db } from "../client";
import { coupons } from "../schema/orders";

/** The demo's coupon: 10% off every course, no expiry, no use limit (shown in the README). */
export const DEMO_COUPON = "WELCOME10";

/** Seeds the demo coupon once; an admin's later changes to it (deactivation) are kept. */
export async function seedDemoCoupons(db: Db, environmentId: string): Promise<void> {
  await db.insert(coupons).values({ environmentId, code: DEMO_COUPON, kind: "percent", value: 10 }).onConflictDoNothing();
}
