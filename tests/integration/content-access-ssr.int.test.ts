/**
 * The content access rule on the server-rendered pages: /{lang}/pages/{alias} of an element, course
 * or microcourse page answers only to viewers who may read that content (the access-denied screen,
 * 403, for locked, unbought and guest-barred elements; the 404 page for drafts), and the creator
 * preview page counts wrong secrets per address with the API (429 over the limit). Runs on the built app.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { courses } from "../../src/server/db/schema/courses";
import { users } from "../../src/server/db/schema/users";
import { upsertCourse, upsertElement, upsertModelPage } from "../../src/server/db/seed/course-factories";
import { DEMO_PREVIEW_SECRET } from "../../src/server/db/seed/demo-courses";
import { Browser } from "../support/http";
import { register } from "../support/sign-in";
import { RATE_LIMITS } from "../../src/server/platform/rate-limit";
import { useSsrApp } from "../support/ssr-app";
import { changeContent } from "../../src/server/platform/content-version";

const ssr = useSsrApp();

const guest = () => new Browser(ssr.app);
async function learner(patch: Partial<typeof users.$inferInsert> = {}): Promise<Browser> {
  const browser = new Browser(ssr.app);
  const r = await register(ssr.app, {}, browser);
  if (Object.keys(patch).length) await ssr.database.db.update(users).set(patch).where(eq(users.id, r.userId));
  return browser;
}
async function sessionUser(): Promise<Browser> {
  const browser = new Browser(ssr.app);
  const res = await browser.post("/api/auth/session");
  expect(res.statusCode, res.body).toBe(200);
  return browser;
}

/** The block sections of a page carry their ids: a refused page must carry none of the content's. */
function expectRefused(res: { statusCode: number; body: string }, status: 403 | 404, blockIds: string[]) {
  expect(res.statusCode).toBe(status);
  expect(res.body).toContain(status === 403 ? 'data-testid="access-denied"' : 'data-testid="not-found"');
  for (const id of blockIds) expect(res.body, id).not.toContain(`id="${id}"`);
}

