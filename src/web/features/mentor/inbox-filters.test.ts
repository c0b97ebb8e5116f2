import { describe, expect, it } from "vitest";
import { MENTOR_ROLES } from "../../../domain/chat";
import { ROLES } from "../../../domain/user";
import { inboxFilters, joinInboxPages, parseInboxFilter } from "./inbox-filters";
import { INBOX_MENTOR_ROLES, isLeaderViewer, isMentorViewer, LEADER_ROLES } from "./mentor-roles";

describe("who sees the inbox", () => {
  it("knows the contract's mentor roles, and only roles that exist", () => {
    expect([...INBOX_MENTOR_ROLES]).toEqual([...MENTOR_ROLES]);
    for (const role of LEADER_ROLES) expect(ROLES).toContain(role);
  });

  it("lets the mentor roles in, and leaders and admins as leaders", () => {
    expect(isMentorViewer(["disciple", "mentor"])).toBe(true);
    expect(isMentorViewer(["mp-leader"])).toBe(true);
    expect(isMentorViewer(["mp-admin"])).toBe(true);
    expect(isMentorViewer(["admin"])).toBe(true);
    expect(isMentorViewer(["disciple"])).toBe(false);
    expect(isMentorViewer([])).toBe(false);
    expect(isLeaderViewer(["disciple", "mentor"])).toBe(false);
    expect(isLeaderViewer(["mp-leader"])).toBe(true);
    expect(isLeaderViewer(["mp-admin"])).toBe(true);
    expect(isLeaderViewer(["admin"])).toBe(true);
  });
});

describe("the inbox filters", () => {
  it("offers all chats to leaders only", () => {
    expect(inboxFilters(false)).toEqual(["waiting", "mine"]);
    expect(inboxFilters(true)).toEqual(["waiting", "mine", "all"]);
  });

  it("reads the address's filter, falling back to waiting", () => {
    expect(parseInboxFilter("mine", false)).toBe("mine");
    expect(parseInboxFilter("all", true)).toBe("all");
    expect(parseInboxFilter("all", false)).toBe("waiting");
    expect(parseInboxFilter(null, true)).toBe("waiting");
    expect(parseInboxFilter("<script>", true)).toBe("waiting");
  });

  it("joins loaded pages keeping each chat once, where first seen", () => {
    const pages = [{ items: [{ id: "a" }, { id: "b" }] }, { items: [{ id: "b" }, { id: "c" }] }];
    expect(joinInboxPages(pages).map((c) => c.id)).toEqual(["a", "b", "c"]);
    expect(joinInboxPages([])).toEqual([]);
  });
});
