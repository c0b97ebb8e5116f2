import { describe, expect, it } from "vitest";
import { canSend, CHAT_LIMITS, newClientMessageId } from "../../../domain/chat-rules";
import { ZChatMessageId } from "../../../domain/chat";
import { chatContextFromPath, isSitePath } from "./chat-context";
import { humaniseMinutes } from "./reply-time";
import { sendOutcome } from "./use-chat-thread";

describe("send rules (seed §5)", () => {
  it("refuses empty, blank and over-long text, and anything while a message is sending", () => {
    expect(canSend("", false)).toBe(false);
    expect(canSend(" \n\t ", false)).toBe(false);
    expect(canSend("hi", true)).toBe(false);
    expect(canSend("hi", false)).toBe(true);
    expect(canSend("x".repeat(CHAT_LIMITS.messageMax), false)).toBe(true);
    expect(canSend("x".repeat(CHAT_LIMITS.messageMax + 1), false)).toBe(false);
    // Outer whitespace does not count against the limit: it is trimmed before sending.
    expect(canSend(`  ${"x".repeat(CHAT_LIMITS.messageMax)}  `, false)).toBe(true);
  });

  it("makes ids the server accepts, never the same twice", () => {
    const ids = new Set(Array.from({ length: 200 }, newClientMessageId));
    expect(ids.size).toBe(200);
    for (const id of ids) expect(ZChatMessageId.safeParse(id).success).toBe(true);
  });

  it("retries a send after passing failures only", () => {
    const e = (status: number) => ({ kind: "http" as const, code: "X", key: "k", message: "", status });
    expect(sendOutcome({ ...e(0), kind: "network" })).toBe("retry");
    for (const s of [500, 502, 503, 429, 408, 401]) expect(sendOutcome(e(s))).toBe("retry");
    for (const s of [400, 403, 404, 409, 413]) expect(sendOutcome(e(s))).toBe("fail");
  });
});

describe("chat context from the page's path", () => {
  it("reads lessons, tests, webinars, courses, microcourses and video events", () => {
    expect(chatContextFromPath("/en/courses/rf/lesson/rf-1")).toEqual({
      kind: "lesson",
      courseId: "rf",
      elementId: "rf-1",
      path: "/en/courses/rf/lesson/rf-1",
    });
    expect(chatContextFromPath("/ar/courses/rf/test/t1/")).toMatchObject({ kind: "test", courseId: "rf", elementId: "t1" });
    expect(chatContextFromPath("/tr/courses/rf/webinar/w1")).toMatchObject({ kind: "webinar" });
    expect(chatContextFromPath("/en/courses/rf")).toEqual({ kind: "course", courseId: "rf", path: "/en/courses/rf" });
    expect(chatContextFromPath("/en/microcourse/m1")).toMatchObject({ kind: "microcourse", elementId: "m1" });
    expect(chatContextFromPath("/en/video-event/v1")).toMatchObject({ kind: "video-event", elementId: "v1" });
  });

  it("gives none elsewhere or for paths the contract would refuse", () => {
    expect(chatContextFromPath("/en/")).toBeNull();
    expect(chatContextFromPath("/en/profile")).toBeNull();
    expect(chatContextFromPath(`/en/courses/${"x".repeat(101)}`)).toBeNull();
    expect(chatContextFromPath("//evil.test/en/courses/x")).toBeNull();
  });

  it("follows only paths of this site", () => {
    expect(isSitePath("/en/courses/x")).toBe(true);
    for (const p of ["//evil.test", "/\\evil.test", "https://evil.test", "javascript:alert(1)", ""]) expect(isSitePath(p)).toBe(false);
  });
});

describe("typical reply time in words", () => {
  it("uses minutes, then hours, then days, in the page's language", () => {
    expect(humaniseMinutes(0, "en")).toBe("1 minute");
    expect(humaniseMinutes(25, "en")).toBe("25 minutes");
    expect(humaniseMinutes(130, "en")).toBe("2 hours");
    expect(humaniseMinutes(60 * 50, "en")).toBe("2 days");
    expect(humaniseMinutes(130, "ru")).toBe("2 часа");
    expect(humaniseMinutes(60 * 5, "ru")).toBe("5 часов");
    expect(humaniseMinutes(25, "tr")).toBe("25 dakika");
    expect(humaniseMinutes(180, "ar")).toMatch(/ساعات/);
  });
});
