import { describe, expect, it } from "vitest";
import type { TDiscussionInfo, TDiscussionPost, TDiscussionReply } from "../../../domain/discussion";
import type { ApiError } from "../../lib/api";
import { emptyThread, isSending, repliesInOrder, threadReducer, type ThreadAction, type ThreadState } from "./thread-state";

const info: TDiscussionInfo = {
  id: "disc-a",
  active: true,
  elementId: "a",
  courseId: "c",
  type: "lesson",
  number: 1,
  title: "A",
  courseTitle: "C",
  path: "/en/courses/c/lesson/a",
};
const at = (minute: number) => new Date(Date.UTC(2025, 0, 1, 10, minute)).toISOString();

function reply(id: string, minute: number, extra: Partial<TDiscussionReply> = {}): TDiscussionReply {
  return {
    id,
    discussionId: "disc-a",
    parentId: null,
    text: `text ${id}`,
    createdAt: at(minute),
    editedAt: null,
    author: { id: "u1", fullName: "Ada", avatarUrl: null, isMentor: false },
    mine: false,
    deleted: false,
    hidden: false,
    hiddenReason: null,
    pinned: false,
    ...extra,
  };
}
function entry(id: string, minute: number, replies: TDiscussionReply[] = [], extra: Partial<TDiscussionPost> = {}): TDiscussionPost {
  return { ...reply(id, minute), lastActivityAt: at(minute), answered: false, replies, moreReplies: false, olderReplies: null, ...extra };
}
const run = (state: ThreadState, ...actions: ThreadAction[]) => actions.reduce(threadReducer, state);
const ids = (s: ThreadState) => s.items.map((i) => i.id);
const loaded = (items: TDiscussionPost[], nextCursor: string | null = null) =>
  run(emptyThread, { type: "page", page: { discussion: info, following: false, items, nextCursor } });

describe("a thread's pages", () => {
  it("appends an older page without the posts it already holds", () => {
    const s = run(loaded([entry("p3", 3), entry("p2", 2)], "c1"), {
      type: "older",
      page: { discussion: info, following: false, items: [entry("p2", 2), entry("p1", 1)], nextCursor: null },
    });
    expect(ids(s)).toEqual(["p3", "p2", "p1"]);
    expect(s.nextCursor).toBeNull();
  });

  it("merges the first page read again: new posts on top, older pages kept with their cursor, vanished recent posts dropped", () => {
    // Loaded: p5..p1 (first page p5, p4; an older page p3, p2, p1), more before p1.
    const older = [entry("p3", 3), entry("p2", 2), entry("p1", 1)];
    const s0 = run(loaded([entry("p5", 5), entry("p4", 4)], "c4"), {
      type: "older",
      page: { discussion: info, following: false, items: older, nextCursor: "c2" },
    });
    // Now p6 is new, p4 was deleted and p2 got a reply (it moved up): the first page is p2, p6, p5, p3 with a cursor.
    const fresh = [entry("p2", 7, [reply("r1", 7, { parentId: "p2" })]), entry("p6", 6), entry("p5", 5), entry("p3", 3)];
    const s = run(s0, { type: "fresh", page: { discussion: info, following: false, items: fresh, nextCursor: "c5" } });
    expect(ids(s)).toEqual(["p2", "p6", "p5", "p3", "p1"]);
    expect(s.items[0]!.replies.map((r) => r.id)).toEqual(["r1"]);
    expect(s.nextCursor).toBe("c2");
  });

  it("takes the following flag from the first page read again (a follow through another tab)", () => {
    const s = run(loaded([entry("p1", 1)], "c1"), { type: "fresh", page: { discussion: info, following: true, items: [entry("p1", 1)], nextCursor: "c1" } });
    expect(s.following).toBe(true);
    const t = run(s, { type: "fresh", page: { discussion: info, following: false, items: [entry("p1", 1)], nextCursor: null } });
    expect(t.following).toBe(false);
  });

  it("takes a first page without a cursor as the whole thread", () => {
    const s = run(loaded([entry("p2", 2), entry("p1", 1)]), {
      type: "fresh",
      page: { discussion: info, following: false, items: [entry("p2", 2)], nextCursor: null },
    });
    expect(ids(s)).toEqual(["p2"]);
  });
});

describe("live entries", () => {
  it("puts an entry read after an event in its place by activity, and replaces a known one", () => {
    const s0 = loaded([entry("p2", 2), entry("p1", 1)]);
    const s1 = run(s0, { type: "entry", entry: entry("p3", 3) });
    expect(ids(s1)).toEqual(["p3", "p2", "p1"]);
    const s2 = run(s1, { type: "entry", entry: entry("p1", 4, [reply("r", 4, { parentId: "p1" })]) });
    expect(ids(s2)).toEqual(["p1", "p3", "p2"]);
    expect(s2.items[0]!.replies).toHaveLength(1);
  });

  it("leaves an entry older than everything loaded to its page while older pages remain", () => {
    const s = run(loaded([entry("p5", 5), entry("p4", 4)], "c4"), { type: "entry", entry: entry("p1", 1, [], { editedAt: at(9) }) });
    expect(ids(s)).toEqual(["p5", "p4"]);
  });

  it("removes a post or a reply the viewer may no longer see", () => {
    const s0 = loaded([entry("p2", 3, [reply("r1", 3, { parentId: "p2" })]), entry("p1", 1)]);
    expect(ids(run(s0, { type: "gone", id: "p1" }))).toEqual(["p2"]);
    expect(run(s0, { type: "gone", id: "r1" }).items[0]!.replies).toEqual([]);
  });
});

