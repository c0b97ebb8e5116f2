import { describe, expect, it } from "vitest";
import { ZPartnersBlock, ZPersonBlock, ZReviewsBlock, ZStatisticsBlock } from "./people";
import { averageRating } from "./review-rating";

describe("people blocks props", () => {
  it("person: a name is enough; a photo needs a safe src", () => {
    expect(ZPersonBlock.safeParse({ id: "p", type: "person", props: { name: "Ayşe" } }).success).toBe(true);
    expect(ZPersonBlock.safeParse({ id: "p", type: "person", props: { name: "" } }).success).toBe(false);
    expect(ZPersonBlock.safeParse({ id: "p", type: "person", props: { name: "A", photo: { src: "javascript:x", alt: "A" } } }).success).toBe(false);
  });

  it("reviews: ratings 1 to 5 and a real date", () => {
    const review = { author: "Elif", text: "Clear lessons.", rating: 5, date: "2026-03-02" };
    expect(ZReviewsBlock.safeParse({ id: "r", type: "reviews", props: { items: [review] } }).success).toBe(true);
    for (const bad of [{ rating: 0 }, { rating: 6 }, { rating: 4.5 }, { date: "yesterday" }, { text: "" }]) {
      expect(ZReviewsBlock.safeParse({ id: "r", type: "reviews", props: { items: [{ ...review, ...bad }] } }).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it("statistics and partners need items", () => {
    expect(ZStatisticsBlock.safeParse({ id: "s", type: "statistics", props: { items: [{ value: 12000, label: "learners", suffix: "+" }] } }).success).toBe(
      true,
    );
    expect(ZStatisticsBlock.safeParse({ id: "s", type: "statistics", props: { items: [] } }).success).toBe(false);
    const partner = { name: "Open Library", logo: "/demo/l.svg", url: "https://openlibrary.org" };
    expect(ZPartnersBlock.safeParse({ id: "p", type: "partners", props: { items: [partner] } }).success).toBe(true);
    expect(ZPartnersBlock.safeParse({ id: "p", type: "partners", props: { items: [{ ...partner, url: "javascript:alert(1)" }] } }).success).toBe(false);
  });
});

describe("averageRating", () => {
  it("is the mean with one decimal, or null", () => {
    expect(averageRating([{ rating: 5 }, { rating: 4 }, { rating: 4 }])).toBe(4.3);
    expect(averageRating([])).toBeNull();
  });
});
