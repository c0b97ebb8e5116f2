import { describe, expect, it } from "vitest";
import { continueHref, continueOf, orderResultPath, orderResultUrl, receiptPath } from "./order-paths";

describe("the purchase's return path", () => {
  it("takes the seed's /{type}/{elementId}/ from an element path", () => {
    expect(continueOf("/en/courses/confident-speaking/lesson/cs-first-minute")).toBe("/lesson/cs-first-minute/");
    expect(continueOf("/ar/courses/c/test/t1/")).toBe("/test/t1/");
    expect(continueOf("/en/courses/c/webinar/w%20x")).toBe("/webinar/w%20x/");
  });

  it("has no continue for anything but an element", () => {
    for (const path of [null, undefined, "", "/en/courses/c", "/en/", "/en/courses/c/page/x", "https://evil.example/en/courses/c/lesson/x"]) {
      expect(continueOf(path)).toBeNull();
    }
  });

  it("asks the provider to return to our own /{lang}/order-result/, with continue when known", () => {
    expect(orderResultUrl("http://localhost:3000", "ar", null)).toBe("http://localhost:3000/ar/order-result/");
    const url = new URL(orderResultUrl("https://learn.example", "en", "/lesson/cs-first-minute/"));
    expect(url.origin).toBe("https://learn.example");
    expect(url.pathname).toBe("/en/order-result/");
    expect(url.searchParams.get("continue")).toBe("/lesson/cs-first-minute/");
  });

  it("continues into the element of the bought course", () => {
    expect(continueHref("en", "confident-speaking", "/lesson/cs-first-minute/")).toBe("/en/courses/confident-speaking/lesson/cs-first-minute");
    expect(continueHref("ar", "c 1", "/webinar/w%201")).toBe("/ar/courses/c%201/webinar/w%201");
  });

  it("follows another same-site path the server kept", () => {
    expect(continueHref("en", "c", "/en/courses/c/test/t1")).toBe("/en/courses/c/test/t1");
  });

  it("falls back to the course page for a missing, foreign or malformed continue", () => {
    for (const bad of [null, undefined, "", "//evil.example/x", "https://evil.example/", "/\\evil.example", "/lesson/%E0%A4%A/", "javascript:alert(1)"]) {
      expect(continueHref("en", "confident-speaking", bad)).toBe("/en/courses/confident-speaking");
    }
  });

  it("builds the result and receipt addresses of an order", () => {
    expect(orderResultPath("tr", "ord_abc")).toBe("/tr/order-result/ord_abc/");
    expect(receiptPath("ru", "ord_abc")).toBe("/ru/profile/orders/ord_abc/");
  });
});
