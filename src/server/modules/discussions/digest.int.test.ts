/**
 * The discussion e-mails through a real SMTP server (issue 14 "beyond peers", docs/decisions/0044):
 * one letter per follower with the new posts of their threads (not their own, not hidden, not
 * deleted), grouped by element with links; nothing new, nothing sent; daily waits a day; off sends
 * nothing; a switched-off thread is left out; two instances running at once send one letter; post
 * text arrives escaped in the HTML part.
 */
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "../../../../tests/setup/databases";
import { mentor, type Mentor } from "../../../../tests/support/chat";
import { admin, del, digestJobs, follow, OPEN_DISCUSSION, post } from "../../../../tests/support/discussions";
import { json } from "../../../../tests/support/http";
import { startSmtp, type SmtpSink } from "../../../../tests/support/mail";
import { register, type Registered } from "../../../../tests/support/sign-in";

describeEachDatabase(
  "discussions: digest letters",
  (t) => {
    let app: FastifyInstance;
    let smtp: SmtpSink;
    let jobs: Awaited<ReturnType<typeof digestJobs>>;
    let aylin: Mentor;
    const origin = "https://learn.example.org";
    const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);
    // Registration sends its own verification letter: only the digests count here.
    const digestsTo = (who: Registered) => smtp.messages.filter((m) => m.rcptTo.includes(who.email) && m.text.includes("?discussion="));
    const choose = async (who: Registered, period: string, lang = "en") =>
      json(await who.browser.put(`/api/profile/discussion-digest?lang=${lang}`, { period }));
    const follower = async (period: string) => {
      const who = await register(app);
      json(await follow(who, OPEN_DISCUSSION, true));
      await choose(who, period);
      return who;
    };

    beforeAll(async () => {
      smtp = await startSmtp();
      app = await t.buildApp({ SMTP_URL: smtp.url, DISCUSSION_POSTS_PER_MINUTE: "1000" });
      jobs = await digestJobs(t.makeConfig({ SMTP_URL: smtp.url, PUBLIC_URL: origin }), t.database);
      aylin = await mentor(app, t.database, t.config.PORTAL_ID, { name: "Aylin Digest" });
    });
    afterAll(async () => {
      await jobs.close();
      await smtp.close();
    });

    it("a follower gets one letter with the new posts, grouped by element, escaped in HTML; nothing twice", async () => {
      const reader = await follower("each");
      const asker = await register(app);
      const rude = await register(app);
      const question = await post(asker, OPEN_DISCUSSION, `<b>Bold?</b> & <script>alert("x")</script> What is slow reading?`);
      await post(aylin, OPEN_DISCUSSION, "Reading every sentence twice.", { parentId: question.id });
      await post(reader, OPEN_DISCUSSION, "My own question is not news to me");
      const hidden = await post(rude, OPEN_DISCUSSION, "Something rude");
      await post(asker, OPEN_DISCUSSION, "A reply under the rude post", { parentId: hidden.id });
      json(await aylin.browser.post(`/api/mentor/discussion-posts/${hidden.id}/hide`, { reason: "Be kind" }));
      const gone = await post(asker, OPEN_DISCUSSION, "Deleted before the letter");
      json(await del(asker, `/api/discussions/${OPEN_DISCUSSION}/posts/${gone.id}`));

      expect((await jobs.run(later(1))).letters).toBeGreaterThanOrEqual(1);
      const letter = await smtp.waitFor(reader.email, 5_000, "?discussion=");
      expect(letter.subject).toBe("New in the discussions you follow (2)");
      expect(letter.text).toContain("Foundations of Reading · Why slow reading pays off");
      expect(letter.text).toContain(`${origin}/en/courses/reading-foundations/lesson/rf-slow-reading?discussion=${OPEN_DISCUSSION}`);
      expect(letter.text).toContain(`<b>Bold?</b> & <script>alert("x")</script> What is slow reading?`);
      expect(letter.text).toContain("Aylin Digest (reply): Reading every sentence twice.");
      expect(letter.text).toContain(`${origin}/en/profile`);
      for (const absent of ["My own question", "Something rude", "under the rude post", "Deleted before"]) expect(letter.text).not.toContain(absent);
      // The HTML part carries people's text escaped: no tag of theirs survives.
      expect(letter.html).toContain("&lt;b&gt;Bold?&lt;/b&gt; &amp; &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
      expect(letter.html).not.toContain("<script>");
      expect(letter.html).not.toContain("<b>Bold");
      expect(letter.html).toContain(`href="${origin}/en/courses/reading-foundations/lesson/rf-slow-reading?discussion=${OPEN_DISCUSSION}"`);

      await jobs.run(later(3));
      expect(digestsTo(reader)).toHaveLength(1);
    });

    it("nothing new since the follow: no letter", async () => {
      const reader = await follower("each");
      await jobs.run(later(2));
      expect(digestsTo(reader)).toEqual([]);
    });

    it("daily waits a day since the follow; the letter is in the language the person reads in", async () => {
      const reader = await register(app);
      json(await reader.browser.put(`/api/discussions/${OPEN_DISCUSSION}/follow?lang=ar`, { following: true }));
      const writer = await register(app);
      await post(writer, OPEN_DISCUSSION, "A post for the daily reader");
      await jobs.run(later(120));
      expect(digestsTo(reader)).toEqual([]);
      await jobs.run(later(25 * 60));
      const letter = await smtp.waitFor(reader.email, 5_000, "?discussion=");
      expect(letter.text).toContain("A post for the daily reader");
      expect(letter.text).toContain(`${origin}/ar/courses/reading-foundations/lesson/rf-slow-reading?discussion=${OPEN_DISCUSSION}`);
      expect(letter.subject).toContain("جديد في النقاشات");
      expect(letter.html).toContain('dir="rtl"');
      // The next one waits a day again.
      await post(writer, OPEN_DISCUSSION, "Soon after");
      await jobs.run(later(26 * 60));
      expect(digestsTo(reader)).toHaveLength(1);
    });

    it("off sends nothing, even a week later; an unfollowed thread sends nothing", async () => {
      const silent = await follower("off");
      const left = await follower("each");
      json(await follow(left, OPEN_DISCUSSION, false));
      await post(await register(app), OPEN_DISCUSSION, "Nobody is told of this");
      await jobs.run(later(8 * 24 * 60));
      expect(digestsTo(silent)).toEqual([]);
      expect(digestsTo(left)).toEqual([]);
    });

    it("a switched-off discussion is left out of the letters", async () => {
      const reader = await follower("each");
      const boss = await admin(app, t.database);
      await post(await register(app), OPEN_DISCUSSION, "Written before the switch");
      const url = "/api/admin/elements/rf-slow-reading/discussion";
      json(await boss.browser.put(url, { active: false }));
      try {
        await jobs.run(later(2));
      } finally {
        json(await boss.browser.put(url, { active: true }));
      }
      expect(digestsTo(reader)).toEqual([]);
    });

    it("two instances running the job at once send one letter", async () => {
      const reader = await follower("each");
      await post(await register(app), OPEN_DISCUSSION, "Raced news");
      const other = await digestJobs(t.makeConfig({ SMTP_URL: smtp.url, PUBLIC_URL: origin }), t.database);
      try {
        const at = later(2);
        const outcomes = await Promise.all([jobs.run(at), other.run(at), jobs.run(at)]);
        expect(outcomes.some((o) => !o.skipped)).toBe(true);
      } finally {
        await other.close();
      }
      await smtp.waitFor(reader.email, 5_000, "Raced news");
      expect(digestsTo(reader)).toHaveLength(1);
    });
  },
  { env: { DISCUSSION_POSTS_PER_MINUTE: "1000" } },
);
