import { describe, expect, it } from "vitest";
import { ORDER_ID_PATTERN } from "../../../../domain/order";
import { newOrderId } from "./ids";
import { parseResultUrl } from "./result-url";

const ORIGIN = "https://learn.example.org";
const LANGS = ["tr", "en", "ar", "ru"];

describe("the order's return address", () => {
  it("takes /{lang}/order-result/ on our origin, as a path or absolute, and appends the id and a same-site continue", () => {
    const a = parseResultUrl("/ar/order-result/?continue=/lesson/x-1/&utm=1#top", ORIGIN, LANGS)!;
    expect(a).toMatchObject({ lang: "ar", continuePath: "/lesson/x-1/" });
    expect(a.returnPath("ord_x")).toBe("/ar/order-result/ord_x/?continue=%2Flesson%2Fx-1%2F");
    const b = parseResultUrl("https://learn.example.org/en/order-result", ORIGIN, LANGS)!;
    expect(b.returnPath("ord_y")).toBe("/en/order-result/ord_y/");
    for (const unsafe of ["//evil.example/", "https://evil.example/", "/\\evil", "javascript:alert(1)", ""]) {
      expect(parseResultUrl(`/en/order-result/?continue=${encodeURIComponent(unsafe)}`, ORIGIN, LANGS)!.continuePath, unsafe).toBeNull();
    }
  });

  it("refuses other origins, other paths, other languages and credentials", () => {
    for (const url of [
      "https://evil.example/en/order-result/",
      "http://learn.example.org/en/order-result/",
      "https://learn.example.org.evil.example/en/order-result/",
      "https://u:p@learn.example.org/en/order-result/",
      "//learn.example.org/en/order-result/",
      "/de/order-result/",
      "/en/order-result/ord_x/",
      "/en/",
      "en/order-result/",
      "not a url",
    ]) {
      expect(parseResultUrl(url, ORIGIN, LANGS), url).toBeNull();
    }
  });
});

describe("order ids", () => {
  it("are ord_ + 26 base32 characters, never repeating", () => {
    const ids = Array.from({ length: 2000 }, newOrderId);
    for (const id of ids) expect(id).toMatch(ORDER_ID_PATTERN);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
