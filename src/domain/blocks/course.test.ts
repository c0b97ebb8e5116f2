import { describe, expect, it } from "vitest";
import { ZBlock } from "../page";
import { ZCourseBlock, ZCoursesPopupBlock } from "./course";
import { categoryLabel, courseHref, formatDuration, formatPrice, toCourseCardProps } from "./course-format";

const card = { id: "reading-foundations", title: "Foundations of Reading", duration: 90, elementsCount: 6, price: 0 };

describe("course block props", () => {
  it("accepts a card and refuses a price without currency or an id with a slash", () => {
    expect(ZCourseBlock.safeParse({ id: "b", type: "course", props: card }).success).toBe(true);
    expect(ZCourseBlock.safeParse({ id: "b", type: "course", props: { ...card, price: 49 } }).success).toBe(false);
    expect(ZCourseBlock.safeParse({ id: "b", type: "course", props: { ...card, price: 49, currency: "USD" } }).success).toBe(true);
    expect(ZCourseBlock.safeParse({ id: "b", type: "course", props: { ...card, id: "../admin" } }).success).toBe(false);
    expect(ZCourseBlock.safeParse({ id: "b", type: "course", props: { ...card, currency: "usd", price: 1 } }).success).toBe(false);
  });

  it("is part of the page block union, as is the courses popup", () => {
    expect(ZBlock.safeParse({ id: "b", type: "course", props: card }).success).toBe(true);
    const popup = { id: "p", type: "courses-popup", props: { title: "All courses", openLabel: "Browse", courses: [card] } };
    expect(ZCoursesPopupBlock.safeParse(popup).success).toBe(true);
    expect(ZBlock.safeParse(popup).success).toBe(true);
    expect(ZBlock.safeParse({ ...popup, props: { ...popup.props, courses: [] } }).success).toBe(false);
  });
});

describe("course card formatting", () => {
  it("uses the seed's symbols for UAH, USD and RUB, placed the page language's way", () => {
    expect(formatPrice(49, "USD", "en")).toBe("$49");
    expect(formatPrice(49, "USD", "ar")).toContain("$");
    expect(formatPrice(49, "USD", "ar")).not.toContain("US$");
    expect(formatPrice(499, "UAH", "ru").replace(/\s/g, " ")).toBe("499 ₴");
    expect(formatPrice(1490.5, "RUB", "ru").replace(/\s/g, " ")).toBe("1 490,5 ₽");
    expect(formatPrice(12.5, "EUR", "en")).toBe("€12.5");
  });

  it("writes durations in minutes and hours", () => {
    expect(formatDuration(45, "en")).toBe("45 min");
    expect(formatDuration(60, "en")).toBe("1 hr");
    expect(formatDuration(90, "en")).toBe("1 hr 30 min");
    expect(formatDuration(90, "ru")).toMatch(/^1 ч\.? 30 мин\.?$/);
  });

  it("hides the category whose id is none", () => {
    expect(categoryLabel({ id: "none", title: "Whatever" })).toBeNull();
    expect(categoryLabel(undefined)).toBeNull();
    expect(categoryLabel({ id: "lang", title: "Languages" })).toBe("Languages");
  });

  it("links to /{lang}/courses/{id}", () => {
    expect(courseHref("ar", "reading-foundations")).toBe("/ar/courses/reading-foundations");
  });
});

describe("toCourseCardProps", () => {
  it("turns a course card of the courses API into valid block props", () => {
    const props = toCourseCardProps({
      id: "c1",
      title: "Foundations of Reading",
      description: "",
      pageAlias: null,
      type: "paid",
      isCommercial: true,
      duration: 90,
      elementsCount: 6,
      price: 49,
      currency: "USD",
      currencySymbol: "$",
      cover: "/demo/blocks/course-reading.svg",
      arbitraryWalkthrough: false,
      category: { id: "none", title: "" },
      dateCreated: "2026-01-01T00:00:00.000Z",
      requiresRegistration: false,
      hidden: false,
      published: true,
    });
    expect(props).toMatchObject({ id: "c1", price: 49, currency: "USD", cover: { src: "/demo/blocks/course-reading.svg", alt: "" } });
    expect(props.description).toBeUndefined();
    expect(ZCourseBlock.safeParse({ id: "b", type: "course", props }).success).toBe(true);
  });
});