describe("writing", () => {
  const error: ApiError = { kind: "http", code: "RATE-LIMITED", key: "errors:codes.RATE_LIMITED", message: "", status: 429 };

  it("shows a post as sending, fails it with its error, sends it again under the same id, and confirms it with the server's reply", () => {
    let s = run(loaded([entry("p1", 1)]), { type: "send", id: "dpost:new00001", text: "Hello", parentId: null });
    expect(isSending(s)).toBe(true);
    s = run(s, { type: "failed", id: "dpost:new00001", error });
    expect(s.pending).toEqual([{ id: "dpost:new00001", text: "Hello", parentId: null, status: "failed", error }]);
    expect(isSending(s)).toBe(false);
    s = run(s, { type: "retry", id: "dpost:new00001" });
    expect(s.pending[0]).toMatchObject({ status: "sending", error: null });
    s = run(s, { type: "created", post: reply("dpost:new00001", 2, { text: "Hello", mine: true }) });
    expect(s.pending).toEqual([]);
    expect(ids(s)).toEqual(["dpost:new00001", "p1"]);
    expect(s.items[0]).toMatchObject({ replies: [], lastActivityAt: at(2), answered: false });
  });

  it("confirms a pending post that a live read brought first, and a discarded one is gone", () => {
    let s = run(
      loaded([]),
      { type: "send", id: "dpost:a0000001", text: "A", parentId: null },
      { type: "send", id: "dpost:b0000001", text: "B", parentId: null },
    );
    s = run(s, { type: "entry", entry: entry("dpost:a0000001", 2) });
    expect(s.pending.map((p) => p.id)).toEqual(["dpost:b0000001"]);
    expect(run(s, { type: "discard", id: "dpost:b0000001" }).pending).toEqual([]);
  });

  it("adds a reply under its post once, and the post moves up by the reply's activity", () => {
    const s0 = loaded([entry("p2", 2), entry("p1", 1)]);
    const r = reply("r1", 5, { parentId: "p1" });
    const s = run(s0, { type: "created", post: r }, { type: "created", post: r });
    expect(ids(s)).toEqual(["p1", "p2"]);
    expect(s.items[0]!.replies.map((x) => x.id)).toEqual(["r1"]);
    expect(s.items[0]!.lastActivityAt).toBe(at(5));
  });

  it("replaces an edited post or reply and keeps the post's replies", () => {
    const s0 = loaded([entry("p1", 1, [reply("r1", 2, { parentId: "p1" })])]);
    const s1 = run(s0, { type: "replaced", post: reply("p1", 1, { text: "new", editedAt: at(3) }) });
    expect(s1.items[0]).toMatchObject({ text: "new", editedAt: at(3) });
    expect(s1.items[0]!.replies).toHaveLength(1);
    const s2 = run(s1, { type: "replaced", post: reply("r1", 2, { parentId: "p1", text: "fixed" }) });
    expect(s2.items[0]!.replies[0]!.text).toBe("fixed");
  });

  it("keeps a deleted post with replies as a placeholder, drops one without, and drops a deleted reply", () => {
    const s0 = loaded([entry("p2", 2, [reply("r1", 2, { parentId: "p2" })], { pinned: false }), entry("p1", 1)]);
    const s1 = run(s0, { type: "deleted", id: "p2" }, { type: "deleted", id: "p1" });
    expect(ids(s1)).toEqual(["p2"]);
    expect(s1.items[0]).toMatchObject({ deleted: true, text: "" });
    expect(run(s1, { type: "deleted", id: "r1" }).items[0]!.replies).toEqual([]);
  });
});

describe("replies", () => {
  it("puts older replies before the shown ones and keeps their cursor", () => {
    const s0 = loaded([entry("p1", 9, [reply("r3", 9, { parentId: "p1" })], { moreReplies: true, olderReplies: "12" })]);
    const s = run(s0, {
      type: "older-replies",
      postId: "p1",
      items: [reply("r1", 2, { parentId: "p1" }), reply("r3", 9, { parentId: "p1" })],
      olderReplies: null,
    });
    expect(s.items[0]!.replies.map((r) => r.id)).toEqual(["r1", "r3"]);
    expect(s.items[0]).toMatchObject({ olderReplies: null, moreReplies: false });
  });

  it("shows the pinned answer first", () => {
    const list = [reply("a", 1), reply("b", 2, { pinned: true }), reply("c", 3)];
    expect(repliesInOrder(list).map((r) => r.id)).toEqual(["b", "a", "c"]);
  });
});
