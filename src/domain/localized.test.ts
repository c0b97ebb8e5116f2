import { describe, expect, it } from "vitest";
import { localizedCover } from "./localized";

describe("localizedCover (decision 0062)", () => {
  const covers = { ar: "/media/ar.png", ru: "" };

  it("gives the language's own cover when it has one", () => {
    expect(localizedCover("/media/default.png", covers, "ar")).toBe("/media/ar.png");
    expect(localizedCover(null, covers, "ar")).toBe("/media/ar.png");
  });

  it("gives the default cover to a language without one, never another language's", () => {
    expect(localizedCover("/media/default.png", covers, "en")).toBe("/media/default.png");
    expect(localizedCover(null, covers, "en")).toBeNull();
    expect(localizedCover("/media/default.png", {}, "ar")).toBe("/media/default.png");
    expect(localizedCover("/media/default.png", undefined, "ar")).toBe("/media/default.png");
  });

  it("counts an empty override as none", () => {
    expect(localizedCover("/media/default.png", covers, "ru")).toBe("/media/default.png");
    expect(localizedCover(null, covers, "ru")).toBeNull();
  });
});
