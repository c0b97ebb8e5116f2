/**
 * Discussions over the API (issue 14, docs/api/discussions.md): the popup's list, a thread with one
 * level of replies, a mentor's answer and its notification, pinning, paging, the author's edits and
 * deletions, and the admin switch through the content version.
 */
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "../../../../tests/setup/databases";
import { mentor, type Mentor } from "../../../../tests/support/chat";
import { admin, del, LOCKED_DISCUSSION, OPEN_DISCUSSION, post, postId, thread } from "../../../../tests/support/discussions";
import { Browser, expectError, json } from "../../../../tests/support/http";
import { register, type Registered } from "../../../../tests/support/sign-in";
import type { TCreatedDiscussionPost, TDiscussionListItem, TDiscussionPost, TDiscussionReply } from "../../../domain/discussion";
import type { TElement } from "../../../domain/element";
import { discussionPosts } from "../../db/schema/discussions";
import { DEMO_ANSWER_AWARD } from "../../db/seed/demo-rewards";

describeEachDatabase(
  "discussions: threads, answers and the switch",
  (t) => {
    let app: FastifyInstance;
    let aylin: Mentor;
    beforeAll(async () => {
      app = t.app;
      aylin = await mentor(app, t.database, t.config.PORTAL_ID, { name: "Aylin Disc" });
    });
    const list = async (who: Registered) =>
      json<{ items: TDiscussionListItem[] }>(await who.browser.get("/api/courses/reading-foundations/discussions?lang=en")).items;

    it("a learner posts, a mentor answers from the queue, the learner is told, the answer is pinned", async () => {
      const learner = await register(app);
      const before = await list(learner);
      // Only the element the learner may open: the later webinar is locked for a new learner.
      expect(before.map((i) => [i.discussionId, i.type, i.number, i.started])).toEqual([[OPEN_DISCUSSION, "lesson", 1, false]]);
      expect(before[0]!.path).toBe("/en/courses/reading-foundations/lesson/rf-slow-reading");

      const question = await post(learner, OPEN_DISCUSSION, "  What does slow reading mean?  ");
      expect(question).toMatchObject({
        text: "What does slow reading mean?",
        parentId: null,
        mine: true,
        deleted: false,
        hidden: false,
        pinned: false,
        author: { id: learner.userId, isMentor: false },
      });
      expect((await list(learner))[0]!.started).toBe(true);

      const queue = json<{ items: Array<{ post: TDiscussionPost; discussion: { id: string; elementId: string } }> }>(
        await aylin.browser.get("/api/mentor/discussions/waiting?lang=en"),
      );
      const waiting = queue.items.find((i) => i.post.id === question.id);
      expect(waiting?.discussion).toMatchObject({ id: OPEN_DISCUSSION, elementId: "rf-slow-reading" });
      expect(waiting?.post.answered).toBe(false);

      const answer = await post(aylin, OPEN_DISCUSSION, "Reading every sentence twice.", { parentId: question.id });
      expect(answer.author).toMatchObject({ id: aylin.userId, fullName: "Aylin Disc", isMentor: true, avatarUrl: "/demo/mentors/aylin.svg" });
      const after = json<{ items: Array<{ post: { id: string } }> }>(await aylin.browser.get("/api/mentor/discussions/waiting"));
      expect(after.items.map((i) => i.post.id)).not.toContain(question.id);

      const notes = json<{ items: Array<{ type: string; title: string; text: string; link: string }> }>(await learner.browser.get("/api/notifications"));
      expect(notes.items[0]).toMatchObject({
        type: "discussion-reply",
        title: "Aylin Disc",
        text: "Reading every sentence twice.",
        link: `/en/courses/reading-foundations/lesson/rf-slow-reading?discussion=${OPEN_DISCUSSION}`,
      });

      const pinned = json<TDiscussionReply>(await aylin.browser.post(`/api/mentor/discussion-posts/${answer.id}/pin`, { pinned: true }));
      expect(pinned.pinned).toBe(true);
      const mine = await thread(learner, OPEN_DISCUSSION);
      expect(mine.discussion).toMatchObject({ id: OPEN_DISCUSSION, active: true });
      const entry = mine.items.find((i) => i.id === question.id)!;
      expect(entry).toMatchObject({ answered: true, moreReplies: false });
      expect(entry.replies.map((r) => [r.id, r.pinned, r.author.isMentor, r.mine])).toEqual([[answer.id, true, true, false]]);
      // A second pinned answer unpins the first.
      const second = await post(aylin, OPEN_DISCUSSION, "Or aloud.", { parentId: question.id });
      await aylin.browser.post(`/api/mentor/discussion-posts/${second.id}/pin`, { pinned: true });
      const one = json<TDiscussionPost>(await learner.browser.get(`/api/discussions/${OPEN_DISCUSSION}/posts/${second.id}`));
      expect(one.id).toBe(question.id);
      expect(one.replies.map((r) => [r.id, r.pinned])).toEqual([
        [answer.id, false],
        [second.id, true],
      ]);
      // A top-level post is no answer; a learner may not pin.
      expectError(await aylin.browser.post(`/api/mentor/discussion-posts/${question.id}/pin`, { pinned: true }), 400, "VALIDATION");
      expectError(await learner.browser.post(`/api/mentor/discussion-posts/${answer.id}/pin`, { pinned: true }), 403, "MENTORS-ONLY");
    });

    it("a reply by another learner tells the author and starts the thread for them", async () => {
      const author = await register(app);
      const other = await register(app);
      const root = await post(author, OPEN_DISCUSSION, "Anyone else stuck?");
      await post(other, OPEN_DISCUSSION, "Me too", { parentId: root.id });
      const notes = json<{ items: Array<{ type: string }> }>(await author.browser.get("/api/notifications"));
      expect(notes.items.map((n) => n.type)).toEqual(["discussion-reply"]);
      // Replying to oneself tells nobody.
      await post(author, OPEN_DISCUSSION, "Found it", { parentId: root.id });
      expect(json<{ items: unknown[] }>(await author.browser.get("/api/notifications")).items).toHaveLength(1);
      expect((await list(other))[0]!.started).toBe(true);
    });

    it("a learner's first answer to another's post earns the answer award once; a reply under one's own post and a mentor's answer earn nothing", async () => {
      const awardsOf = async (who: Registered) =>
        json<{ awards: Array<{ awardId: string; courseId: string | null }> }>(await who.browser.get("/api/rewards/mine?lang=en"))
          .awards.filter((a) => a.awardId === DEMO_ANSWER_AWARD.id)
          .map((a) => [a.awardId, a.courseId]);
      const asker = await register(app);
      const helper = await register(app);
      const root = await post(asker, OPEN_DISCUSSION, "Where do I start?");
      expect(root.awards).toEqual([]);
      expect((await post(asker, OPEN_DISCUSSION, "Found it myself", { parentId: root.id })).awards).toEqual([]);
      expect(await awardsOf(asker)).toEqual([]);
      expect((await post(aylin, OPEN_DISCUSSION, "Lesson one.", { parentId: root.id })).awards).toEqual([]);
      expect(await awardsOf(aylin)).toEqual([]);

      const id = postId();
      const answer = () => helper.browser.post(`/api/discussions/${OPEN_DISCUSSION}/posts?lang=en`, { id, text: "From lesson one", parentId: root.id });
      // The same answer sent five times at once (a retry storm), then a second answer: one award, told to one reply only.
      const replies = await Promise.all(Array.from({ length: 5 }, answer));
      expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
      const told = replies.flatMap((r) => json<TCreatedDiscussionPost>(r, r.statusCode).awards);
      expect(told).toEqual([{ awardId: DEMO_ANSWER_AWARD.id, courseId: "reading-foundations" }]);
      // A retry later, and a second answer: nothing new.
      expect(json<TCreatedDiscussionPost>(await answer(), 200).awards).toEqual([]);
      expect((await post(helper, OPEN_DISCUSSION, "And read slowly", { parentId: root.id })).awards).toEqual([]);
      expect(await awardsOf(helper)).toEqual([[DEMO_ANSWER_AWARD.id, "reading-foundations"]]);
    });

    it("a thread entry shows the newest 100 replies; older ones come a page at a time, oldest first", async () => {
      const author = await register(app);
      const other = await register(app);
      const root = await post(author, OPEN_DISCUSSION, "Many answers");
      // 105 replies written straight to the table: the API's posting limit would take minutes.
      await t.db.insert(discussionPosts).values(
        Array.from({ length: 105 }, (_, i) => ({
          id: `dpost:many${String(i + 1).padStart(3, "0")}${root.id.slice(6, 18)}`,
          portalId: t.config.PORTAL_ID,
          discussionId: OPEN_DISCUSSION,
          elementId: "rf-slow-reading",
          courseId: "reading-foundations",
          parentId: root.id,
          authorId: other.userId,
          authorKind: "learner" as const,
          text: `Reply ${i + 1}`,
        })),
      );
      const entry = json<TDiscussionPost>(await author.browser.get(`/api/discussions/${OPEN_DISCUSSION}/posts/${root.id}`));
      expect(entry.replies).toHaveLength(100);
      expect([entry.replies[0]!.text, entry.replies.at(-1)!.text]).toEqual(["Reply 6", "Reply 105"]);
      expect(entry).toMatchObject({ moreReplies: true, olderReplies: expect.any(String) });

      const older = async (before: string, limit: number) =>
        json<{ items: TDiscussionReply[]; olderReplies: string | null }>(
          await author.browser.get(`/api/discussions/${OPEN_DISCUSSION}/posts/${root.id}/replies?before=${before}&limit=${limit}`),
        );
      const first = await older(entry.olderReplies!, 3);
      expect(first.items.map((r) => r.text)).toEqual(["Reply 3", "Reply 4", "Reply 5"]);
      expect(first.items[0]!.author).toMatchObject({ id: other.userId, isMentor: false });
      const last = await older(first.olderReplies!, 3);
      expect(last).toMatchObject({ olderReplies: null });
      expect(last.items.map((r) => r.text)).toEqual(["Reply 1", "Reply 2"]);

      // A reply's id is no thread entry; another discussion, a guest, a bad position are refused.
      const replyId = entry.replies[0]!.id;
      expectError(await author.browser.get(`/api/discussions/${OPEN_DISCUSSION}/posts/${replyId}/replies?before=1`), 404, "DISCUSSION-POST-NOT-FOUND");
      expectError(await author.browser.get(`/api/discussions/${LOCKED_DISCUSSION}/posts/${root.id}/replies?before=1`), 403, "ELEMENT-LOCKED");
      expectError(await author.browser.get(`/api/discussions/${OPEN_DISCUSSION}/posts/${root.id}/replies?before=x1`), 400, "VALIDATION");
      expectError(await author.browser.get(`/api/discussions/${OPEN_DISCUSSION}/posts/${root.id}/replies`), 400, "VALIDATION");
      expectError(await new Browser(app).get(`/api/discussions/${OPEN_DISCUSSION}/posts/${root.id}/replies?before=1`), 403, "REGISTRATION-REQUIRED");
    });

    it("newest activity first; a reply moves its post up; older posts by cursor", async () => {
      const learner = await register(app);
      const a = await post(learner, OPEN_DISCUSSION, "Paging A");
      const b = await post(learner, OPEN_DISCUSSION, "Paging B");
      const c = await post(learner, OPEN_DISCUSSION, "Paging C");
      await post(learner, OPEN_DISCUSSION, "Reply to A", { parentId: a.id });
      const first = await thread(learner, OPEN_DISCUSSION, "&limit=2");
      expect(first.items.map((i) => i.id)).toEqual([a.id, c.id]);
      expect(first.nextCursor).not.toBeNull();
      const next = await thread(learner, OPEN_DISCUSSION, `&limit=2&before=${first.nextCursor}`);
      expect(next.items[0]!.id).toBe(b.id);
      expectError(await learner.browser.get(`/api/discussions/${OPEN_DISCUSSION}?limit=21`), 400, "VALIDATION");
      expectError(await learner.browser.get(`/api/discussions/${OPEN_DISCUSSION}?before=nonsense`), 400, "VALIDATION");
    });

    it("the author edits and deletes; another's post is refused; a deleted post with replies stays as a placeholder", async () => {
      const author = await register(app);
      const other = await register(app);
      const mine = await post(author, OPEN_DISCUSSION, "First version");
      const url = `/api/discussions/${OPEN_DISCUSSION}/posts/${mine.id}`;
      const edited = json<TDiscussionReply>(await author.browser.patch(url, { text: "Second version" }));
      expect(edited).toMatchObject({ text: "Second version", editedAt: expect.any(String) });

      expectError(await other.browser.patch(url, { text: "Hijacked" }), 403, "DISCUSSION-NOT-YOURS");
      expectError(await del(other, url), 403, "DISCUSSION-NOT-YOURS");
      expectError(await aylin.browser.patch(url, { text: "Mentor edit" }), 403, "DISCUSSION-NOT-YOURS");
      const [row] = await t.db.select().from(discussionPosts).where(eq(discussionPosts.id, mine.id));
      expect(row).toMatchObject({ text: "Second version", deletedAt: null });

      await post(other, OPEN_DISCUSSION, "A reply", { parentId: mine.id });
      expect(json(await del(author, url))).toEqual({ id: mine.id, deleted: true });
      const placeholder = json<TDiscussionPost>(await other.browser.get(url));
      expect(placeholder).toMatchObject({ deleted: true, text: "" });
      expect(placeholder.replies.map((r) => r.text)).toEqual(["A reply"]);
      expectError(await author.browser.patch(url, { text: "Back" }), 404, "DISCUSSION-POST-NOT-FOUND");
      expectError(await del(author, url), 404, "DISCUSSION-POST-NOT-FOUND");

      const lonely = await post(author, OPEN_DISCUSSION, "Nobody answers this");
      await del(author, `/api/discussions/${OPEN_DISCUSSION}/posts/${lonely.id}`);
      expectError(await other.browser.get(`/api/discussions/${OPEN_DISCUSSION}/posts/${lonely.id}`), 404, "DISCUSSION-POST-NOT-FOUND");
      expect((await thread(other, OPEN_DISCUSSION)).items.map((i) => i.id)).not.toContain(lonely.id);
    });

    it("an admin switches a discussion off and on: the content version moves, learners are refused while it is off", async () => {
      const boss = await admin(app, t.database);
      const learner = await register(app);
      const url = "/api/admin/elements/rf-slow-reading/discussion";
      expectError(await learner.browser.put(url, { active: false }), 403, "ADMINS-ONLY");
      expectError(await aylin.browser.put(url, { active: false }), 403, "ADMINS-ONLY");
      expectError(await boss.browser.put("/api/admin/elements/no-such-element/discussion", { active: false }), 404, "ELEMENT-NOT-RECEIVED");
      expectError(await boss.browser.put(url, { active: "no" }), 400, "VALIDATION");
      try {
        expect(json(await boss.browser.put(url, { active: false }))).toEqual({
          elementId: "rf-slow-reading",
          discussion: { id: OPEN_DISCUSSION, active: false },
        });
        // The element list is cached content: the next read sees the switch.
        const { elements } = json<{ elements: TElement[] }>(await learner.browser.get("/api/courses/reading-foundations/elements?lang=en"));
        expect(elements.find((e) => e.id === "rf-slow-reading")!.discussion).toEqual({ id: OPEN_DISCUSSION, active: false });
        expect(await list(learner)).toEqual([]);
        expectError(await learner.browser.get(`/api/discussions/${OPEN_DISCUSSION}`), 403, "DISCUSSION-CLOSED");
        expectError(await learner.browser.post(`/api/discussions/${OPEN_DISCUSSION}/posts`, { id: postId(), text: "Closed?" }), 403, "DISCUSSION-CLOSED");
        // Mentors still read and moderate it, but nobody posts.
        expect((await thread(aylin, OPEN_DISCUSSION)).discussion.active).toBe(false);
        expectError(await aylin.browser.post(`/api/discussions/${OPEN_DISCUSSION}/posts`, { id: postId(), text: "Closed?" }), 403, "DISCUSSION-CLOSED");
      } finally {
        expect(json(await boss.browser.put(url, { active: true }))).toMatchObject({ discussion: { id: OPEN_DISCUSSION, active: true } });
      }
      expect((await list(learner)).map((i) => i.discussionId)).toEqual([OPEN_DISCUSSION]);
      // An element without a discussion gets one when first switched on.
      try {
        expect(json(await boss.browser.put("/api/admin/elements/rf-main-idea/discussion", { active: true }))).toEqual({
          elementId: "rf-main-idea",
          discussion: { id: "disc-rf-main-idea", active: true },
        });
      } finally {
        await boss.browser.put("/api/admin/elements/rf-main-idea/discussion", { active: false });
      }
    });

    it("a mentor sees every thread of the portal, locked or not for them", async () => {
      expect((await thread(aylin, LOCKED_DISCUSSION)).discussion.id).toBe(LOCKED_DISCUSSION);
    });
  },
  { env: { DISCUSSION_POSTS_PER_MINUTE: "1000" } },
);
