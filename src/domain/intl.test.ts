import { describe, expect, it } from "vitest";
import { dateTimeFormat, displayNames, numberFormat, relativeTimeFormat } from "./intl";

describe("cached Intl formatters", () => {
  it("hand out one formatter per language and options, formatting as a new one would", () => {
    const a = numberFormat("tr", { maximumFractionDigits: 1 });
    expect(numberFormat("tr", { maximumFractionDigits: 1 })).toBe(a);
    expect(numberFormat("tr", { maximumFractionDigits: 2 })).not.toBe(a);
    expect(numberFormat("en", { maximumFractionDigits: 1 })).not.toBe(a);
    expect(a.format(1234.56)).toBe(new Intl.NumberFormat("tr", { maximumFractionDigits: 1 }).format(1234.56));

    const date = new Date("2026-01-05T10:30:00Z");
    const options = { month: "short", day: "numeric", timeZone: "UTC" } as const;
    expect(dateTimeFormat("ru", options)).toBe(dateTimeFormat("ru", { ...options }));
    expect(dateTimeFormat("ru", options).format(date)).toBe(new Intl.DateTimeFormat("ru", options).format(date));
    expect(relativeTimeFormat("ar", { numeric: "auto" }).format(1, "day")).toBe(new Intl.RelativeTimeFormat("ar", { numeric: "auto" }).format(1, "day"));
    expect(displayNames("tr", { type: "language" }).of("tr")).toBe(new Intl.DisplayNames(["tr"], { type: "language" }).of("tr"));
  });

  it("throw for a bad language tag or time zone as the constructors do, caching nothing", () => {
    expect(() => numberFormat("not a tag")).toThrow(RangeError);
    expect(() => dateTimeFormat("en", { timeZone: "Mars/Olympus" })).toThrow(RangeError);
    expect(() => dateTimeFormat("en", { timeZone: "Mars/Olympus" })).toThrow(RangeError);
  });
});
