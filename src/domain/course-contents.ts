import type { TCourse } from "./course";
import type { TElement, TElementState, TElementType } from "./element";
import { elementPath } from "./element-path";

/*
 * The course page's loader data (docs/decisions/0075-lean-loader-data.md). Without zod: the browser
 * unpacks this on every course page (docs/decisions/0020-lean-client.md), so only types come from
 * course.ts and element.ts.
 */

/** An element as the course contents list it; its path is derived, never sent. */
export type TContentsElement = Pick<TElement, "id" | "type" | "title" | "number" | "duration" | "state" | "path">;

/**
 * One element of the contents as sent to the browser: what the list shows and nothing else, as a
 * tuple (an object's keys would be repeated in the stream for every element).
 */
export type TPackedElement = readonly [id: string, type: TElementType, number: number, duration: number, state: TElementState | null, title: string];

/** What the course page reads of a course: the header's facts, the action's, the marker and the packed contents. */
export type TCoursePage = Pick<
  TCourse,
  | "id"
  | "title"
  | "description"
  | "category"
  | "isCommercial"
  | "isBought"
  | "price"
  | "currency"
  | "requiresRegistration"
  | "duration"
  | "elementsCount"
  | "cover"
  | "button"
> & {
  openedElement: NonNullable<TCourse["openedElement"]> | null;
  elements: TPackedElement[];
};

/**
 * The course page's data from the service's course: the full element rows (courseId, cover, index,
 * discussion, progress record, path…) and the progress map repeat what the list's markup holds, and
 * grew the page's data by about 320 bytes per element.
 */
export function coursePageOf(course: TCourse): TCoursePage {
  return {
    id: course.id,
    title: course.title,
    description: course.description,
    category: course.category,
    isCommercial: course.isCommercial,
    isBought: course.isBought,
    price: course.price,
    currency: course.currency,
    requiresRegistration: course.requiresRegistration,
    duration: course.duration,
    elementsCount: course.elementsCount,
    cover: course.cover,
    button: course.button,
    openedElement: course.openedElement ?? null,
    elements: (course.elements ?? []).map((e) => [e.id, e.type, e.number, e.duration, e.state, e.title] as const),
  };
}

/** The contents' elements back as the list reads them, with the path the server would have sent. */
export function unpackElements(packed: readonly TPackedElement[], lang: string, courseId: string): TContentsElement[] {
  return packed.map(([id, type, number, duration, state, title]) => ({
    id,
    type,
    number,
    duration,
    state,
    title,
    path: elementPath(lang, courseId, type, id),
  }));
}
