import { lazyPart } from "../../lib/lazy-part";

/**
 * The profile's orders list in its own chunk, with TanStack Query and the orders schemas: the profile
 * page's own code stays as it was, and the list comes after it (docs/decisions/0020-lean-client.md).
 */
export const myOrdersPart = lazyPart<Record<string, never>>(() => import("./my-orders").then((m) => ({ default: m.MyOrders })));
