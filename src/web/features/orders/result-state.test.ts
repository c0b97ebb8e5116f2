import { describe, expect, it } from "vitest";
import { ORDER_STATUSES } from "../../../domain/order";
import { nextPollMs, resultScreen, screenTone } from "./result-state";

const signedIn = { signedIn: true, waitedTooLong: false };

describe("the order-result screen", () => {
  it("asks a guest or an anonymous session to sign in, whatever is known of the order", () => {
    for (const read of [{ kind: "loading" } as const, { kind: "order", status: "paid" } as const, { kind: "failed", httpStatus: 404 } as const]) {
      expect(resultScreen(read, { signedIn: false, waitedTooLong: false })).toBe("sign-in");
    }
  });

  it("shows each settled status as its own screen", () => {
    for (const status of ["paid", "failed", "expired", "reversed"] as const) expect(resultScreen({ kind: "order", status }, signedIn)).toBe(status);
  });

  it("keeps an open order pending until the waiting time is over, then says it is slow", () => {
    for (const status of ["created", "pending"] as const) {
      expect(resultScreen({ kind: "order", status }, signedIn)).toBe("pending");
      expect(resultScreen({ kind: "order", status }, { signedIn: true, waitedTooLong: true })).toBe("slow");
    }
  });

  it("treats another account's order like a missing one, and a lost session like a guest", () => {
    expect(resultScreen({ kind: "failed", httpStatus: 404 }, signedIn)).toBe("not-found");
    expect(resultScreen({ kind: "failed", httpStatus: 403 }, signedIn)).toBe("not-found");
    expect(resultScreen({ kind: "failed", httpStatus: 400 }, signedIn)).toBe("not-found");
    expect(resultScreen({ kind: "failed", httpStatus: 401 }, signedIn)).toBe("sign-in");
  });

  it("offers a retry for other failures (offline, server errors)", () => {
    expect(resultScreen({ kind: "failed", httpStatus: 0 }, signedIn)).toBe("error");
    expect(resultScreen({ kind: "failed", httpStatus: 500 }, signedIn)).toBe("error");
  });

  it("polls only while the order is pending on screen", () => {
    expect(nextPollMs("pending", 2000)).toBe(2000);
    for (const screen of ["loading", "sign-in", "not-found", "error", "paid", "slow", "failed", "expired", "reversed"] as const) {
      expect(nextPollMs(screen, 2000)).toBe(false);
    }
  });

  it("gives every status a tone, success only to paid", () => {
    for (const status of ORDER_STATUSES) {
      const tone = screenTone(resultScreen({ kind: "order", status }, signedIn));
      expect(tone === "success").toBe(status === "paid");
    }
    expect(screenTone("failed")).toBe("danger");
  });
});
