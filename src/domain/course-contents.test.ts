import { describe, expect, it } from "vitest";
import type { TCourse } from "./course";
import { coursePageOf, unpackElements } from "./course-contents";
import { elementPath } from "./element-path";

const element = (id: string, type: "lesson" | "test" | "webinar", number: number, state: "opened" | "done" | null) => ({
  id,
  courseId: "c 1",
  type,
  title: `Title of ${id}`,
  duration: number * 5,
  cover: "/cover.png",
  number,
  index: number - 1,
  visible: true,
  pattern: null,
  discussion: { id: null, active: false },
  state,
  path: elementPath("ar", "c 1", type, id),
  progress: state ? { started: "2026-01-01T00:00:00.000Z", finished: null, percent: 0 } : null,
});

const course = {
  id: "c 1",
  title: "Course",
  description: "About it",
  category: { id: "cat", title: "Category" },
  isCommercial: true,
  isBought: false,
  price: 490,
  currency: "UAH",
  requiresRegistration: true,
  duration: 60,
  elementsCount: 3,
  cover: null,
  button: { buttonText: "", buttonTextBuy: "", isBought: false, alignContent: "left" },
  openedElement: { id: "e/2", type: "test", index: 1, number: 2, name: "continue" },
  elements: [element("e1", "lesson", 1, "done"), element("e/2", "test", 2, "opened"), element("e3", "webinar", 3, null)],
  progress: { e1: { state: "done", started: null } },
  preview: false,
} as unknown as TCourse;

describe("the course page's packed contents", () => {
  it("keep only what the list shows, and unpack to the rows the service gave, paths included", () => {
    const packed = coursePageOf(course);
    expect(packed.elements).toEqual([
      ["e1", "lesson", 1, 5, "done", "Title of e1"],
      ["e/2", "test", 2, 10, "opened", "Title of e/2"],
      ["e3", "webinar", 3, 15, null, "Title of e3"],
    ]);
    expect(packed).not.toHaveProperty("progress");
    expect(packed.openedElement).toEqual(course.openedElement);
    const rows = unpackElements(packed.elements, "ar", packed.id);
    expect(rows).toEqual(course.elements!.map(({ id, type, title, number, duration, state, path }) => ({ id, type, title, number, duration, state, path })));
  });

  it("give a course without elements or marker an empty list and no marker", () => {
    const packed = coursePageOf({ ...course, elements: undefined, openedElement: undefined });
    expect(packed.elements).toEqual([]);
    expect(packed.openedElement).toBeNull();
  });
});
