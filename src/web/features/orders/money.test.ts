import { describe, expect, it } from "vitest";
import { formatMoney, formatOrderDate } from "./money";

describe("order amounts", () => {
  it("shows a whole amount as the course price shows it", () => {
    expect(formatMoney(490, "UAH", "en")).toMatch(/^₴\s490$/);
    expect(formatMoney(490, "UAH", "ru")).toMatch(/^490\s₴$/);
  });

  it("keeps both decimals of a discounted amount", () => {
    expect(formatMoney(441.5, "UAH", "en")).toMatch(/^₴\s441\.50$/);
    expect(formatMoney(441.5, "USD", "tr")).toBe("$441,50");
    expect(formatMoney(0.05, "RUB", "ru")).toMatch(/^0,05\s₽$/);
  });

  it("writes Arabic amounts with the seed's symbol", () => {
    expect(formatMoney(441.5, "UAH", "ar")).toMatch(/441\.50\s₴$/);
  });

  it("shows a date in the page language in UTC, saying so, and an unreadable one as it came", () => {
    expect(formatOrderDate("2025-03-04T23:30:00.000Z", "en", false)).toBe("Mar 4, 2025");
    expect(formatOrderDate("2025-03-04T23:30:00.000Z", "en")).toMatch(/^Mar 4, 2025, 11:30\sPM UTC$/);
    expect(formatOrderDate("2025-03-04T23:30:00.000Z", "ru")).toContain("2025");
    expect(formatOrderDate("not a date", "en")).toBe("not a date");
  });
});
