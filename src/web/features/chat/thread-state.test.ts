import { describe, expect, it } from "vitest";
import type { TChatMessage } from "../../../domain/chat";
import { emptyThread, threadReducer } from "./thread-state";

const ME = "usr_me";
const reduce = threadReducer(ME);

function m(id: string, from: string, extra: Partial<TChatMessage> = {}): TChatMessage {
  return {
    id: `lpmmsg:${id}`,
    chatId: "cht_a",
    text: id,
    createdAt: `2026-01-01T00:00:${id.padStart(2, "0").slice(-2)}.000Z`,
    participant: { id: from, fullName: from, avatarUrl: null, isStudent: from === ME },
    isNew: false,
    readByOther: false,
    context: null,
    ...extra,
  };
}
const edge = (cursor: number, node: TChatMessage) => ({ cursor: String(cursor), node });

describe("thread state", () => {
  it("loads the newest page, then older pages before it, without doubles", () => {
    let s = reduce(emptyThread, {
      type: "page",
      edges: [edge(21, m("21", ME)), edge(22, m("22", "mnt"))],
      hasPrevious: true,
      startCursor: "21",
      endCursor: "22",
    });
    expect(s.messages.map((x) => x.text)).toEqual(["21", "22"]);
    expect([s.startCursor, s.endCursor, s.hasPrevious, s.loaded]).toEqual(["21", "22", true, true]);
    s = reduce(s, { type: "older", edges: [edge(20, m("20", ME)), edge(21, m("21", ME))], hasPrevious: false, startCursor: "20" });
    expect(s.messages.map((x) => x.text)).toEqual(["20", "21", "22"]);
    expect([s.startCursor, s.hasPrevious]).toEqual(["20", false]);
  });

  it("starts updates after cursor 0 in an empty chat", () => {
    const s = reduce(emptyThread, { type: "page", edges: [], hasPrevious: false, startCursor: null, endCursor: null });
    expect(s.endCursor).toBe("0");
    expect(s.messages).toEqual([]);
  });

  it("appends updates, replaces what it knows, moves the cursor forward only, and applies read ticks", () => {
    let s = reduce(emptyThread, { type: "page", edges: [edge(5, m("5", ME))], hasPrevious: false, startCursor: "5", endCursor: "5" });
    s = reduce(s, { type: "sent", message: m("6", ME) });
    s = reduce(s, { type: "sent", message: m("6", ME) }); // twice is once
    expect(s.messages.map((x) => x.text)).toEqual(["5", "6"]);
    s = reduce(s, {
      type: "updates",
      edges: [edge(6, m("6", ME, { text: "6!" })), edge(7, m("7", "mnt", { isNew: true }))],
      readIds: ["lpmmsg:5"],
      endCursor: "7",
      unreadCount: 1,
    });
    expect(s.messages.map((x) => x.text)).toEqual(["5", "6!", "7"]);
    expect(s.messages[0].readByOther).toBe(true);
    expect(s.endCursor).toBe("7");
    expect(s.unreadCount).toBe(1);
    s = reduce(s, { type: "updates", edges: [], readIds: [], endCursor: "3", unreadCount: 1 });
    expect(s.endCursor).toBe("7");
  });

  it("tracks the other side's new messages as unread and fresh, never the viewer's own", () => {
    let s = reduce(emptyThread, {
      type: "page",
      edges: [edge(1, m("1", "mnt", { isNew: true })), edge(2, m("2", ME, { isNew: true })), edge(3, m("3", "mnt"))],
      hasPrevious: false,
      startCursor: "1",
      endCursor: "3",
    });
    expect([...s.unreadIds]).toEqual(["lpmmsg:1"]);
    expect([...s.freshIds]).toEqual(["lpmmsg:1"]);
    s = reduce(s, { type: "unfresh", ids: ["lpmmsg:1"] });
    expect(s.freshIds.size).toBe(0);
    expect(s.unreadIds.size).toBe(1); // still to be marked read when seen
    s = reduce(s, { type: "read", ids: ["lpmmsg:1"], unreadCount: 0 });
    expect(s.unreadIds.size).toBe(0);
    expect(s.unreadCount).toBe(0);
  });

  it("does not flash old messages loaded on scroll up as new", () => {
    let s = reduce(emptyThread, { type: "page", edges: [edge(30, m("30", ME))], hasPrevious: true, startCursor: "30", endCursor: "30" });
    s = reduce(s, { type: "older", edges: [edge(29, m("29", "mnt", { isNew: true }))], hasPrevious: false, startCursor: "29" });
    expect(s.unreadIds.has("lpmmsg:29")).toBe(true);
    expect(s.freshIds.size).toBe(0);
  });
});
