/**
 * Following a thread and the digest setting over the API (issue 14 "beyond peers", docs/decisions/0044):
 * the access rule of reading the thread, idempotence, the thread's and the list's `following`,
 * following on posting (an unfollow is remembered), and the profile's choice — under attack.
 */
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "../../../../tests/setup/databases";
import { mentor, type Mentor } from "../../../../tests/support/chat";
import { admin, follow, LOCKED_DISCUSSION, OPEN_DISCUSSION, PAID_DISCUSSION, post, thread } from "../../../../tests/support/discussions";
import { Browser, expectError, json } from "../../../../tests/support/http";
import { register, sessionBrowser, type Registered } from "../../../../tests/support/sign-in";
import type { TDiscussionListItem } from "../../../domain/discussion";
import { courses, elements } from "../../db/schema/courses";
import { discussionDigests, discussionFollows } from "../../db/schema/discussions";
import { upsertPortal } from "../../db/seed/factories";

const followUrl = (id: string) => `/api/discussions/${id}/follow`;
const DIGEST = "/api/profile/discussion-digest";

describeEachDatabase(
  "discussions: following and the digest setting",
  (t) => {
    let app: FastifyInstance;
    let aylin: Mentor;
    beforeAll(async () => {
      app = t.app;
      aylin = await mentor(app, t.database, t.config.PORTAL_ID, { name: "Aylin Follow" });
    });
    const listed = async (who: Registered) =>
      json<{ items: TDiscussionListItem[] }>(await who.browser.get("/api/courses/reading-foundations/discussions?lang=en")).items.find(
        (i) => i.discussionId === OPEN_DISCUSSION,
      )!;
    const rows = (userId: string) => t.db.select().from(discussionFollows).where(eq(discussionFollows.userId, userId));

    it("a learner follows and unfollows; both are idempotent; the thread and the popup list say so", async () => {
      const learner = await register(app);
      expect((await thread(learner, OPEN_DISCUSSION)).following).toBe(false);
      expect((await listed(learner)).following).toBe(false);

      for (let i = 0; i < 2; i++) expect(json(await follow(learner, OPEN_DISCUSSION, true))).toEqual({ discussionId: OPEN_DISCUSSION, following: true });
      expect((await thread(learner, OPEN_DISCUSSION)).following).toBe(true);
      expect((await listed(learner)).following).toBe(true);
      expect(await rows(learner.userId)).toHaveLength(1);
      // Following starts the person's e-mails, daily unless chosen, in the language they read in.
      const [digest] = await t.db.select().from(discussionDigests).where(eq(discussionDigests.userId, learner.userId));
      expect(digest).toMatchObject({ period: "daily", lang: "en" });

      for (let i = 0; i < 2; i++) expect(json(await follow(learner, OPEN_DISCUSSION, false))).toEqual({ discussionId: OPEN_DISCUSSION, following: false });
      expect((await thread(learner, OPEN_DISCUSSION)).following).toBe(false);
      expect(await rows(learner.userId)).toMatchObject([{ following: false }]);
      // Another person's choice is theirs alone.
      const other = await register(app);
      expect((await thread(other, OPEN_DISCUSSION)).following).toBe(false);
    });

    it("posting follows the thread; an unfollow is remembered; a mentor's answer does not follow", async () => {
      const asker = await register(app);
      const question = await post(asker, OPEN_DISCUSSION, "Will I hear the answers?");
      expect((await thread(asker, OPEN_DISCUSSION)).following).toBe(true);

      await follow(asker, OPEN_DISCUSSION, false);
      await post(asker, OPEN_DISCUSSION, "Another question");
      await post(asker, OPEN_DISCUSSION, "And a reply to myself", { parentId: question.id });
      expect((await thread(asker, OPEN_DISCUSSION)).following).toBe(false);

      const replier = await register(app);
      await post(replier, OPEN_DISCUSSION, "A reply follows too", { parentId: question.id });
      expect((await thread(replier, OPEN_DISCUSSION)).following).toBe(true);

      await post(aylin, OPEN_DISCUSSION, "The answer", { parentId: question.id });
      expect((await thread(aylin, OPEN_DISCUSSION)).following).toBe(false);
      // A mentor may follow any thread of the portal, even one locked for learners.
      expect(json(await follow(aylin, LOCKED_DISCUSSION, true))).toEqual({ discussionId: LOCKED_DISCUSSION, following: true });
    });

    it("guests and anonymous sessions get the sign-in door; a bad token is 401; nothing is stored", async () => {
      const guest = new Browser(app);
      const session = await sessionBrowser(app);
      for (const b of [guest, session.browser]) {
        expectError(await b.put(followUrl(OPEN_DISCUSSION), { following: true }), 403, "REGISTRATION-REQUIRED");
        expectError(await b.get(DIGEST), 403, "REGISTRATION-REQUIRED");
        expectError(await b.put(DIGEST, { period: "weekly" }), 403, "REGISTRATION-REQUIRED");
      }
      expectError(await guest.put(followUrl(OPEN_DISCUSSION), { following: true }, { authorization: "Bearer nonsense" }), 401, "TOKEN-BAD");
      expectError(await guest.put(DIGEST, { period: "off" }, { authorization: "Bearer nonsense" }), 401, "TOKEN-BAD");
      expect(await rows(session.userId)).toEqual([]);
    });

    it("a locked, unbought, unknown, closed or another portal's discussion is refused the way reading it is", async () => {
      const learner = await register(app);
      expectError(await follow(learner, LOCKED_DISCUSSION, true), 403, "ELEMENT-LOCKED");
      expectError(await follow(learner, PAID_DISCUSSION, true), 403, "COURSE-NOT-BOUGHT");
      expectError(await follow(learner, "disc-no-such-thing", true), 404, "DISCUSSION-NOT-FOUND");
      expectError(await learner.browser.put(followUrl("bad%20id"), { following: true }), 400, "VALIDATION");

      await upsertPortal(t.db, { id: "lp-elsewhere-follow" });
      await t.db
        .insert(courses)
        .values({ id: "elsewhere-follow-course", portalId: "lp-elsewhere-follow", title: { en: "Elsewhere" }, published: true })
        .onConflictDoNothing();
      await t.db
        .insert(elements)
        .values({
          id: "elsewhere-follow-lesson",
          courseId: "elsewhere-follow-course",
          type: "lesson",
          title: { en: "Elsewhere lesson" },
          number: 1,
          index: 0,
          discussionId: "disc-elsewhere-follow",
          discussionActive: true,
        })
        .onConflictDoNothing();
      for (const who of [learner, aylin]) expectError(await follow(who, "disc-elsewhere-follow", true), 404, "DISCUSSION-NOT-FOUND");

      const boss = await admin(app, t.database);
      const switchUrl = "/api/admin/elements/rf-slow-reading/discussion";
      json(await boss.browser.put(switchUrl, { active: false }));
      try {
        expectError(await follow(learner, OPEN_DISCUSSION, true), 403, "DISCUSSION-CLOSED");
      } finally {
        json(await boss.browser.put(switchUrl, { active: true }));
      }
      expect(await rows(learner.userId)).toEqual([]);
    });

    it("refuses malformed, forged, NUL-carrying and oversized bodies", async () => {
      const learner = await register(app);
      const url = followUrl(OPEN_DISCUSSION);
      for (const body of [{}, { following: "yes" }, { following: 1 }, { following: null }, { following: true, userId: aylin.userId }, [true]]) {
        expectError(await learner.browser.put(url, body), 400, "VALIDATION");
      }
      expectError(await learner.browser.put(followUrl("disc-rf\u0000slow"), { following: true }), 400, "VALIDATION");
      expectError(await learner.browser.put(url, { following: true, pad: "x".repeat(4_000) }), 413, "PAYLOAD-TOO-LARGE");
      const malformed = await learner.browser.request({ method: "PUT", url, payload: '{"following": tr', headers: { "content-type": "application/json" } });
      expect(malformed.statusCode).toBe(400);
      expect(await rows(learner.userId)).toEqual([]);
    });

    it("the digest setting: daily until chosen, each of the four choices kept, bad values refused", async () => {
      const learner = await register(app);
      expect(json(await learner.browser.get(DIGEST))).toEqual({ period: "daily" });
      for (const period of ["weekly", "each", "off", "daily"]) {
        expect(json(await learner.browser.put(`${DIGEST}?lang=ar`, { period }))).toEqual({ period });
        expect(json(await learner.browser.get(DIGEST))).toEqual({ period });
      }
      for (const body of [{}, { period: "hourly" }, { period: "DAILY" }, { period: "daily\u0000" }, { period: 7 }, { period: "daily", extra: 1 }]) {
        expectError(await learner.browser.put(DIGEST, body), 400, "VALIDATION");
      }
      expectError(await learner.browser.put(DIGEST, { period: "daily", pad: "x".repeat(4_000) }), 413, "PAYLOAD-TOO-LARGE");
      expectError(await learner.browser.put(`${DIGEST}?lang=${"x".repeat(20)}`, { period: "weekly" }), 400, "VALIDATION");
      const [row] = await t.db.select().from(discussionDigests).where(eq(discussionDigests.userId, learner.userId));
      // The letters' language is the one the profile was read in (a portal language).
      expect(row).toMatchObject({ period: "daily", lang: "ar" });
      // One person's choice never touches another's.
      expect(json(await (await register(app)).browser.get(DIGEST))).toEqual({ period: "daily" });
    });
  },
  { env: { DISCUSSION_POSTS_PER_MINUTE: "1000" } },
);
