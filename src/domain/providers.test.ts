import { describe, expect, it } from "vitest";
import { hasProviderButtons, NO_PROVIDERS, providerButtons, providerButtonShape, type TProviders } from "./providers";

const all: TProviders = {
  google: true,
  facebook: true,
  oneTap: true,
  googleClientId: "id",
  telegram: true,
  messengers: ["whatsapp", "telegram", "viber", "facebookmessenger"],
};

describe("providerButtons", () => {
  it("lists Google, Facebook, then the messengers, each with quick_link and lang", () => {
    const buttons = providerButtons(all, { returnTo: "/ar/courses?x=1&y=2", lang: "ar" });
    expect(buttons.map((b) => b.id)).toEqual(["google", "facebook", "whatsapp", "telegram", "viber", "facebookmessenger"]);
    expect(buttons[0].href).toBe("/auth/google?quick_link=%2Far%2Fcourses%3Fx%3D1%26y%3D2&lang=ar");
    expect(buttons[3].href).toBe("/connect/telegram?quick_link=%2Far%2Fcourses%3Fx%3D1%26y%3D2&lang=ar");
  });

  it("lists only the messengers for the messenger popups, and nothing when nothing is on", () => {
    expect(providerButtons(all, { returnTo: "/", lang: "en", messengersOnly: true }).map((b) => b.id)).toEqual([
      "whatsapp",
      "telegram",
      "viber",
      "facebookmessenger",
    ]);
    expect(providerButtons(NO_PROVIDERS, { returnTo: "/", lang: "en" })).toEqual([]);
    expect(hasProviderButtons(NO_PROVIDERS)).toBe(false);
    expect(hasProviderButtons({ ...NO_PROVIDERS, messengers: ["viber"] })).toBe(true);
  });

  it("draws squares up to two buttons and circles above (seed 001 §9)", () => {
    expect(providerButtonShape(1)).toBe("square");
    expect(providerButtonShape(2)).toBe("square");
    expect(providerButtonShape(3)).toBe("circle");
  });
});