describe("/{lang}/pages/{alias} of learning content", () => {
  let admin: Browser;
  beforeAll(async () => {
    admin = await learner({ roles: ["disciple", "admin"] });
    const { db } = ssr.database;
    const portalId = ssr.config.PORTAL_ID;
    const environmentId = ssr.config.ENVIRONMENT_ID;
    await upsertCourse(db, { id: "ssr-draft", portalId, title: { en: "SSR draft" }, published: false });
    await upsertElement(db, { id: "ssr-draft-lesson", courseId: "ssr-draft", type: "lesson", title: { en: "Draft lesson" }, index: 0 });
    await upsertModelPage(db, {
      environmentId,
      model: "course",
      modelId: "ssr-draft",
      alias: "course-ssr-draft",
      lang: "en",
      title: "SSR draft",
      components: [{ id: "ssr-draft-block", type: "text", props: { html: "<p>Draft</p>" } }],
    });
    await upsertModelPage(db, {
      environmentId,
      model: "element",
      modelId: "ssr-draft-lesson",
      alias: "element-ssr-draft-lesson",
      lang: "en",
      title: "Draft lesson",
      components: [{ id: "ssr-draft-lesson-block", type: "text", props: { html: "<p>Draft lesson</p>" } }],
    });
  });

  it("a paid element's page is the access-denied screen for a guest, a session user and a learner who has not bought it", async () => {
    for (const b of [guest(), await sessionUser(), await learner()]) {
      expectRefused(await b.get("/en/pages/element-cs-first-minute"), 403, ["cs-first-text", "cs-first-fact"]);
    }
  });

  it("the buyer reads the open element's page and is refused the locked one; the admin reads both", async () => {
    const buyer = await learner({ orderedCourses: ["confident-speaking"] });
    const open = await buyer.get("/en/pages/element-cs-first-minute");
    expect(open.statusCode).toBe(200);
    expect(open.body).toContain('id="cs-first-text"');
    expectRefused(await buyer.get("/en/pages/element-cs-three-parts"), 403, ["cs-parts-text", "cs-parts-quote"]);
    for (const alias of ["element-cs-first-minute", "element-cs-three-parts"]) expect((await admin.get(`/en/pages/${alias}`)).statusCode, alias).toBe(200);
  });

  it("a locked element's page is refused until the learner opens it", async () => {
    const b = await learner();
    expectRefused(await guest().get("/en/pages/element-rf-main-idea"), 403, []);
    expectRefused(await b.get("/en/pages/element-rf-main-idea"), 403, []);
    expect((await b.post("/api/progress/elements/rf-slow-reading/finish", undefined, { origin: "http://localhost" })).statusCode).toBe(200);
    expect((await b.get("/en/pages/element-rf-main-idea")).statusCode).toBe(200);
  });

  it("a draft course's and a draft course's element's pages are the 404 page but for the admin", async () => {
    for (const b of [guest(), await learner()]) {
      expectRefused(await b.get("/en/pages/course-ssr-draft"), 404, ["ssr-draft-block"]);
      expectRefused(await b.get("/en/pages/element-ssr-draft-lesson"), 404, ["ssr-draft-lesson-block"]);
    }
    const page = await admin.get("/en/pages/element-ssr-draft-lesson");
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('id="ssr-draft-lesson-block"');
  });

  it("a microcourse page that needs an account is refused to guests, and a published course's landing page stays public", async () => {
    expectRefused(await guest().get("/en/pages/microcourse-study-planner"), 403, []);
    expect((await (await learner()).get("/en/pages/microcourse-study-planner")).statusCode).toBe(200);
    expect((await guest().get("/en/pages/course-confident-speaking")).statusCode).toBe(200);
  });

  it("a course page of a course unpublished later is no longer served, nor its elements'", async () => {
    await changeContent(ssr.database.db, async (tx) => {
      await tx.update(courses).set({ published: false }).where(eq(courses.id, "lasting-habits"));
    });
    try {
      expectRefused(await (await learner()).get("/en/pages/course-lasting-habits"), 404, []);
      expectRefused(await (await learner()).get("/en/pages/element-lh-start-small"), 404, ["lh-small-text"]);
    } finally {
      await changeContent(ssr.database.db, async (tx) => {
        await tx.update(courses).set({ published: true }).where(eq(courses.id, "lasting-habits"));
      });
    }
  });

  it("a NUL byte in the alias is the 404 page, never a 500", async () => {
    for (const url of ["/en/pages/element-cs-first-minute%00", "/en/pages/%00"]) {
      const res = await guest().get(url);
      expect([400, 404], url).toContain(res.statusCode);
    }
  });
});

describe("creator preview page: guesses are limited per address", () => {
  it(`after ${RATE_LIMITS.previewGuesses} wrong secrets the address gets 429, even with the right one; another address still previews`, async () => {
    const attacker = guest();
    for (let i = 0; i < RATE_LIMITS.previewGuesses; i++) {
      expect((await attacker.get(`/en/preview/reading-foundations?secret=guess-${i}`)).statusCode).toBe(403);
    }
    const blocked = await attacker.get(`/en/preview/reading-foundations?secret=${DEMO_PREVIEW_SECRET}`);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.body).not.toContain('data-element="rf-final-check"');
    expect((await attacker.get(`/en/preview/reading-foundations?secret=${DEMO_PREVIEW_SECRET}&element=rf-final-check`)).statusCode).toBe(429);
    // The API and the page count together.
    expect((await attacker.get(`/api/courses/reading-foundations?lang=en&secret=${DEMO_PREVIEW_SECRET}`)).statusCode).toBe(429);

    const creator = guest();
    const ok = await creator.get(`/en/preview/reading-foundations?secret=${DEMO_PREVIEW_SECRET}`);
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toMatch(/data-element="rf-final-check" data-state="opened"/);
  });

  it("wrong secrets on the API count against the preview page too", async () => {
    const attacker = guest();
    for (let i = 0; i < RATE_LIMITS.previewGuesses; i++) {
      expect((await attacker.get(`/api/elements/rf-final-check?lang=en&secret=api-guess-${i}`)).statusCode).toBe(403);
    }
    expect((await attacker.get(`/en/preview/reading-foundations?secret=${DEMO_PREVIEW_SECRET}`)).statusCode).toBe(429);
  });
});
