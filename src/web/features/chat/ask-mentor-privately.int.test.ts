/**
 * "Send to my mentor privately" against the real API (issue 14 "beyond peers"): the browser's fetch
 * is routed into the app as the signed-in learner, so the requests' shape is the server's to judge.
 * The question lands in the learner's chat with the element as its context; a learner without a chat
 * gets one when no choice is needed; where they must pick a mentor nothing is sent; bad text never
 * leaves the browser.
 */
import { afterEach, beforeAll, expect, it, vi } from "vitest";
import { describeEachDatabase } from "../../../../tests/setup/databases";
import { mentor, onlyAvailable, setAssignment, type Mentor } from "../../../../tests/support/chat";
import { json } from "../../../../tests/support/http";
import { register, type Registered } from "../../../../tests/support/sign-in";
import type { TChatMessage } from "../../../domain/chat";
import { askMentorPrivately } from "./ask-mentor-privately";

const QUESTION = { text: "  Why read slowly?  ", courseId: "reading-foundations", elementId: "rf-slow-reading", type: "lesson" as const };

describeEachDatabase("chat: ask my mentor privately", (t) => {
  let aylin: Mentor;
  let berk: Mentor;
  beforeAll(async () => {
    aylin = await mentor(t.app, t.database, t.config.PORTAL_ID, { name: "Aylin Private" });
    berk = await mentor(t.app, t.database, t.config.PORTAL_ID, { name: "Berk Private" });
  });
  afterEach(() => vi.unstubAllGlobals());

  /** The browser's fetch, answered by the app as `who` (same origin, their cookies). */
  function browseAs(who: Registered) {
    const calls: Array<{ method: string; url: string; body: unknown }> = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init: RequestInit = {}) => {
        const method = init.method ?? "GET";
        const body = typeof init.body === "string" ? (JSON.parse(init.body) as unknown) : undefined;
        calls.push({ method, url, body });
        const res = await who.browser.request({
          method: method as "GET",
          url,
          payload: init.body as string | undefined,
          headers: { ...(init.headers as Record<string, string>), origin: "http://localhost" },
        });
        return new Response(res.body, { status: res.statusCode, headers: { "content-type": String(res.headers["content-type"] ?? "") } });
      }),
    );
    return calls;
  }
  const env = (who: Registered) => ({ lang: "en", userId: who.userId, portalId: t.config.PORTAL_ID });

  it("with the distribution bot: makes the chat, sends the trimmed question with the element as context, then reuses the chat", async () => {
    await setAssignment(t.db, t.config.PORTAL_ID, "mentor-chooses");
    const learner = await register(t.app);
    const calls = browseAs(learner);
    const res = await askMentorPrivately(QUESTION, env(learner));
    if (!res.ok) throw new Error(JSON.stringify(res.error));
    expect(res.message).toMatchObject({
      text: "Why read slowly?",
      chatId: res.chatId,
      context: {
        kind: "lesson",
        courseId: "reading-foundations",
        elementId: "rf-slow-reading",
        path: "/en/courses/reading-foundations/lesson/rf-slow-reading",
      },
    });
    expect(calls.map((c) => `${c.method} ${c.url.split("?")[0]}`)).toEqual([
      "GET /api/chats/setup",
      "POST /api/chats",
      `POST /api/chats/${res.chatId}/messages`,
    ]);
    expect(calls[2]!.body).toMatchObject({ id: expect.stringMatching(/^lpmmsg:/), text: "Why read slowly?" });

    const again = await askMentorPrivately({ ...QUESTION, text: "One more" }, env(learner));
    expect(again.ok && again.chatId).toBe(res.chatId);
    vi.unstubAllGlobals();
    const page = json<{ edges: Array<{ node: TChatMessage }> }>(await learner.browser.get(`/api/chats/${res.chatId}/messages?lang=en`));
    const mine = page.edges.map((e) => e.node).filter((m) => m.participant.id === learner.userId);
    expect(mine.map((m) => m.text)).toEqual(["Why read slowly?", "One more"]);
    // The chat shows where it was asked from.
    expect(mine[0]!.context).toMatchObject({ elementId: "rf-slow-reading", elementNumber: 1, elementTitle: "Why slow reading pays off" });
  });

  it("where the learner must pick a mentor, nothing is sent: CHAT-NEEDS-MENTOR with the mentors; asked again with one of them, the chat is theirs", async () => {
    await setAssignment(t.db, t.config.PORTAL_ID, "learner-chooses");
    await onlyAvailable(t.db, t.config.PORTAL_ID, [aylin.profileId, berk.profileId]);
    const learner = await register(t.app);
    const calls = browseAs(learner);
    const res = await askMentorPrivately(QUESTION, env(learner));
    expect(res).toMatchObject({ ok: false, error: { code: "CHAT-NEEDS-MENTOR", key: "chat:ask.chooseMentor" } });
    expect(calls.map((c) => c.method)).toEqual(["GET"]);
    const mentors = res.ok ? [] : (res.mentors ?? []);
    expect(mentors.map((m) => m.fullName).sort()).toEqual(["Aylin Private", "Berk Private"]);

    // A pick that is not one of the portal's mentors counts for nothing.
    const forged = await askMentorPrivately({ ...QUESTION, mentorId: "mnt_t-forged" }, env(learner));
    expect(forged).toMatchObject({ ok: false, error: { code: "CHAT-NEEDS-MENTOR" } });

    const berkId = mentors.find((m) => m.fullName === "Berk Private")!.id;
    const sent = await askMentorPrivately({ ...QUESTION, mentorId: berkId }, env(learner));
    if (!sent.ok) throw new Error(JSON.stringify(sent.error));
    expect(sent.message).toMatchObject({ text: "Why read slowly?", context: { elementId: "rf-slow-reading" } });
    vi.unstubAllGlobals();
    const setup = json<{ chat: { id: string; mentor: { fullName: string } | null } | null }>(await learner.browser.get("/api/chats/setup?lang=en"));
    expect(setup.chat?.id).toBe(sent.chatId);
    expect(setup.chat?.mentor?.fullName).toBe("Berk Private");
  });

  it("bad text never leaves the browser; the server's refusals come back typed", async () => {
    const learner = await register(t.app);
    const calls = browseAs(learner);
    for (const text of ["   ", "x".repeat(1501), "a\u0000b"]) {
      expect(await askMentorPrivately({ ...QUESTION, text }, env(learner))).toMatchObject({ ok: false, error: { code: "VALIDATION" } });
    }
    expect(calls).toEqual([]);
    // A forged context the server refuses: an element id longer than the contract allows.
    await setAssignment(t.db, t.config.PORTAL_ID, "mentor-chooses");
    const res = await askMentorPrivately({ ...QUESTION, elementId: "e".repeat(101) }, env(learner));
    expect(res).toMatchObject({ ok: false, error: { kind: "http", status: 400, code: "VALIDATION" } });
  });
});
