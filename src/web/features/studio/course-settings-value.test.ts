import { describe, expect, it } from "vitest";
import { type TStudioCourse, ZCoursePatch, ZElementSettings } from "../../../domain/studio";
import { clearedFields, serverIssuesOf, settingsOf, settingsPatch } from "./course-settings-value";

const course: TStudioCourse = {
  id: "c1",
  title: { en: "Reading", tr: "Okuma" },
  description: { en: "About reading" },
  category: { id: "", title: {} },
  pricing: { type: "free" },
  arbitraryWalkthrough: false,
  published: false,
  hidden: false,
  buttonText: {},
  buttonTextBuy: {},
  cover: null,
  covers: {},
  certificate: { enabled: false, validityMonths: null },
  gift: null,
  award: null,
  previewLink: false,
  elementsCount: 0,
  dateCreated: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
};

describe("the course settings form's value and patch", () => {
  it("leaves out a category the course does not have, and keeps one it has", () => {
    expect(settingsOf(course)).not.toHaveProperty("category");
    expect(settingsOf({ ...course, category: { id: "none", title: {} } })).not.toHaveProperty("category");
    expect(settingsOf({ ...course, category: { id: "lang", title: { en: "Languages" } } }).category).toEqual({ id: "lang", title: { en: "Languages" } });
  });

  it("is empty when nothing changed", () => {
    expect(settingsPatch(settingsOf(course), settingsOf(course))).toEqual({});
  });

  it("names only the changed fields, and of a text only the changed languages (an emptied one as empty)", () => {
    const saved = settingsOf(course);
    const edited = {
      ...saved,
      title: { en: "Reading", tr: "Okuma kursu", ar: "القراءة" },
      description: {},
      pricing: { type: "paid", price: 19.99, currency: "USD" },
      published: true,
    };
    expect(settingsPatch(saved, edited)).toEqual({
      title: { tr: "Okuma kursu", ar: "القراءة" },
      description: { en: "" },
      pricing: { type: "paid", price: 19.99, currency: "USD" },
      published: true,
    });
  });

  it("sends a category whole (it replaces the course's)", () => {
    const saved = settingsOf(course);
    expect(settingsPatch(saved, { ...saved, category: { id: "lang", title: { en: "Languages" } } })).toEqual({
      category: { id: "lang", title: { en: "Languages" } },
    });
  });

  it("places the server's validation errors at the paths they name", () => {
    expect(
      serverIssuesOf([
        { path: "title.en", message: "Too short" },
        { path: "category.title.0", message: "x" },
      ]),
    ).toEqual([
      { path: ["title", "en"], issue: { key: "custom", params: {} } },
      { path: ["category", "title", 0], issue: { key: "custom", params: {} } },
    ]);
    expect(serverIssuesOf(undefined)).toEqual([]);
  });
});

describe("cleared fields", () => {
  it("sends null for a removed field the schema clears with null, and nothing for one it cannot", () => {
    const saved = { title: { en: "T" }, cover: "/c.png", duration: 5 };
    expect(clearedFields(ZElementSettings, saved, { title: { en: "T" }, duration: 5 })).toEqual({ cover: null });
    expect(clearedFields(ZElementSettings, saved, { title: { en: "T" }, cover: "/c.png" })).toEqual({});
    expect(clearedFields(ZElementSettings, saved, saved)).toEqual({});
  });

  it("takes a course's cover into its settings only when it has one, and sends its removal as null", () => {
    expect(settingsOf(course)).not.toHaveProperty("cover");
    const covered = settingsOf({ ...course, cover: "/media/a.png" });
    expect(covered.cover).toBe("/media/a.png");
    const { cover: _removed, ...edited } = covered;
    expect(clearedFields(ZCoursePatch, covered, edited)).toEqual({ cover: null });
    expect(settingsPatch(covered, { ...covered, cover: "/media/b.png" })).toEqual({ cover: "/media/b.png" });
  });
  it("sends a language's cover that changed, and one the author cleared as null (not as an empty text)", () => {
    const covered = settingsOf({ ...course, covers: { ar: "/media/ar.png", ru: "/media/ru.png" } });
    expect(covered.covers).toEqual({ ar: "/media/ar.png", ru: "/media/ru.png" });
    const edited = { ...covered, covers: { ar: "/media/ar2.png", en: "/media/en.png" } };
    expect(settingsPatch(covered, edited, ZCoursePatch)).toEqual({ covers: { ar: "/media/ar2.png", en: "/media/en.png", ru: null } });
    expect(ZCoursePatch.safeParse(settingsPatch(covered, edited, ZCoursePatch)).success).toBe(true);
    // A text map still sends an emptied language as "".
    expect(settingsPatch(covered, { ...covered, description: {} }, ZCoursePatch)).toEqual({ description: { en: "" } });
    expect(settingsPatch(covered, covered, ZCoursePatch)).toEqual({});
  });
});
