import type { TOrderStatus } from "../../../domain/order";

/*
 * What the order-result page shows (seed 000 §4 "Order"): the order's status as one screen state.
 * Zod-free and pure, so the mapping is tested on its own (result-state.test.ts).
 */

export type ResultScreen =
  /** Nothing known yet: the first read is under way. */
  | "loading"
  /** Not signed in (a guest or an anonymous session): orders belong to accounts. */
  | "sign-in"
  /** No such order for this account (another user's order reads the same: never shown). */
  | "not-found"
  /** The read failed for another reason (offline, server error): a retry is offered. */
  | "error"
  | "paid"
  /** Open (created or pending): the page keeps asking. */
  | "pending"
  /** Still open after ORDER_POLL_LIMIT_MS: the page stops asking and says the e-mail will follow. */
  | "slow"
  | "failed"
  | "expired"
  | "reversed";

export type OrderRead = { kind: "loading" } | { kind: "order"; status: TOrderStatus } | { kind: "failed"; httpStatus: number };

/** The screen for what the page knows: who is looking, what the last read said, and whether the waiting time is over. */
export function resultScreen(read: OrderRead, opts: { signedIn: boolean; waitedTooLong: boolean }): ResultScreen {
  if (!opts.signedIn) return "sign-in";
  if (read.kind === "loading") return "loading";
  if (read.kind === "failed") {
    if (read.httpStatus === 401) return "sign-in";
    // A malformed id (400) and another account's order (403, 404) read the same: whether an order exists is nobody else's business.
    return [400, 403, 404].includes(read.httpStatus) ? "not-found" : "error";
  }
  switch (read.status) {
    case "created":
    case "pending":
      return opts.waitedTooLong ? "slow" : "pending";
    default:
      return read.status;
  }
}

/** How long until the next read: every `pollMs` while the order is open and the page still waits, else never. */
export function nextPollMs(screen: ResultScreen, pollMs: number): number | false {
  return screen === "pending" ? pollMs : false;
}

/** The screen's tone: what the icon and colours say at a glance. */
export function screenTone(screen: ResultScreen): "success" | "info" | "warning" | "danger" {
  switch (screen) {
    case "paid":
      return "success";
    case "failed":
    case "error":
      return "danger";
    case "expired":
    case "reversed":
    case "slow":
    case "not-found":
      return "warning";
    default:
      return "info";
  }
}
