/**
 * Who gets a new chat (seed §4 modes, issue 12): single, multiple, mentor-chooses with the
 * distribution bot (fewest open chats; none available, then later), the arrival campaign's mentor in
 * every mode, re-offers of chats waiting too long, and a leader's reassignment.
 */
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { describeEachDatabase } from "../../../../tests/setup/databases";
import { chatJobs, mentor, msgId, onlyAvailable, openChat, page, send, setAssignment, type Mentor } from "../../../../tests/support/chat";
import { expectError, json } from "../../../../tests/support/http";
import { learner, register } from "../../../../tests/support/sign-in";
import { DISTRIBUTION_BOT_ID, SYSTEM_PARTICIPANT_ID, type TChat, type TChatSetup } from "../../../domain/chat";
import { chatMessages, chats } from "../../db/schema/chat";

describeEachDatabase("mentor chat: modes and assignment", (t) => {
  let app: FastifyInstance;
  let a: Mentor;
  let b: Mentor;
  let leader: Mentor;
  let jobs: Awaited<ReturnType<typeof chatJobs>>;
  const portal = () => t.config.PORTAL_ID;
  beforeAll(async () => {
    app = t.app;
    a = await mentor(app, t.database, portal(), { name: "Mentor A" });
    b = await mentor(app, t.database, portal(), { name: "Mentor B" });
    leader = await mentor(app, t.database, portal(), { role: "mp-leader", name: "Leader L" });
    jobs = await chatJobs(t.config, t.database);
  });
  afterAll(() => jobs.close());
  const chatRow = async (id: string) => (await t.db.select().from(chats).where(eq(chats.id, id)))[0]!;
  const texts = async (who: Awaited<ReturnType<typeof register>>, chatId: string) =>
    (await page(who, chatId)).edges.map((e) => [e.node.participant.id, e.node.text]);

  describe("the learner chooses", () => {
    beforeEach(() => setAssignment(t.db, portal(), "learner-chooses"));

    it("single: one available mentor, the chat connects to them", async () => {
      await onlyAvailable(t.db, portal(), [a.profileId]);
      const l = await register(app);
      expect(json<TChatSetup>(await l.browser.get("/api/chats/setup")).mode).toBe("single");
      expect(await openChat(l, portal())).toMatchObject({ mode: "single", mentorId: a.userId });
    });

    it("multiple: the learner picks one of the available mentors; an unavailable or unknown one is refused", async () => {
      await onlyAvailable(t.db, portal(), [a.profileId, b.profileId]);
      const l = await register(app);
      const setup = json<TChatSetup>(await l.browser.get("/api/chats/setup?lang=tr"));
      expect(setup.mode).toBe("multiple");
      expect(setup.mentors.map((m) => [m.id, m.fullName]).sort()).toEqual(
        [
          [a.profileId, "Mentor A (tr)"],
          [b.profileId, "Mentor B (tr)"],
        ].sort(),
      );
      expectError(
        await l.browser.post("/api/chats", { learningPortalId: portal(), studentId: l.userId, mentorId: leader.profileId }),
        409,
        "NO-MENTOR-AVAILABLE",
      );
      expectError(await l.browser.post("/api/chats", { learningPortalId: portal(), studentId: l.userId, mentorId: "mnt_nobody" }), 404, "MENTOR-NOT-FOUND");
      expect(await t.db.select().from(chats).where(eq(chats.studentId, l.userId))).toEqual([]);
      expect(await openChat(l, portal(), { mentorId: b.profileId })).toMatchObject({ mode: "multiple", mentorId: b.userId });
    });
  });

  describe("the distribution bot chooses", () => {
    beforeEach(() => setAssignment(t.db, portal(), "mentor-chooses"));

    it("takes the chat with a system message and gives it to the available mentor with the fewest open chats", async () => {
      await onlyAvailable(t.db, portal(), [a.profileId, b.profileId]);
      const openOf = async (m: Mentor) => (await t.db.select().from(chats).where(eq(chats.mentorId, m.userId))).filter((c) => c.status === "open").length;
      const fewer = (await openOf(a)) <= (await openOf(b)) ? a : b;
      const l = await register(app);
      expect(json<TChatSetup>(await l.browser.get("/api/chats/setup")).mode).toBe("mentor-chooses");
      const chat = await openChat(l, portal());
      expect(chat).toMatchObject({ mode: "mentor-chooses", mentorId: fewer.userId });
      const said = await texts(l, chat.id);
      expect(said.map(([who]) => who)).toEqual([SYSTEM_PARTICIPANT_ID, SYSTEM_PARTICIPANT_ID]);
      expect(said[1]![1]).toContain(fewer === a ? "Mentor A" : "Mentor B");
      // The next learner goes to the other one (now fewer open chats), until they are level.
      const next = await openChat(await register(app), portal());
      expect(next.mentorId).toBe((await openOf(a)) - 1 < (await openOf(b)) - 1 ? a.userId : next.mentorId);
      expect(Math.abs((await openOf(a)) - (await openOf(b)))).toBeLessThanOrEqual(1);
    });

    it("with no mentor available the bot keeps the chat; the jobs assign it once one is", async () => {
      await onlyAvailable(t.db, portal(), []);
      const l = await register(app);
      const chat = await openChat(l, portal());
      expect(chat).toMatchObject({ mentorId: DISTRIBUTION_BOT_ID, mentor: null });
      await send(l, chat.id, "Anyone there?");
      expect((await jobs.run(new Date())).assigned).not.toContain(chat.id);
      expect((await chatRow(chat.id)).mentorId).toBe(DISTRIBUTION_BOT_ID);
      // A leader sees it waiting; a mentor does not (not theirs).
      expect(json<{ items: Array<{ id: string }> }>(await leader.browser.get("/api/mentor/chats?filter=waiting")).items.map((i) => i.id)).toContain(chat.id);
      expect(json<{ items: Array<{ id: string }> }>(await a.browser.get("/api/mentor/chats?filter=waiting")).items.map((i) => i.id)).not.toContain(chat.id);

      await onlyAvailable(t.db, portal(), [b.profileId]);
      expect((await jobs.run(new Date())).assigned).toContain(chat.id);
      expect((await chatRow(chat.id)).mentorId).toBe(b.userId);
      const said = await texts(l, chat.id);
      expect(said.at(-1)![1]).toContain("Mentor B");
      // The assigned mentor now reads it, and has a notification about it.
      expect((await page(b, chat.id)).edges.length).toBe(said.length);
      expect(json<{ items: Array<{ type: string }> }>(await b.browser.get("/api/notifications")).items[0]!.type).toBe("chat-assigned");
    });
  });

  it("the arrival campaign's mentor gets the chat in every mode", async () => {
    const campaigner = await mentor(app, t.database, portal(), { name: "Campaign C", campaign: "spring-2026", available: false });
    for (const assignment of ["learner-chooses", "mentor-chooses"] as const) {
      await setAssignment(t.db, portal(), assignment);
      await onlyAvailable(t.db, portal(), [a.profileId, b.profileId]);
      const l = await learner(app, t.db, { utm: [{ utm_source: "ads", utm_campaign: "spring-2026" }] });
      expect(json<TChatSetup>(await l.browser.get("/api/chats/setup")).campaignMentorId).toBe(campaigner.profileId);
      expect((await openChat(l, portal(), { mentorId: a.profileId })).mentorId).toBe(campaigner.userId);
    }
    const plain = await learner(app, t.db, { utm: [{ utm_campaign: "other" }] });
    expect(json<TChatSetup>(await plain.browser.get("/api/chats/setup")).campaignMentorId).toBeNull();
  });

  it("a chat waiting longer than the leaders' time is offered to another available mentor", async () => {
    await setAssignment(t.db, portal(), "learner-chooses", { reoffer: 30 });
    await onlyAvailable(t.db, portal(), [a.profileId, b.profileId]);
    const l = await register(app);
    const chat = await openChat(l, portal(), { mentorId: a.profileId });
    await send(l, chat.id, "Please help");
    expect((await jobs.run(new Date(Date.now() + 29 * 60_000))).reoffered).not.toContain(chat.id);
    expect((await jobs.run(new Date(Date.now() + 31 * 60_000))).reoffered).toContain(chat.id);
    expect((await chatRow(chat.id)).mentorId).toBe(b.userId);
    expect((await texts(l, chat.id)).at(-1)![1]).toContain("Mentor B");
    // Not again until another period has passed since the re-offer.
    expect((await jobs.run(new Date(Date.now() + 40 * 60_000))).reoffered).not.toContain(chat.id);
    // An answer ends the waiting: nothing more is re-offered.
    await send(b, chat.id, "Here I am");
    expect((await jobs.run(new Date(Date.now() + 300 * 60_000))).reoffered).not.toContain(chat.id);
    await setAssignment(t.db, portal(), "learner-chooses");
  });

  it("a leader reassigns a chat; the old mentor loses it, the new one has it", async () => {
    await setAssignment(t.db, portal(), "learner-chooses");
    await onlyAvailable(t.db, portal(), [a.profileId, b.profileId]);
    const l = await register(app);
    const chat = await openChat(l, portal(), { mentorId: a.profileId });
    expectError(await a.browser.post(`/api/mentor/chats/${chat.id}/assign`, { mentorId: b.profileId }), 403, "LEADERS-ONLY");
    expectError(await leader.browser.post(`/api/mentor/chats/${chat.id}/assign`, { mentorId: "mnt_nobody" }), 404, "MENTOR-NOT-FOUND");
    const moved = json<TChat>(await leader.browser.post(`/api/mentor/chats/${chat.id}/assign`, { mentorId: b.profileId }));
    expect(moved.mentorId).toBe(b.userId);
    expectError(await a.browser.get(`/api/chats/${chat.id}`), 404, "CHAT-NOT-FOUND");
    expect(json<TChat>(await b.browser.get(`/api/chats/${chat.id}`)).id).toBe(chat.id);
    expect((await texts(l, chat.id)).at(-1)![1]).toContain("Mentor B");
  });

  it("a leader's reassignments while the learner and the mentors send: every send and every move lands (no deadlock on the chat's row)", async () => {
    // A send's insert holds the foreign key's KEY SHARE lock on the chat row until its transaction
    // ends; a reassignment locks that row too, so the two must not wait for each other crosswise.
    await setAssignment(t.db, portal(), "learner-chooses");
    await onlyAvailable(t.db, portal(), [a.profileId, b.profileId]);
    const l = await register(app);
    const chat = await openChat(l, portal(), { mentorId: a.profileId });
    const replies = await Promise.all([
      ...Array.from({ length: 10 }, (_, i) => l.browser.post(`/api/chats/${chat.id}/messages`, { id: msgId(), text: `Learner ${i}` })),
      ...Array.from({ length: 6 }, (_, i) => leader.browser.post(`/api/mentor/chats/${chat.id}/assign`, { mentorId: (i % 2 ? a : b).profileId })),
      ...Array.from({ length: 4 }, (_, i) => leader.browser.post(`/api/chats/${chat.id}/messages`, { id: msgId(), text: `Leader ${i}` })),
    ]);
    expect(replies.map((r) => r.statusCode)).toEqual([...Array(10).fill(201), ...Array(6).fill(200), ...Array(4).fill(201)]);
    const written = (await t.db.select().from(chatMessages).where(eq(chatMessages.chatId, chat.id))).map((m) => m.text);
    expect(written.filter((x) => /^(Learner|Leader) \d$/.test(x))).toHaveLength(14);
  });
});
