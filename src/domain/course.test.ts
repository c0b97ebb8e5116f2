import { describe, expect, it } from "vitest";
import {
  courseAction,
  currencySymbol,
  ensureReviewsArray,
  hasCategoryLabel,
  isBought,
  isCommercial,
  openedElementPath,
  ZCourseListQuery,
  ZElementListQuery,
  ZReviewListQuery,
} from "./course";
import { COURSE_MESSAGES, courseButton } from "./course-rules";
import { localized } from "./localized";
import { elementPath } from "./element-path";
import { AppError } from "./errors";

describe("course rules", () => {
  it("paid means commercial", () => {
    expect(isCommercial("paid")).toBe(true);
    expect(isCommercial("free")).toBe(false);
  });

  it("the bought flag is true when orders.courses contains the course", () => {
    expect(isBought(["c-1", "c-2"], "c-2")).toBe(true);
    expect(isBought(["c-1"], "c-2")).toBe(false);
    expect(isBought([], "c-2")).toBe(false);
  });

  it("the course action is buy-course only for a commercial course not yet bought", () => {
    expect(courseButton({ isCommercial: true, isBought: false })).toBe("buy-course");
    expect(courseButton({ isCommercial: true, isBought: true })).toBe("start-free-lesson");
    expect(courseButton({ isCommercial: false, isBought: false })).toBe("start-free-lesson");
    expect(courseAction("paid", false)).toBe("buy-course");
    expect(courseAction("paid", true)).toBe("start-free-lesson");
    expect(courseAction("free", false)).toBe("start-free-lesson");
  });

  it.each([
    ["UAH", "₴"],
    ["USD", "$"],
    ["RUB", "₽"],
    ["usd", "$"],
    ["EUR", "EUR"],
    [null, ""],
  ])("currency %s has the symbol %s", (code, symbol) => {
    expect(currencySymbol(code)).toBe(symbol);
  });

  it("category id none means no label", () => {
    expect(hasCategoryLabel({ id: "none" })).toBe(false);
    expect(hasCategoryLabel({ id: "languages" })).toBe(true);
  });

  it("picks the requested language, then the primary, then any", () => {
    expect(localized({ tr: "Merhaba", en: "Hello" }, "en", "tr")).toBe("Hello");
    expect(localized({ tr: "Merhaba", en: "Hello" }, "ar", "tr")).toBe("Merhaba");
    expect(localized({ ru: "Привет" }, "ar", "tr")).toBe("Привет");
    expect(localized({}, "en", "tr")).toBe("");
  });

  it("builds element web paths", () => {
    expect(elementPath("ar", "course-1", "webinar", "el 2")).toBe("/ar/courses/course-1/webinar/el%202");
    expect(openedElementPath("tr", "c", { type: "test", id: "t1" })).toBe("/tr/courses/c/test/t1");
  });

  it("reviews must be an array, else the seed's error", () => {
    expect(ensureReviewsArray([])).toEqual([]);
    for (const bad of [null, {}, "x"]) {
      try {
        ensureReviewsArray(bad);
        throw new Error("should have thrown");
      } catch (e) {
        expect(e).toBeInstanceOf(AppError);
        expect((e as AppError).code).toBe("REVIEWS_NOT_RECEIVED");
        expect((e as AppError).message).toBe(COURSE_MESSAGES.reviewsNotReceived);
      }
    }
  });
});

describe("query schemas (seed 000 §7 defaults and limits)", () => {
  it("course lists default to published, my groups, cached, 100, except hidden", () => {
    expect(ZCourseListQuery.parse({ lang: "tr" })).toEqual({ lang: "tr", published: true, onlyMyGroups: true, cache: true, limit: 100, exceptHidden: true });
    expect(ZCourseListQuery.parse({ lang: "en", rel: "all", published: "false", limit: "5" })).toMatchObject({ rel: "all", published: false, limit: 5 });
  });

  it.each([{ lang: "en", limit: "101" }, { lang: "en", limit: "0" }, { lang: "en", published: "yes" }, { lang: "en", rel: "some" }, {}, { lang: "../x" }])(
    "refuses %o",
    (q) => {
      expect(ZCourseListQuery.safeParse(q).success).toBe(false);
    },
  );

  it("elements are limited to 100 and reviews to 20", () => {
    expect(ZElementListQuery.parse({ lang: "en" }).limit).toBe(100);
    expect(ZElementListQuery.safeParse({ lang: "en", limit: "101" }).success).toBe(false);
    expect(ZReviewListQuery.parse({}).limit).toBe(20);
    expect(ZReviewListQuery.safeParse({ limit: "21" }).success).toBe(false);
  });
});
