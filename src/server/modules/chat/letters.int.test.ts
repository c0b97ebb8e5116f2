/**
 * Chat letters through a real SMTP server (issue 12 "Notifications"): one letter per learner for every
 * reply unread after 15 minutes (a read reply is skipped, nothing twice), and one letter per mentor for
 * the chats waiting longer than the leaders' time.
 */
import { inArray } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "../../../../tests/setup/databases";
import { chats } from "../../db/schema/chat";
import { chatJobs, mentor, onlyAvailable, openChat, send, setAssignment, type Mentor } from "../../../../tests/support/chat";
import { json } from "../../../../tests/support/http";
import { startSmtp, type SmtpSink } from "../../../../tests/support/mail";
import { register } from "../../../../tests/support/sign-in";

describeEachDatabase("mentor chat: digest letters", (t) => {
  let app: FastifyInstance;
  let smtp: SmtpSink;
  let jobs: Awaited<ReturnType<typeof chatJobs>>;
  let aylin: Mentor;
  const portal = () => t.config.PORTAL_ID;
  const minutesFromNow = (m: number) => new Date(Date.now() + m * 60_000);

  beforeAll(async () => {
    smtp = await startSmtp();
    app = await t.buildApp({ SMTP_URL: smtp.url });
    jobs = await chatJobs(t.makeConfig({ SMTP_URL: smtp.url, PUBLIC_URL: "https://learn.example.org" }), t.database);
    aylin = await mentor(app, t.database, portal(), { name: "Aylin Letters" });
    await onlyAvailable(t.db, portal(), [aylin.profileId]);
    await setAssignment(t.db, portal(), "learner-chooses", { digest: 60 });
  });
  afterAll(async () => {
    await jobs.close();
    await smtp.close();
  });
  // Registration sends its own verification letter: only the chat's letters count here.
  const lettersTo = (to: string) => smtp.messages.filter((m) => m.rcptTo.includes(to) && /\?chat=open|\/mentor\//.test(m.text));

  it("a learner with replies unread for 15 minutes gets one letter for all of them, once; a read reply is left out", async () => {
    const learner = await register(app);
    const chat = await openChat(learner, portal());
    await send(learner, chat.id, "Two questions");
    await send(aylin, chat.id, "First answer");
    const read = await send(aylin, chat.id, "Answer already read");
    await send(aylin, chat.id, "Second answer");
    expect(json(await learner.browser.post(`/api/chats/${chat.id}/read`, { ids: [read.id] }))).toEqual({ unreadMessagesCount: 2 });

    await jobs.run(minutesFromNow(14));
    expect(lettersTo(learner.email)).toEqual([]);
    expect((await jobs.run(minutesFromNow(16))).learnerLetters).toBeGreaterThanOrEqual(1);
    const letter = await smtp.waitFor(learner.email, 5_000, "?chat=open");
    expect(letter.text).toContain("First answer");
    expect(letter.text).toContain("Second answer");
    expect(letter.text).not.toContain("Answer already read");
    expect(letter.text).toContain("Aylin Letters");
    expect(letter.text).toContain("https://learn.example.org/en/?chat=open");
    // Nothing twice: a later round sends no second letter for the same replies.
    await jobs.run(minutesFromNow(60));
    expect(lettersTo(learner.email)).toHaveLength(1);
  });

  it("a reply read before the digest is never mailed", async () => {
    const learner = await register(app);
    const chat = await openChat(learner, portal());
    await send(learner, chat.id, "Hi");
    const reply = await send(aylin, chat.id, "Hello back");
    await learner.browser.post(`/api/chats/${chat.id}/read`, { ids: [reply.id] });
    await jobs.run(minutesFromNow(30));
    expect(lettersTo(learner.email)).toEqual([]);
  });

  it("a mentor gets one letter for every chat waiting longer than the leaders' time, once per waiting period", async () => {
    const before = lettersTo(aylin.email).length;
    const first = await register(app);
    const second = await register(app);
    for (const l of [first, second]) await send(l, (await openChat(l, portal())).id, "Waiting for you");
    await jobs.run(minutesFromNow(59));
    expect(lettersTo(aylin.email)).toHaveLength(before);
    expect((await jobs.run(minutesFromNow(61))).mentorLetters).toBe(1);
    const letter = await smtp.until(() => lettersTo(aylin.email)[before], "the mentor digest");
    expect(letter.text).toContain("Ann Lee");
    expect(letter.text).toContain("https://learn.example.org/tr/mentor/");
    await jobs.run(minutesFromNow(200));
    expect(lettersTo(aylin.email)).toHaveLength(before + 1);
  });

  it("the mentor digest goes in batches of chats (one statement each): every waiting chat is marked, one letter lists them all", async () => {
    const bora = await mentor(app, t.database, portal(), { name: "Bora Batches" });
    await onlyAvailable(t.db, portal(), [bora.profileId]);
    const learners = [];
    for (const n of ["One", "Two", "Three", "Four", "Five"]) learners.push(await register(app, { firstName: "Batch", lastName: n }));
    const ids: string[] = [];
    for (const l of learners) {
      const chat = await openChat(l, portal());
      ids.push(chat.id);
      await send(l, chat.id, "Waiting in a batch");
    }
    // Batches of two: three transactions for five chats.
    expect((await jobs.run(minutesFromNow(61), { mentorDigest: 2 })).mentorLetters).toBe(1);
    const marked = await t.db.select({ at: chats.mentorDigestAt }).from(chats).where(inArray(chats.id, ids));
    expect(marked.map((c) => c.at === null)).toEqual([false, false, false, false, false]);
    const letter = await smtp.until(() => lettersTo(bora.email)[0], "the batched mentor digest");
    for (const n of ["One", "Two", "Three", "Four", "Five"]) expect(letter.text).toContain(`Batch ${n}`);
    await jobs.run(minutesFromNow(200), { mentorDigest: 2 });
    expect(lettersTo(bora.email)).toHaveLength(1);
  });
});
