/*
 * The discussion popup's state (seed 000 §3: visible, discussionId, courseId, discussions list). The
 * popup shows the course's list when discussionId is null and that thread otherwise. Zod-free: the
 * launcher that holds it is part of every course and element page (docs/decisions/0020-lean-client.md).
 */

/** One line of the list as the popup keeps it (ZDiscussionListItem's fields). */
export interface PopupDiscussion {
  discussionId: string;
  elementId: string;
  number: number;
  type: "lesson" | "test" | "webinar";
  title: string;
  started: boolean;
}

export interface DiscussionPopupState {
  visible: boolean;
  discussionId: string | null;
  courseId: string | null;
  /** The course's elements with an active discussion, once read. */
  discussions: PopupDiscussion[] | null;
}

export type PopupAction =
  /** The button (or a notification's link) opens the popup on a thread, or on the list without one. */
  | { type: "open"; courseId: string; discussionId: string | null }
  /** A line of the list chosen. */
  | { type: "thread"; discussionId: string }
  /** The back control: the list again. */
  | { type: "list" }
  | { type: "listed"; discussions: PopupDiscussion[] }
  | { type: "close" };

export const closedPopup: DiscussionPopupState = { visible: false, discussionId: null, courseId: null, discussions: null };

export function popupReducer(state: DiscussionPopupState, action: PopupAction): DiscussionPopupState {
  switch (action.type) {
    case "open":
      // Another course's list is not this one's.
      return {
        visible: true,
        courseId: action.courseId,
        discussionId: action.discussionId,
        discussions: action.courseId === state.courseId ? state.discussions : null,
      };
    case "thread":
      return { ...state, discussionId: action.discussionId };
    case "list":
      return { ...state, discussionId: null };
    case "listed":
      return { ...state, discussions: action.discussions };
    case "close":
      return { ...state, visible: false };
  }
}

/** What a notification's link asks for (`?discussion={id}`, docs/api/discussions.md): a discussion id, else null. */
export function linkedDiscussion(search: string): string | null {
  const id = new URLSearchParams(search).get("discussion");
  return id !== null && /^[A-Za-z0-9_-]{1,128}$/.test(id) ? id : null;
}

/** The address without `?discussion=` once it has been read (a reload does not reopen the popup). */
export function withoutDiscussionParam(search: string): string {
  const params = new URLSearchParams(search);
  params.delete("discussion");
  const rest = params.toString();
  return rest ? `?${rest}` : "";
}
