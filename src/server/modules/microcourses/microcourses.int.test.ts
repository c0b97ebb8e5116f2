import { describe, expect, it } from "vitest";
import { describeEachDatabase } from "../../../../tests/setup/databases";
import { COURSE_MESSAGES } from "../../../domain/course-rules";
import { ZMicrocourse, ZMicrocourseWithComponents } from "../../../domain/microcourse";
import { upsertMicrocourse } from "../../db/seed/course-factories";
import { Browser, expectError, json } from "../../../../tests/support/http";
import { learner, sessionBrowser } from "../../../../tests/support/sign-in";

type Mc = { id: string; type: string; relativeUrl: string; access: { requiresLogin: boolean; openToGuests: boolean; requiresRegistration: boolean } };

describeEachDatabase("microcourses API", (t) => {
  const guest = () => new Browser(t.app);

  describe("GET /api/microcourses", () => {
    it.each(["tr", "en", "ar", "ru"])("lists the demo microcourses in %s with relativeUrl and the caller's access", async (lang) => {
      const { microcourses } = json<{ microcourses: Mc[] }>(await guest().get(`/api/microcourses?lang=${lang}`));
      for (const m of microcourses) expect(ZMicrocourse.safeParse(m).success).toBe(true);
      expect(microcourses.map((m) => m.id)).toEqual(["breathing-break", "study-planner"]);
      expect(microcourses[0]).toMatchObject({
        type: "lesson",
        relativeUrl: "/lesson/breathing-break/",
        props: { accessType: "free_access" },
        access: { requiresLogin: false, openToGuests: true },
      });
      expect(microcourses[1]).toMatchObject({
        type: "webinar",
        props: { accessType: "requred_registration" },
        access: { requiresLogin: true, requiresRegistration: true },
      });
    });

    it("a signed-in learner never needs to log in", async () => {
      const l = await learner(t.app, t.db);
      const { microcourses } = json<{ microcourses: Mc[] }>(await l.browser.get("/api/microcourses?lang=en"));
      expect(microcourses.every((m) => !m.access.requiresLogin)).toBe(true);
    });

    it("leaves out unpublished, hidden and invisible ones; limit 1..100; drafts for admins", async () => {
      await upsertMicrocourse(t.db, { id: "mc-draft", portalId: t.config.PORTAL_ID, type: "lesson", title: { en: "Draft" }, published: false });
      await upsertMicrocourse(t.db, { id: "mc-hidden", portalId: t.config.PORTAL_ID, type: "lesson", title: { en: "Hidden" }, hidden: true });
      await upsertMicrocourse(t.db, { id: "mc-invisible", portalId: t.config.PORTAL_ID, type: "lesson", title: { en: "Invisible" }, visible: false });
      const listed = json<{ microcourses: Mc[] }>(await guest().get("/api/microcourses?lang=en")).microcourses.map((m) => m.id);
      expect(listed).not.toEqual(expect.arrayContaining(["mc-draft"]));
      expect(listed).not.toContain("mc-hidden");
      expect(listed).not.toContain("mc-invisible");
      expect(json<{ microcourses: Mc[] }>(await guest().get("/api/microcourses?lang=en&limit=1")).microcourses).toHaveLength(1);
      expectError(await guest().get("/api/microcourses?lang=en&limit=101"), 400, "VALIDATION");
      expectError(await guest().get("/api/microcourses?lang=en&published=false"), 403, "AUTH-DENY");
      const admin = await learner(t.app, t.db, { roles: ["admin"] });
      expect(json<{ microcourses: Mc[] }>(await admin.browser.get("/api/microcourses?lang=en&published=false")).microcourses.map((m) => m.id)).toContain(
        "mc-draft",
      );
    });

    it("pages by cursor (issue 30): one at a time reaches each listed microcourse once, in order, and back", async () => {
      type Page = { microcourses: Mc[]; nextCursor: string | null; prevCursor: string | null };
      const whole = json<Page>(await guest().get("/api/microcourses?lang=en"));
      expect(whole).toMatchObject({ nextCursor: null, prevCursor: null });
      const pages: Page[] = [json<Page>(await guest().get("/api/microcourses?lang=en&limit=1"))];
      while (pages.at(-1)!.nextCursor) pages.push(json<Page>(await guest().get(`/api/microcourses?lang=en&limit=1&cursor=${pages.at(-1)!.nextCursor}`)));
      expect(pages.flatMap((p) => p.microcourses.map((m) => m.id))).toEqual(whole.microcourses.map((m) => m.id));
      expect(pages.length).toBeGreaterThan(1);
      const back = json<Page>(await guest().get(`/api/microcourses?lang=en&limit=1&before=${pages.at(-1)!.prevCursor}`));
      expect(back.microcourses.map((m) => m.id)).toEqual(pages.at(-2)!.microcourses.map((m) => m.id));
    });

    it("refuses malformed, NUL, oversized and unlisted cursors with 400", async () => {
      await upsertMicrocourse(t.db, { id: "mc-draft-2", portalId: t.config.PORTAL_ID, type: "lesson", title: { en: "Draft" }, published: false });
      await upsertMicrocourse(t.db, { id: "mc-team", portalId: t.config.PORTAL_ID, type: "lesson", title: { en: "Team" }, groups: ["team-mc"] });
      for (const q of ["cursor=x", "cursor=1.a%2Fb", "cursor=1.a%00b", `cursor=1.${"a".repeat(121)}`, "cursor=1.a&before=1.b"]) {
        expectError(await guest().get(`/api/microcourses?lang=en&${q}`), 400, "VALIDATION");
      }
      for (const id of ["no-such-one", "mc-draft-2", "mc-team", "mc-invisible"]) {
        expectError(await guest().get(`/api/microcourses?lang=en&cursor=1.${id}`), 400, "CURSOR-INVALID");
      }
      const member = await learner(t.app, t.db, { teamId: "team-mc" });
      json(await member.browser.get("/api/microcourses?lang=en&cursor=1.mc-team"));
    });

    it("answers 400 for a bad or unsupported lang", async () => {
      expectError(await guest().get("/api/microcourses"), 400, "VALIDATION");
      expectError(await guest().get("/api/microcourses?lang=de"), 400, "UNSUPPORTED-LANG");
    });
  });

  describe("GET /api/microcourses/:id", () => {
    it("answers a microcourse open to guests with its components", async () => {
      const m = json(await guest().get("/api/microcourses/breathing-break?lang=ar"));
      expect(ZMicrocourseWithComponents.safeParse(m).success).toBe(true);
      expect(m).toMatchObject({ id: "breathing-break", title: "استراحة تنفّس لدقيقة واحدة", components: [{ id: "mc-breath-text" }, { id: "mc-breath-fact" }] });
    });

    it("refuses guests and session users where registration is required, with what the scenario needs", async () => {
      for (const b of [guest(), (await sessionBrowser(t.app)).browser]) {
        const e = expectError(await b.get("/api/microcourses/study-planner?lang=en"), 403, "REGISTRATION-REQUIRED");
        expect(e.details).toMatchObject({
          microcourseId: "study-planner",
          type: "webinar",
          props: { accessType: "requred_registration" },
          requiresLogin: true,
        });
      }
      const l = await learner(t.app, t.db);
      expect(json(await l.browser.get("/api/microcourses/study-planner?lang=en"))).toMatchObject({ id: "study-planner", components: [{ id: "mc-plan-text" }] });
    });

    it("refuses guests a microcourse whose type is not open to guests", async () => {
      await upsertMicrocourse(t.db, { id: "mc-test", portalId: t.config.PORTAL_ID, type: "test", title: { en: "Quiz" }, accessType: "free_access" });
      expectError(await guest().get("/api/microcourses/mc-test?lang=en"), 403, "REGISTRATION-REQUIRED");
      const l = await learner(t.app, t.db);
      expect(json(await l.browser.get("/api/microcourses/mc-test?lang=en"))).toMatchObject({ id: "mc-test", components: [] });
    });

    it("answers 404 'Microcourse instance is no provided' for a missing, unpublished or invisible one", async () => {
      for (const id of ["no-such-mc", "mc-draft", "mc-invisible"]) {
        const e = expectError(await guest().get(`/api/microcourses/${id}?lang=en`), 404, "MICROCOURSE-NOT-PROVIDED");
        expect(e.message).toBe(COURSE_MESSAGES.microcourseMissing);
      }
    });

    it("answers a hidden one by link, and 400 for a malformed id", async () => {
      expect(json(await guest().get("/api/microcourses/mc-hidden?lang=en"))).toMatchObject({ id: "mc-hidden" });
      expectError(await guest().get(`/api/microcourses/${encodeURIComponent("a/b")}?lang=en`), 400, "VALIDATION");
    });
  });
});
