/**
 * Discussions under attack (issue 14 "Robustness"): guests and anonymous sessions, closed, locked,
 * unbought, unknown and another portal's discussions, other people's posts and forged ids, HTML kept
 * as text, NUL bytes, oversized and malformed bodies, the rate limit, 20 parallel replies, hiding and
 * reports.
 */
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "../../../../tests/setup/databases";
import { mentor, type Mentor } from "../../../../tests/support/chat";
import { del, LOCKED_DISCUSSION, OPEN_DISCUSSION, PAID_DISCUSSION, post, postId, thread } from "../../../../tests/support/discussions";
import { Browser, expectError, json } from "../../../../tests/support/http";
import { register, sessionBrowser, type Registered } from "../../../../tests/support/sign-in";
import type { TDiscussionPost, TDiscussionReply } from "../../../domain/discussion";
import { courses, elements } from "../../db/schema/courses";
import { discussionPosts } from "../../db/schema/discussions";
import { upsertPortal } from "../../db/seed/factories";

const posts = (discussionId: string) => `/api/discussions/${discussionId}/posts`;

describeEachDatabase(
  "discussions: robustness",
  (t) => {
    let app: FastifyInstance;
    let aylin: Mentor;
    let learner: Registered;
    beforeAll(async () => {
      app = t.app;
      aylin = await mentor(app, t.database, t.config.PORTAL_ID, { name: "Aylin Robust" });
      learner = await register(app);
    });

    it("guests and anonymous sessions get the sign-in door; a bad token is 401", async () => {
      const guest = new Browser(app);
      const session = await sessionBrowser(app);
      for (const b of [guest, session.browser]) {
        expectError(await b.get("/api/courses/reading-foundations/discussions"), 403, "REGISTRATION-REQUIRED");
        expectError(await b.get(`/api/discussions/${OPEN_DISCUSSION}`), 403, "REGISTRATION-REQUIRED");
        expectError(await b.post(posts(OPEN_DISCUSSION), { id: postId(), text: "Hi" }), 403, "REGISTRATION-REQUIRED");
        expectError(await b.get("/api/mentor/discussions/waiting"), 403, "REGISTRATION-REQUIRED");
      }
      expectError(await guest.post(posts(OPEN_DISCUSSION), { id: postId(), text: "Hi" }, { authorization: "Bearer nonsense" }), 401, "TOKEN-BAD");
      expect(await t.db.select().from(discussionPosts).where(eq(discussionPosts.text, "Hi"))).toEqual([]);
    });

    it("an element the learner cannot open, an unknown and another portal's discussion are refused", async () => {
      expectError(await learner.browser.get(`/api/discussions/${LOCKED_DISCUSSION}`), 403, "ELEMENT-LOCKED");
      expectError(await learner.browser.post(posts(LOCKED_DISCUSSION), { id: postId(), text: "Early" }), 403, "ELEMENT-LOCKED");
      expectError(await learner.browser.post(posts(PAID_DISCUSSION), { id: postId(), text: "Free ride" }), 403, "COURSE-NOT-BOUGHT");
      expectError(await learner.browser.get("/api/discussions/disc-no-such-thing"), 404, "DISCUSSION-NOT-FOUND");
      expectError(await learner.browser.get("/api/discussions/bad%20id"), 400, "VALIDATION");

      await upsertPortal(t.db, { id: "lp-elsewhere-disc" });
      await t.db
        .insert(courses)
        .values({ id: "elsewhere-course", portalId: "lp-elsewhere-disc", title: { en: "Elsewhere" }, published: true })
        .onConflictDoNothing();
      await t.db
        .insert(elements)
        .values({
          id: "elsewhere-lesson",
          courseId: "elsewhere-course",
          type: "lesson",
          title: { en: "Elsewhere lesson" },
          number: 1,
          index: 0,
          discussionId: "disc-elsewhere",
          discussionActive: true,
        })
        .onConflictDoNothing();
      for (const who of [learner, aylin]) {
        expectError(await who.browser.get("/api/discussions/disc-elsewhere"), 404, "DISCUSSION-NOT-FOUND");
        expectError(await who.browser.post(posts("disc-elsewhere"), { id: postId(), text: "Across" }), 404, "DISCUSSION-NOT-FOUND");
      }
      expectError(await learner.browser.get("/api/courses/elsewhere-course/discussions"), 404, "DISCUSSION-NOT-FOUND");
    });

    it("HTML and script are stored and returned verbatim, as text", async () => {
      const text = `<script>alert("x")</script> <img src=x onerror=alert(1)> & <b>bold</b> [a](javascript:alert(1))`;
      const sent = await post(learner, OPEN_DISCUSSION, text);
      expect(sent.text).toBe(text);
      const [row] = await t.db.select().from(discussionPosts).where(eq(discussionPosts.id, sent.id));
      expect(row!.text).toBe(text);
      expect((await thread(aylin, OPEN_DISCUSSION)).items.find((i) => i.id === sent.id)!.text).toBe(text);
    });

    it("refuses NUL bytes, oversized, malformed and forged bodies", async () => {
      const url = posts(OPEN_DISCUSSION);
      expectError(await learner.browser.post(url, { id: postId(), text: "a\u0000b" }), 400, "VALIDATION");
      expectError(await learner.browser.post(url, { id: postId(), text: "x".repeat(1501) }), 400, "VALIDATION");
      expect((await learner.browser.post(url, { id: postId(), text: "x".repeat(1500) })).statusCode).toBe(201);
      expectError(await learner.browser.post(url, { id: postId(), text: "   " }), 400, "VALIDATION");
      expectError(await learner.browser.post(url, { id: "lpmmsg:not-a-post-id", text: "Hi" }), 400, "VALIDATION");
      expectError(await learner.browser.post(url, { id: postId(), text: "Hi", extra: true }), 400, "VALIDATION");
      expectError(await learner.browser.post(url, { id: postId(), text: ["Hi"] }), 400, "VALIDATION");
      expectError(await learner.browser.post(url, { id: postId(), text: "y".repeat(40_000) }), 413, "PAYLOAD-TOO-LARGE");
      const malformed = await learner.browser.request({ method: "POST", url, payload: '{"id": "dpost:', headers: { "content-type": "application/json" } });
      expect(malformed.statusCode).toBe(400);
      // Posting as someone else.
      expectError(await learner.browser.post(url, { id: postId(), text: "As Aylin", userId: aylin.userId }), 403, "DISCUSSION-NOT-YOURS");
      expect(await t.db.select().from(discussionPosts).where(eq(discussionPosts.text, "As Aylin"))).toEqual([]);
    });

    it("a used id is the same post again (200) or a conflict; replies have one level; a foreign parent is refused", async () => {
      const id = postId();
      const first = await post(learner, OPEN_DISCUSSION, "Once", { id });
      const again = await learner.browser.post(posts(OPEN_DISCUSSION), { id, text: "Once" });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toMatchObject({ id, createdAt: first.createdAt });
      expectError(await learner.browser.post(posts(OPEN_DISCUSSION), { id, text: "Changed" }), 409, "DISCUSSION-POST-CONFLICT");
      const other = await register(app);
      expectError(await other.browser.post(posts(OPEN_DISCUSSION), { id, text: "Once" }), 409, "DISCUSSION-POST-CONFLICT");
      expect(await t.db.select().from(discussionPosts).where(eq(discussionPosts.id, id))).toHaveLength(1);

      const reply = await post(other, OPEN_DISCUSSION, "A reply", { parentId: first.id });
      expectError(await learner.browser.post(posts(OPEN_DISCUSSION), { id: postId(), text: "Deeper", parentId: reply.id }), 400, "DISCUSSION-REPLY-TOO-DEEP");
      expectError(await learner.browser.post(posts(OPEN_DISCUSSION), { id: postId(), text: "Ghost", parentId: postId() }), 404, "DISCUSSION-POST-NOT-FOUND");
      // A post of another discussion as the parent, through a discussion the learner may open.
      const mentorThread = await post(aylin, LOCKED_DISCUSSION, "Locked thread");
      expectError(
        await learner.browser.post(posts(OPEN_DISCUSSION), { id: postId(), text: "Jump", parentId: mentorThread.id }),
        404,
        "DISCUSSION-POST-NOT-FOUND",
      );
      // Another discussion's post under this discussion's path.
      expectError(await learner.browser.get(`${posts(OPEN_DISCUSSION)}/${mentorThread.id}`), 404, "DISCUSSION-POST-NOT-FOUND");
      expectError(await learner.browser.patch(`${posts(OPEN_DISCUSSION)}/${mentorThread.id}`, { text: "x" }), 404, "DISCUSSION-POST-NOT-FOUND");
    });

    it("20 parallel replies all land once, in the order they were stored; 20 retries of one id store one", async () => {
      const root = await post(learner, OPEN_DISCUSSION, "Race root");
      const ids = Array.from({ length: 20 }, () => postId());
      const replies = await Promise.all(ids.map((id, i) => aylin.browser.post(posts(OPEN_DISCUSSION), { id, text: `Reply ${i}`, parentId: root.id })));
      expect(replies.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
      const stored = await t.db.select().from(discussionPosts).where(eq(discussionPosts.parentId, root.id));
      expect(stored.map((r) => r.id).sort()).toEqual([...ids].sort());
      const bySeq = [...stored].sort((a, b) => a.seq - b.seq);
      const entry = json<TDiscussionPost>(await learner.browser.get(`${posts(OPEN_DISCUSSION)}/${root.id}`));
      expect(entry.replies.map((r) => r.id)).toEqual(bySeq.map((r) => r.id));
      const times = entry.replies.map((r) => Date.parse(r.createdAt));
      expect(times).toEqual([...times].sort((a, b) => a - b));
      expect(Date.parse(entry.lastActivityAt)).toBe(times.at(-1));

      const id = postId();
      const retries = await Promise.all(
        Array.from({ length: 20 }, () => learner.browser.post(posts(OPEN_DISCUSSION), { id, text: "Retry", parentId: root.id })),
      );
      expect(retries.map((r) => r.statusCode).sort()).toEqual([...Array(19).fill(200), 201]);
      expect(await t.db.select().from(discussionPosts).where(eq(discussionPosts.id, id))).toHaveLength(1);
    });

    it("a mentor hides a post with a reason: its author sees it marked, others do not; restore shows it again", async () => {
      const author = await register(app);
      const reader = await register(app);
      const rude = await post(author, OPEN_DISCUSSION, "Something rude");
      const reply = await post(reader, OPEN_DISCUSSION, "Reply to rude", { parentId: rude.id });
      const url = `${posts(OPEN_DISCUSSION)}/${rude.id}`;

      expectError(await reader.browser.post(`/api/mentor/discussion-posts/${rude.id}/hide`, { reason: "No" }), 403, "MENTORS-ONLY");
      expectError(await aylin.browser.post(`/api/mentor/discussion-posts/${rude.id}/hide`, {}), 400, "VALIDATION");
      const hidden = json<TDiscussionReply>(await aylin.browser.post(`/api/mentor/discussion-posts/${rude.id}/hide`, { reason: "Be kind" }));
      expect(hidden).toMatchObject({ hidden: true, hiddenReason: "Be kind" });

      expect(json<TDiscussionPost>(await author.browser.get(url))).toMatchObject({ hidden: true, hiddenReason: "Be kind", text: "Something rude" });
      expectError(await reader.browser.get(url), 404, "DISCUSSION-POST-NOT-FOUND");
      expectError(await reader.browser.get(`${posts(OPEN_DISCUSSION)}/${reply.id}`), 404, "DISCUSSION-POST-NOT-FOUND");
      expect((await thread(reader, OPEN_DISCUSSION, "&limit=20")).items.map((i) => i.id)).not.toContain(rude.id);
      expectError(await reader.browser.post(posts(OPEN_DISCUSSION), { id: postId(), text: "Still?", parentId: rude.id }), 404, "DISCUSSION-POST-NOT-FOUND");
      expect(json<TDiscussionPost>(await aylin.browser.get(url))).toMatchObject({ hidden: true, hiddenReason: "Be kind" });

      const restored = json<TDiscussionReply>(await aylin.browser.post(`/api/mentor/discussion-posts/${rude.id}/restore`));
      expect(restored).toMatchObject({ hidden: false, hiddenReason: null });
      expect(json<TDiscussionPost>(await reader.browser.get(url)).replies.map((r) => r.id)).toEqual([reply.id]);
      expectError(await aylin.browser.post(`/api/mentor/discussion-posts/${postId()}/hide`, { reason: "x" }), 404, "DISCUSSION-POST-NOT-FOUND");
    });

    it("learners report posts; mentors list the reports; hiding or dismissing resolves them", async () => {
      const author = await register(app);
      const reporter = await register(app);
      const target = await post(author, OPEN_DISCUSSION, "Spam spam spam");
      const reportUrl = `${posts(OPEN_DISCUSSION)}/${target.id}/report`;
      expect((await reporter.browser.post(reportUrl, { reason: "Spam" })).statusCode).toBe(201);
      expect((await reporter.browser.post(reportUrl, { reason: "Spam again" })).statusCode).toBe(200);
      expectError(await reporter.browser.post(reportUrl, { reason: "" }), 400, "VALIDATION");
      expectError(await reporter.browser.get("/api/mentor/discussion-reports"), 403, "MENTORS-ONLY");

      type Reports = { items: Array<{ id: string; postId: string; reason: string; reporter: { id: string }; resolvedAt: string | null }> };
      const open = json<Reports>(await aylin.browser.get("/api/mentor/discussion-reports?lang=en"));
      const mine = open.items.filter((r) => r.postId === target.id);
      expect(mine.map((r) => [r.reason, r.reporter.id, r.resolvedAt])).toEqual([["Spam", reporter.userId, null]]);

      await aylin.browser.post(`/api/mentor/discussion-posts/${target.id}/hide`, { reason: "Spam" });
      const still = json<Reports>(await aylin.browser.get("/api/mentor/discussion-reports"));
      expect(still.items.map((r) => r.postId)).not.toContain(target.id);
      expect(json<Reports>(await aylin.browser.get("/api/mentor/discussion-reports?status=resolved")).items.map((r) => r.id)).toContain(mine[0]!.id);

      const other = await post(author, OPEN_DISCUSSION, "Borderline");
      await reporter.browser.post(`${posts(OPEN_DISCUSSION)}/${other.id}/report`, { reason: "Hmm" });
      const report = json<Reports>(await aylin.browser.get("/api/mentor/discussion-reports")).items.find((r) => r.postId === other.id)!;
      expect(json<{ resolvedAt: string | null }>(await aylin.browser.post(`/api/mentor/discussion-reports/${report.id}/resolve`)).resolvedAt).not.toBeNull();
      expectError(await aylin.browser.post("/api/mentor/discussion-reports/drep_aaaaaaaaaaaaaaaaaaaaaaaaaa/resolve"), 404, "DISCUSSION-REPORT-NOT-FOUND");
    });

    it("deleting another's post is refused and changes nothing", async () => {
      const author = await register(app);
      const mine = await post(author, OPEN_DISCUSSION, "Mine to keep");
      for (const who of [learner, aylin]) expectError(await del(who, `${posts(OPEN_DISCUSSION)}/${mine.id}`), 403, "DISCUSSION-NOT-YOURS");
      const [row] = await t.db.select().from(discussionPosts).where(eq(discussionPosts.id, mine.id));
      expect(row).toMatchObject({ text: "Mine to keep", deletedAt: null });
    });

    it("posting is rate limited per account", async () => {
      const limited = await t.buildApp({ DISCUSSION_POSTS_PER_MINUTE: "3" });
      const who = await register(limited);
      for (let i = 0; i < 3; i++) expect((await who.browser.post(posts(OPEN_DISCUSSION), { id: postId(), text: `Burst ${i}` })).statusCode).toBe(201);
      expectError(await who.browser.post(posts(OPEN_DISCUSSION), { id: postId(), text: "One too many" }), 429, "RATE-LIMITED");
      expect(await t.db.select().from(discussionPosts).where(eq(discussionPosts.text, "One too many"))).toEqual([]);
    });
  },
  { env: { DISCUSSION_POSTS_PER_MINUTE: "1000" } },
);
