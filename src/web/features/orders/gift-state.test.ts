import { describe, expect, it } from "vitest";
import { giftScreen, sameAddress } from "./gift-state";

const waiting = { email: "ayse@example.com", state: "waiting" } as const;

describe("the gift page", () => {
  it("asks a guest or an anonymous session to sign in with the gift's address", () => {
    expect(giftScreen(waiting, { signedIn: false, email: null })).toBe("sign-in");
    expect(giftScreen(waiting, { signedIn: false, email: "ayse@example.com" })).toBe("sign-in");
  });

  it("lets the account of that address claim it, whatever the case of the letters", () => {
    expect(giftScreen(waiting, { signedIn: true, email: "Ayse@Example.COM" })).toBe("claim");
  });

  it("tells another account that the gift is not for it", () => {
    expect(giftScreen(waiting, { signedIn: true, email: "mehmet@example.com" })).toBe("other-account");
    expect(giftScreen(waiting, { signedIn: true, email: null })).toBe("other-account");
  });

  it("says when it was already claimed or cancelled, to anyone", () => {
    for (const viewer of [
      { signedIn: false, email: null },
      { signedIn: true, email: "ayse@example.com" },
    ]) {
      expect(giftScreen({ ...waiting, state: "claimed" }, viewer)).toBe("claimed");
      expect(giftScreen({ ...waiting, state: "cancelled" }, viewer)).toBe("cancelled");
    }
  });

  it("never takes two missing addresses for the same one", () => {
    expect(sameAddress(null, null)).toBe(false);
    expect(sameAddress("", "")).toBe(false);
    expect(sameAddress(" a@b.co ", "A@B.CO")).toBe(true);
  });
});
