/**
 * The one content access rule (contentRefusal) on every path that answers a course's, element's or
 * microcourse's content: the pages API by model and by alias (with and without components), the
 * elements API and the progress reads. Each attack of the security issue is replayed by a guest, a
 * session user, a learner who has not bought, a learner with the element locked; the buyer, the
 * learner with it open and the admin are let through. The SSR pages are in tests/e2e/content-access-ssr.
 */
import { eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { describeEachDatabase } from "../../../../tests/setup/databases";
import { courses } from "../../db/schema/courses";
import { upsertCourse, upsertElement, upsertMicrocourse, upsertModelPage } from "../../db/seed/course-factories";
import { upsertPage } from "../../db/seed/factories";
import { type Browser, Browser as GuestBrowser, expectError, json } from "../../../../tests/support/http";
import { learner, sessionBrowser } from "../../../../tests/support/sign-in";
import { changeContent } from "../../platform/content-version";

const SPEAKING = "confident-speaking"; // paid

type Who = "guest" | "session" | "learner" | "buyer" | "admin";

/** A refusal: the typed code, and nothing of the page in the body (no title, no blocks). */
function expectRefused(res: LightMyRequestResponse, status: number, code: string, secrets: string[]) {
  expectError(res, status, code);
  for (const s of secrets) expect(res.body, `${code} leaks ${s}`).not.toContain(s);
  expect(res.body).not.toContain("components");
}

describeEachDatabase("content access rule (pages, elements, progress)", (t) => {
  const env = () => t.config.ENVIRONMENT_ID;
  const browsers = {} as Record<Who, Browser>;
  let learnerId = "";
  let buyerId = "";

  beforeAll(async () => {
    const portalId = t.config.PORTAL_ID;
    browsers.guest = new GuestBrowser(t.app);
    browsers.session = (await sessionBrowser(t.app)).browser;
    const l = await learner(t.app, t.db);
    browsers.learner = l.browser;
    learnerId = l.userId;
    const b = await learner(t.app, t.db, { orderedCourses: [SPEAKING] });
    browsers.buyer = b.browser;
    buyerId = b.userId;
    browsers.admin = (await learner(t.app, t.db, { roles: ["disciple", "admin"] })).browser;

    // A draft course with a published landing page and a published element page.
    await upsertCourse(t.db, { id: "ca-draft", portalId, title: { en: "Draft course" }, published: false, pageAlias: "course-ca-draft" });
    await upsertElement(t.db, { id: "ca-draft-lesson", courseId: "ca-draft", type: "lesson", title: { en: "Draft lesson" }, index: 0, visible: true });
    await upsertModelPage(t.db, {
      environmentId: env(),
      model: "course",
      modelId: "ca-draft",
      alias: "course-ca-draft",
      lang: "en",
      title: "Draft course page",
      components: [{ id: "ca-draft-course-block", type: "text", props: { html: "<p>draft course secret</p>" } }],
    });
    await upsertModelPage(t.db, {
      environmentId: env(),
      model: "element",
      modelId: "ca-draft-lesson",
      alias: "element-ca-draft-lesson",
      lang: "en",
      title: "Draft lesson page",
      components: [{ id: "ca-draft-lesson-block", type: "text", props: { html: "<p>draft lesson secret</p>" } }],
    });
    // A published free course with a draft (invisible) element, and an open element whose page is a draft.
    await upsertCourse(t.db, { id: "ca-open", portalId, title: { en: "Open course" }, type: "free", requiresRegistration: false });
    await upsertElement(t.db, { id: "ca-open-first", courseId: "ca-open", type: "lesson", title: { en: "First" }, index: 0, visible: true });
    await upsertElement(t.db, { id: "ca-hidden", courseId: "ca-open", type: "lesson", title: { en: "Hidden" }, index: 1, visible: false });
    await upsertModelPage(t.db, {
      environmentId: env(),
      model: "element",
      modelId: "ca-hidden",
      alias: "element-ca-hidden",
      lang: "en",
      title: "Hidden page",
      components: [{ id: "ca-hidden-block", type: "text", props: { html: "<p>hidden secret</p>" } }],
    });
    await upsertModelPage(t.db, {
      environmentId: env(),
      model: "element",
      modelId: "ca-open-first",
      alias: "element-ca-open-first",
      lang: "en",
      title: "Draft page of an open lesson",
      published: false,
      components: [{ id: "ca-draft-page-block", type: "text", props: { html: "<p>draft page secret</p>" } }],
    });
    // A draft microcourse with a page, and a page bound to a model the rule does not know.
    await upsertMicrocourse(t.db, { id: "ca-mc-draft", portalId, type: "lesson", title: { en: "Draft micro" }, published: false, accessType: "free_access" });
    await upsertModelPage(t.db, {
      environmentId: env(),
      model: "microcourse",
      modelId: "ca-mc-draft",
      alias: "microcourse-ca-mc-draft",
      lang: "en",
      title: "Draft micro page",
      components: [{ id: "ca-mc-block", type: "text", props: { html: "<p>micro secret</p>" } }],
    });
    await upsertPage(t.db, {
      environmentId: env(),
      alias: "ca-widget",
      lang: "en",
      title: "Widget page",
      modelName: "widget",
      modelId: "w1",
      components: [{ id: "ca-widget-block", type: "text", props: { html: "<p>widget secret</p>" } }],
    });
  });

  /** The four ways to read a model's page: by model and by alias, with and without components. */
  const pageUrls = (model: string, id: string, alias: string) => [
    `/api/pages/by-model/${model}/${id}?lang=en`,
    `/api/pages/by-model/${model}/${id}?lang=en&withComponents=false`,
    `/api/pages/by-alias/${alias}?lang=en`,
    `/api/pages/by-alias/${alias}?lang=en&withComponents=true`,
  ];
  const elementUrls = (id: string) => pageUrls("element", id, `element-${id}`);

  /** The blocks' ids of an element page, read as the admin, to prove a refusal carries none of them. */
  async function blockIds(model: string, id: string): Promise<string[]> {
    const page = json<{ components: Array<{ id: string }>; title: string }>(await browsers.admin.get(`/api/pages/by-model/${model}/${id}?lang=en`));
    expect(page.components.length).toBeGreaterThan(0);
    return [...page.components.map((c) => c.id), page.title];
  }

  describe("a paid element (confident-speaking)", () => {
    it.each([
      ["guest", "REGISTRATION-REQUIRED"],
      ["session", "REGISTRATION-REQUIRED"],
      ["learner", "COURSE-NOT-BOUGHT"],
    ] as const)("a %s is refused with 403 %s, as by the elements API, and gets no content", async (who, code) => {
      const secrets = await blockIds("element", "cs-first-minute");
      // The elements API says the same for the same viewer.
      expectError(await browsers[who].get("/api/elements/cs-first-minute?lang=en"), 403, code);
      for (const url of elementUrls("cs-first-minute")) expectRefused(await browsers[who].get(url), 403, code, secrets);
    });

    it("the buyer reads the open element's page, and is refused the locked one with ELEMENT-LOCKED", async () => {
      for (const url of elementUrls("cs-first-minute")) {
        const page = json<{ model: unknown; components?: unknown[] }>(await browsers.buyer.get(url));
        expect(page.model).toEqual({ name: "element", id: "cs-first-minute" });
        if (!url.includes("withComponents=false")) expect(page.components?.length).toBeGreaterThan(0);
        else expect(page).not.toHaveProperty("components");
      }
      const secrets = await blockIds("element", "cs-three-parts");
      expectError(await browsers.buyer.get("/api/elements/cs-three-parts?lang=en"), 403, "ELEMENT-LOCKED");
      for (const url of elementUrls("cs-three-parts")) expectRefused(await browsers.buyer.get(url), 403, "ELEMENT-LOCKED", secrets);
    });

    it("the admin (creator) reads every element page", async () => {
      for (const id of ["cs-first-minute", "cs-three-parts", "cs-checklist"]) {
        for (const url of elementUrls(id)) expect((await browsers.admin.get(url)).statusCode, url).toBe(200);
      }
    });

    it("the paid course's landing page stays public (it sells the course)", async () => {
      for (const who of ["guest", "session", "learner"] as const) {
        for (const url of pageUrls("course", SPEAKING, `course-${SPEAKING}`)) expect((await browsers[who].get(url)).statusCode, `${who} ${url}`).toBe(200);
      }
    });
  });

  describe("a locked element (reading-foundations, rf-main-idea)", () => {
    it("a guest and a learner who has not finished the first lesson are refused with ELEMENT-LOCKED", async () => {
      const secrets = await blockIds("element", "rf-main-idea");
      const fresh = await learner(t.app, t.db);
      for (const b of [browsers.guest, browsers.session, fresh.browser]) {
        expectError(await b.get("/api/elements/rf-main-idea?lang=en"), 403, "ELEMENT-LOCKED");
        for (const url of elementUrls("rf-main-idea")) expectRefused(await b.get(url), 403, "ELEMENT-LOCKED", secrets);
      }
      // The open first lesson is readable by all of them.
      for (const b of [browsers.guest, browsers.session, fresh.browser]) {
        for (const url of elementUrls("rf-slow-reading")) expect((await b.get(url)).statusCode, url).toBe(200);
      }
    });

    it("once the learner finishes the first lesson the second one's page opens", async () => {
      const l = await learner(t.app, t.db);
      json(await l.browser.post("/api/progress/elements/rf-slow-reading/finish"));
      for (const url of elementUrls("rf-main-idea")) expect((await l.browser.get(url)).statusCode, url).toBe(200);
      // Another learner's progress is theirs: the element stays locked for everyone else.
      expectError(await browsers.learner.get("/api/pages/by-model/element/rf-main-idea?lang=en"), 403, "ELEMENT-LOCKED");
      expectError(await browsers.learner.get(`/api/progress/elements/rf-main-idea?userId=${l.userId}`), 403, "AUTH-DENY");
    });
  });

  describe("drafts are for creators only", () => {
    const drafts: Array<[string, string, string, string]> = [
      ["a draft course's page", "course", "ca-draft", "course-ca-draft"],
      ["an element page of a draft course", "element", "ca-draft-lesson", "element-ca-draft-lesson"],
      ["an invisible (draft) element's page", "element", "ca-hidden", "element-ca-hidden"],
      ["an unpublished page of an open element", "element", "ca-open-first", "element-ca-open-first"],
      ["a draft microcourse's page", "microcourse", "ca-mc-draft", "microcourse-ca-mc-draft"],
    ];

    it.each(drafts)("%s is 404 PAGE-NOT-FOUND for everyone but the admin", async (_what, model, id, alias) => {
      const secrets = await blockIds(model, id);
      for (const who of ["guest", "session", "learner", "buyer"] as const) {
        for (const url of pageUrls(model, id, alias)) expectRefused(await browsers[who].get(url), 404, "PAGE-NOT-FOUND", secrets);
      }
      for (const url of pageUrls(model, id, alias)) expect((await browsers.admin.get(url)).statusCode, url).toBe(200);
    });

    it("the draft course and its element are not received through the learning API either", async () => {
      expectError(await browsers.learner.get("/api/courses/ca-draft?lang=en"), 404, "COURSE-NOT-RECEIVED");
      expectError(await browsers.learner.get("/api/elements/ca-draft-lesson?lang=en"), 404, "ELEMENT-NOT-RECEIVED");
      expectError(await browsers.learner.get("/api/elements/ca-hidden?lang=en"), 404, "ELEMENT-NOT-RECEIVED");
      expect(json(await browsers.admin.get("/api/elements/ca-draft-lesson?lang=en"))).toMatchObject({
        id: "ca-draft-lesson",
        components: [{ id: "ca-draft-lesson-block" }],
      });
    });

    it("a page bound to a model the rule does not know is for creators only", async () => {
      for (const who of ["guest", "learner", "buyer"] as const)
        expectError(await browsers[who].get("/api/pages/by-alias/ca-widget?lang=en"), 404, "PAGE-NOT-FOUND");
      expectError(await browsers.learner.get("/api/pages/by-model/widget/w1?lang=en"), 404, "PAGE-NOT-FOUND");
      expect((await browsers.admin.get("/api/pages/by-alias/ca-widget?lang=en")).statusCode).toBe(200);
    });

    it("a page bound to a course that does not exist is not answered", async () => {
      await upsertModelPage(t.db, {
        environmentId: env(),
        model: "course",
        modelId: "ca-gone",
        alias: "course-ca-gone",
        lang: "en",
        title: "Gone",
        components: [],
      });
      expectError(await browsers.learner.get("/api/pages/by-model/course/ca-gone?lang=en"), 404, "PAGE-NOT-FOUND");
      expectError(await browsers.guest.get("/api/pages/by-alias/course-ca-gone?lang=en"), 404, "PAGE-NOT-FOUND");
    });
  });

  describe("microcourses", () => {
    it("a microcourse that needs an account answers its page to guests and session users with REGISTRATION-REQUIRED", async () => {
      const secrets = await blockIds("microcourse", "study-planner");
      for (const who of ["guest", "session"] as const) {
        expectError(await browsers[who].get("/api/microcourses/study-planner?lang=en"), 403, "REGISTRATION-REQUIRED");
        for (const url of pageUrls("microcourse", "study-planner", "microcourse-study-planner"))
          expectRefused(await browsers[who].get(url), 403, "REGISTRATION-REQUIRED", secrets);
      }
      for (const url of pageUrls("microcourse", "study-planner", "microcourse-study-planner"))
        expect((await browsers.learner.get(url)).statusCode, url).toBe(200);
      // A free lesson microcourse is open to guests.
      expect((await browsers.guest.get("/api/pages/by-alias/microcourse-breathing-break?lang=en")).statusCode).toBe(200);
    });

    it("a draft microcourse is not provided", async () => {
      expectError(await browsers.learner.get("/api/microcourses/ca-mc-draft?lang=en"), 404, "MICROCOURSE-NOT-PROVIDED");
      expect(json(await browsers.admin.get("/api/microcourses/ca-mc-draft?lang=en"))).toMatchObject({ id: "ca-mc-draft", components: [{ id: "ca-mc-block" }] });
    });
  });

  describe("progress of a draft course", () => {
    it("a learner gets no draft element ids from any progress read; the admin does", async () => {
      const l = await learner(t.app, t.db);
      // The learner's progress was made while the course was published.
      await changeContent(t.db, async (tx) => {
        await tx.update(courses).set({ published: true }).where(eq(courses.id, "ca-draft"));
      });
      json(await l.browser.post("/api/progress/elements/ca-draft-lesson/start"));
      await changeContent(t.db, async (tx) => {
        await tx.update(courses).set({ published: false }).where(eq(courses.id, "ca-draft"));
      });

      const course = await l.browser.get("/api/progress/courses/ca-draft");
      expectError(course, 404, "COURSE-NOT-RECEIVED");
      expect(course.body).not.toContain("ca-draft-lesson");
      const element = await l.browser.get("/api/progress/elements/ca-draft-lesson");
      expectError(element, 404, "ELEMENT-NOT-RECEIVED");
      const all = await l.browser.get("/api/progress?lang=en");
      expect(all.statusCode, all.body).toBe(200);
      expect(all.body).not.toContain("ca-draft");
      const upgraded = await l.browser.post("/api/progress/upgrade", { force: true });
      expect(upgraded.statusCode, upgraded.body).toBe(200);
      expect(upgraded.body).not.toContain("ca-draft");
      const opened = await l.browser.get("/api/progress/courses/ca-draft/opened-element");
      expect(opened.statusCode).toBe(404);
      expect(opened.body).not.toContain("ca-draft-lesson");
      // Invisible elements of a published course are not listed either.
      const open = await l.browser.get("/api/progress/courses/ca-open");
      expect(open.statusCode, open.body).toBe(200);
      expect(open.body).not.toContain("ca-hidden");
      expectError(await l.browser.get("/api/progress/elements/ca-hidden"), 404, "ELEMENT-NOT-RECEIVED");

      // The admin reads the learner's progress in the draft, element ids included.
      const asAdmin = await browsers.admin.get(`/api/progress/courses/ca-draft?userId=${l.userId}`);
      expect(asAdmin.statusCode, asAdmin.body).toBe(200);
      expect(asAdmin.body).toContain("ca-draft-lesson");
    });

    it("another learner's progress stays refused (no IDOR)", async () => {
      expectError(await browsers.learner.get(`/api/progress/courses/${SPEAKING}?userId=${buyerId}`), 403, "AUTH-DENY");
      expectError(await browsers.buyer.get(`/api/progress?lang=en&userId=${learnerId}`), 403, "AUTH-DENY");
    });
  });

  describe("malformed ids", () => {
    it.each([
      "/api/pages/by-model/element/cs-first-minute%00?lang=en",
      "/api/pages/by-model/element/%00?lang=en",
      "/api/pages/by-model/ele%00ment/cs-first-minute?lang=en",
      "/api/pages/by-alias/element-cs-first-minute%00?lang=en",
      "/api/pages/by-alias/main?lang=en%00",
      "/api/pages/templates/privacy%00?lang=en",
      "/api/elements/cs-first-minute%00?lang=en",
      "/api/courses/confident-speaking%00?lang=en",
      "/api/microcourses/study-planner%00?lang=en",
      "/api/progress/courses/confident-speaking%00",
      "/api/progress/elements/rf-main-idea%00",
      "/api/progress/courses/confident-speaking?userId=usr%00x",
      "/api/progress?lang=en&userId=%00",
    ])("%s answers 400 or 404, never 500, with no content", async (url) => {
      for (const b of [browsers.guest, browsers.learner]) {
        const res = await b.get(url);
        expect([400, 404], `${url}: ${res.body}`).toContain(res.statusCode);
        expect(res.body).not.toContain("components");
      }
    });
  });
});
