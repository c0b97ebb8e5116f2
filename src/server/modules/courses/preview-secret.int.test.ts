/**
 * Creator preview secrets: wrong guesses are limited per client address (429 RATE-LIMITED), on the
 * course and the element API alike (the SSR preview page shares the counter; see
 * tests/e2e/content-access-ssr), and the public demo secret exists only with the demo content.
 */
import { isNotNull } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "../../../../tests/setup/databases";
import { courses } from "../../db/schema/courses";
import { upsertCourse, upsertElement } from "../../db/seed/course-factories";
import { seedAtStart, seedDemo } from "../../db/seed/demo";
import { DEMO_PREVIEW_SECRET } from "../../db/seed/demo-courses";
import { RATE_LIMITS } from "../../platform/rate-limit";
import { hashPreviewSecret } from "../../platform/preview-secret";
import { Browser, expectError, json } from "../../../../tests/support/http";

const SECRET = "pv-limit-secret-1";

describeEachDatabase("preview secrets: guesses are limited", (t) => {
  beforeAll(async () => {
    await upsertCourse(t.db, { id: "pv-draft", portalId: t.config.PORTAL_ID, title: { en: "Preview limit" }, published: false, previewSecret: SECRET });
    await upsertElement(t.db, { id: "pv-lesson", courseId: "pv-draft", type: "lesson", title: { en: "Lesson" }, index: 0 });
  });

  it(`after ${RATE_LIMITS.previewGuesses} wrong secrets an address gets 429 RATE-LIMITED, even with the right one; another address still previews`, async () => {
    const attacker = new Browser(t.app);
    for (let i = 0; i < RATE_LIMITS.previewGuesses; i++) {
      const url = i % 2 ? `/api/elements/pv-lesson?lang=en&secret=guess-${i}` : `/api/courses/pv-draft?lang=en&secret=guess-${i}`;
      expectError(await attacker.get(url), 403, "PREVIEW-DENIED");
    }
    expectError(await attacker.get("/api/courses/pv-draft?lang=en&secret=guess-x"), 429, "RATE-LIMITED");
    const blocked = await attacker.get(`/api/courses/pv-draft?lang=en&secret=${SECRET}`);
    expectError(blocked, 429, "RATE-LIMITED");
    expect(blocked.body).not.toContain("Preview limit");
    expectError(await attacker.get(`/api/elements/pv-lesson?lang=en&secret=${SECRET}`), 429, "RATE-LIMITED");
    // Without a secret the address is an ordinary visitor: the draft is simply not there.
    expectError(await attacker.get("/api/courses/pv-draft?lang=en"), 404, "COURSE-NOT-RECEIVED");

    const creator = new Browser(t.app);
    expect(json(await creator.get(`/api/courses/pv-draft?lang=en&secret=${SECRET}`))).toMatchObject({ id: "pv-draft", preview: true });
    expect(json(await creator.get(`/api/elements/pv-lesson?lang=en&secret=${SECRET}`))).toMatchObject({ id: "pv-lesson", preview: true });
  });

  it("right secrets do not count as guesses", async () => {
    const creator = new Browser(t.app);
    for (let i = 0; i < RATE_LIMITS.previewGuesses + 2; i++) json(await creator.get(`/api/courses/pv-draft?lang=en&secret=${SECRET}`));
  });

  it(`the API also caps every request that carries a secret (${RATE_LIMITS.previewRequests} per window), and only those`, async () => {
    const busy = new Browser(t.app);
    for (let i = 0; i < RATE_LIMITS.previewRequests; i++) expect((await busy.get(`/api/courses/pv-draft?lang=en&secret=${SECRET}`)).statusCode).toBe(200);
    expectError(await busy.get(`/api/courses/pv-draft?lang=en&secret=${SECRET}`), 429, "RATE-LIMITED");
    expect((await busy.get("/api/courses/reading-foundations?lang=en")).statusCode).toBe(200);
  });

  it("the window ends: a short window lets the address try again", async () => {
    // Long enough for the eleven requests on a busy machine, short enough to wait out.
    const app = await t.buildApp({ RATE_LIMIT_WINDOW_MS: "3000" });
    const b = new Browser(app);
    for (let i = 0; i < RATE_LIMITS.previewGuesses; i++) expectError(await b.get(`/api/courses/pv-draft?lang=en&secret=w-${i}`), 403, "PREVIEW-DENIED");
    expectError(await b.get(`/api/courses/pv-draft?lang=en&secret=${SECRET}`), 429, "RATE-LIMITED");
    // Awaited, not slept: the right secret is refused until the window is over, then it opens the preview.
    await expect.poll(async () => (await b.get(`/api/courses/pv-draft?lang=en&secret=${SECRET}`)).statusCode, { timeout: 10_000, interval: 100 }).toBe(200);
    expect(json(await b.get(`/api/courses/pv-draft?lang=en&secret=${SECRET}`))).toMatchObject({ preview: true });
  });
});

describeEachDatabase(
  "the demo preview secret comes only with the demo content",
  (t) => {
    const demoHash = hashPreviewSecret(DEMO_PREVIEW_SECRET);
    const secretHashes = async () =>
      (await t.db.select({ h: courses.previewSecretHash }).from(courses).where(isNotNull(courses.previewSecretHash))).map((r) => r.h);

    it("a start without SEED_DEMO seeds nothing: no course, no demo secret", async () => {
      await seedAtStart(t.db, t.makeConfig({ SEED_DEMO: "false" }));
      expect(await secretHashes()).toEqual([]);
      expect(await t.db.select().from(courses)).toEqual([]);
    });

    it("the demo seed brings it; a later start without SEED_DEMO removes it and keeps other secrets", async () => {
      await seedDemo(t.db, t.config);
      await upsertCourse(t.db, { id: "own-secret", portalId: t.config.PORTAL_ID, title: { en: "Own" }, previewSecret: "own-secret-123" });
      expect(await secretHashes()).toContain(demoHash);
      expect(json(await new Browser(t.app).get(`/api/courses/reading-foundations?lang=en&secret=${DEMO_PREVIEW_SECRET}`))).toMatchObject({ preview: true });

      await seedAtStart(t.db, t.makeConfig({ SEED_DEMO: "false" }));
      expect(await secretHashes()).not.toContain(demoHash);
      expect(await secretHashes()).toContain(hashPreviewSecret("own-secret-123"));
      expectError(await new Browser(t.app).get(`/api/courses/reading-foundations?lang=en&secret=${DEMO_PREVIEW_SECRET}`), 403, "PREVIEW-DENIED");
    });
  },
  { seed: false },
);
