import { describe, expect, it } from "vitest";
import { donationHref } from "./donation-href";
import { ZActionBlock, ZAppPromoBlock, ZDonationsBlock, ZSubscribeBlock, ZSubscriptionRequest } from "./engagement";

describe("action block props", () => {
  it("has a button that either links or starts a scenario, never both", () => {
    const ok = (button: unknown) => ZActionBlock.safeParse({ id: "a", type: "action", props: { title: "Join", button } }).success;
    expect(ok({ label: "Courses", href: "/en/courses" })).toBe(true);
    expect(ok({ label: "Sign up", scenarioId: "sign-in" })).toBe(true);
    expect(ok({ label: "Both", href: "/en/courses", scenarioId: "sign-in" })).toBe(false);
    expect(ok({ label: "Neither" })).toBe(false);
    expect(ok({ label: "Bad", href: "javascript:alert(1)" })).toBe(false);
    expect(ok({ label: "Bad", scenarioId: "../x" })).toBe(false);
  });
});

describe("subscription request", () => {
  it("trims and lowercases the e-mail with the shared rule and defaults the topic", () => {
    expect(ZSubscriptionRequest.parse({ email: "  Ann@Example.COM ", lang: "en" })).toEqual({ email: "ann@example.com", lang: "en", topic: "news" });
  });

  it("refuses a bad e-mail with the shared message key", () => {
    const r = ZSubscriptionRequest.safeParse({ email: "ann@example", lang: "en" });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0].message).toBe("crud.validation.message.email");
    expect(ZSubscriptionRequest.safeParse({ email: "", lang: "en" }).error?.issues[0].message).toBe("crud.validation.message.required");
    expect(ZSubscriptionRequest.safeParse({ email: "a@b.co", lang: "english" }).success).toBe(false);
    expect(ZSubscriptionRequest.safeParse({ email: "a@b.co", lang: "en", topic: "a b" }).success).toBe(false);
  });

  it("subscribe block takes an optional topic", () => {
    expect(ZSubscribeBlock.safeParse({ id: "s", type: "subscribe", props: { title: "News", topic: "weekly-digest" } }).success).toBe(true);
  });
});

describe("donations", () => {
  const props = { title: "Support", url: "https://donate.example.org/give?campaign=spring", currency: "USD", presets: [5, 10, 25] };
  it("needs presets and a default preset among them", () => {
    expect(ZDonationsBlock.safeParse({ id: "d", type: "donations", props }).success).toBe(true);
    expect(ZDonationsBlock.safeParse({ id: "d", type: "donations", props: { ...props, defaultPreset: 3 } }).success).toBe(false);
    expect(ZDonationsBlock.safeParse({ id: "d", type: "donations", props: { ...props, presets: [] } }).success).toBe(false);
    expect(ZDonationsBlock.safeParse({ id: "d", type: "donations", props: { ...props, presets: [0] } }).success).toBe(false);
  });

  it("adds the amount and currency to the donation address, keeping its query", () => {
    expect(donationHref(props.url, 10, "USD")).toBe("https://donate.example.org/give?campaign=spring&amount=10&currency=USD");
    expect(donationHref("/en/donate#form", 25, "TRY", "sum")).toBe("/en/donate?sum=25&currency=TRY#form");
    expect(donationHref("https://donate.example.org/?amount=1", 5, "USD")).toBe("https://donate.example.org/?amount=5&currency=USD");
  });
});

describe("app promotion", () => {
  it("knows the stores and needs at least one", () => {
    const store = { store: "google-play", url: "https://play.google.com/store/apps/details?id=org.mentora" };
    expect(ZAppPromoBlock.safeParse({ id: "m", type: "app-promo", props: { title: "App", stores: [store] } }).success).toBe(true);
    expect(ZAppPromoBlock.safeParse({ id: "m", type: "app-promo", props: { title: "App", stores: [] } }).success).toBe(false);
    expect(ZAppPromoBlock.safeParse({ id: "m", type: "app-promo", props: { title: "App", stores: [{ ...store, store: "fdroid" }] } }).success).toBe(false);
  });
});
