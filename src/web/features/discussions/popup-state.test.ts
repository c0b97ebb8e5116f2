import { describe, expect, it } from "vitest";
import { closedPopup, linkedDiscussion, popupReducer, withoutDiscussionParam, type PopupDiscussion } from "./popup-state";

const line: PopupDiscussion = { discussionId: "disc-a", elementId: "a", number: 1, type: "lesson", title: "A", started: false };

describe("the discussion popup's state (seed 000 §3)", () => {
  it("opens on a thread, goes back to the list and to another thread, and closes keeping its place", () => {
    let s = popupReducer(closedPopup, { type: "open", courseId: "c1", discussionId: "disc-a" });
    expect(s).toEqual({ visible: true, courseId: "c1", discussionId: "disc-a", discussions: null });
    s = popupReducer(s, { type: "list" });
    s = popupReducer(s, { type: "listed", discussions: [line] });
    expect(s).toMatchObject({ discussionId: null, discussions: [line] });
    s = popupReducer(s, { type: "thread", discussionId: "disc-b" });
    s = popupReducer(s, { type: "close" });
    expect(s).toEqual({ visible: false, courseId: "c1", discussionId: "disc-b", discussions: [line] });
  });

  it("keeps the list of the same course and forgets another course's", () => {
    const listed = popupReducer(popupReducer(closedPopup, { type: "open", courseId: "c1", discussionId: null }), { type: "listed", discussions: [line] });
    expect(popupReducer(listed, { type: "open", courseId: "c1", discussionId: "disc-a" }).discussions).toEqual([line]);
    expect(popupReducer(listed, { type: "open", courseId: "c2", discussionId: null }).discussions).toBeNull();
  });
});

describe("a notification's link", () => {
  it("names a discussion id, and nothing that is not one", () => {
    expect(linkedDiscussion("?discussion=disc-rf-slow-reading")).toBe("disc-rf-slow-reading");
    expect(linkedDiscussion("?x=1")).toBeNull();
    expect(linkedDiscussion("?discussion=")).toBeNull();
    expect(linkedDiscussion("?discussion=%3Cscript%3E")).toBeNull();
    expect(linkedDiscussion(`?discussion=${"a".repeat(129)}`)).toBeNull();
  });

  it("is removed from the address once read, keeping the rest", () => {
    expect(withoutDiscussionParam("?discussion=disc-a")).toBe("");
    expect(withoutDiscussionParam("?a=1&discussion=disc-a&b=2")).toBe("?a=1&b=2");
  });
});
