import { describe, expect, it } from "vitest";
import { discussionHref, discussionsHref, joinQueuePages, parseDiscussionTab, parseReportStatus, queueTopics, waitingCountText } from "./discussion-rules";

const item = (id: string, note = "") => ({ cursor: id, note, post: { id } });

describe("the mentors' discussion screens' rules", () => {
  it("reads the tab and the report filter of the address, anything unknown as the default", () => {
    expect(parseDiscussionTab("reports")).toBe("reports");
    expect(parseDiscussionTab("waiting")).toBe("waiting");
    for (const odd of [null, "", "REPORTS", "reports ", "all"]) expect(parseDiscussionTab(odd)).toBe("waiting");
    expect(parseReportStatus("resolved")).toBe("resolved");
    expect(parseReportStatus("all")).toBe("all");
    for (const odd of [null, "", "closed", "Open"]) expect(parseReportStatus(odd)).toBe("open");
  });

  it("writes each tab's address so that reading it back gives the same tab and filter", () => {
    expect(discussionsHref("ar", "waiting")).toBe("/ar/mentor/discussions/");
    expect(discussionsHref("en", "reports")).toBe("/en/mentor/discussions/?tab=reports");
    for (const status of ["open", "resolved", "all"] as const) {
      const url = new URL(discussionsHref("tr", "reports", status), "http://x");
      expect(parseDiscussionTab(url.searchParams.get("tab"))).toBe("reports");
      expect(parseReportStatus(url.searchParams.get("status"))).toBe(status);
    }
  });

  it("counts the waiting posts of the first page, with a plus when there are more, and nothing when none wait", () => {
    expect(waitingCountText(0, false)).toBeNull();
    expect(waitingCountText(0, true)).toBeNull();
    expect(waitingCountText(3, false)).toBe("3");
    expect(waitingCountText(20, true)).toBe("20+");
  });

  it("joins the queue's pages in order, each post once where it was first seen", () => {
    const joined = joinQueuePages([{ items: [item("a"), item("b")] }, { items: [item("b", "moved"), item("c")] }]);
    expect(joined.map((i) => i.post.id)).toEqual(["a", "b", "c"]);
    expect(joined[1]!.note).toBe("");
    expect(joinQueuePages([])).toEqual([]);
  });

  it("listens to a few distinct discussion topics at most", () => {
    expect(queueTopics(["d1", "d2", "d1", "d3"], 2)).toEqual(["discussion:d1", "discussion:d2"]);
    expect(queueTopics([], 8)).toEqual([]);
  });

  it("links to the element page with the discussion to open, its id encoded", () => {
    expect(discussionHref({ id: "disc-rf slow", path: "/ar/courses/c/webinar/w" })).toBe("/ar/courses/c/webinar/w?discussion=disc-rf%20slow");
  });
});
