import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { describeEachDatabase } from "../../../../tests/setup/databases";
import { expectError, json } from "../../../../tests/support/http";
import { learner, register } from "../../../../tests/support/sign-in";
import type { TStudioCourse } from "../../../domain/studio";
import { auditLog } from "../../db/schema/audit";
import { courses } from "../../db/schema/courses";
import { courseGifts } from "../../db/schema/rewards";
import { readContentVersion } from "../../platform/content-version";

const origin = { origin: "http://localhost" };
const GIFT_FILE = { kind: "file", title: { tr: "Okuma listesi", en: "Reading list" }, url: "/files/reading-list.pdf" };

const AWARD = { title: { tr: "Okur", en: "Reader" }, description: { en: "Finished the rewarded course" }, badge: "trophy" };

describeEachDatabase("studio: a course's certificate, completion gift and award (issue 15)", (t) => {
  const awardsOf = async (browser: Awaited<ReturnType<typeof register>>["browser"]) =>
    json<{ awards: Array<{ title: string; badge: string; courseId: string | null }> }>(await browser.get("/api/rewards/mine?lang=en")).awards;
  const author = async () => (await learner(t.app, t.db, { roles: ["mp-leader"] })).browser;
  const giftInDb = async (id: string) => (await t.db.select().from(courseGifts).where(eq(courseGifts.courseId, id)))[0]?.gift ?? null;
  const certificateInDb = async (id: string) =>
    (await t.db.select({ enabled: courses.certificateEnabled, months: courses.certificateValidityMonths }).from(courses).where(eq(courses.id, id)))[0];

  /** A published course with one lesson, made through the studio API; its lesson's id. */
  async function courseWithLesson(browser: Awaited<ReturnType<typeof author>>, id: string) {
    json(await browser.post("/api/admin/courses", { id, title: { tr: "Ödüllü", en: "Rewarded" }, published: true }, origin), 201);
    const lesson = json<{ id: string }>(
      await browser.post(`/api/admin/courses/${id}/elements`, { type: "lesson", title: { tr: "Ders", en: "Lesson" } }, origin),
      201,
    );
    return lesson.id;
  }

  it("sets the certificate, a file gift and an award; a learner who finishes the course gets all three; null removes them", async () => {
    const browser = await author();
    const lessonId = await courseWithLesson(browser, "rewarded");
    const version = await readContentVersion(t.db);
    const set = json<TStudioCourse>(
      await browser.patch("/api/admin/courses/rewarded", { certificate: { enabled: true, validityMonths: 24 }, gift: GIFT_FILE, award: AWARD }, origin),
    );
    expect(set.certificate).toEqual({ enabled: true, validityMonths: 24 });
    expect(set.gift).toEqual(GIFT_FILE);
    expect(set.award).toEqual(AWARD);
    expect(await certificateInDb("rewarded")).toEqual({ enabled: true, months: 24 });
    expect(await giftInDb("rewarded")).toEqual(GIFT_FILE);
    expect(await readContentVersion(t.db)).toBeGreaterThan(version);
    const listed = json<{ courses: TStudioCourse[] }>(await browser.get("/api/admin/courses")).courses.find((c) => c.id === "rewarded");
    expect([listed?.certificate, listed?.gift]).toEqual([{ enabled: true, validityMonths: 24 }, GIFT_FILE]);

    const me = await register(t.app);
    json(await me.browser.post(`/api/progress/elements/${lessonId}/finish`, {}, origin));
    const certificate = json<{ status: string }>(await me.browser.get("/api/certificates/courses/rewarded?lang=en"));
    expect(certificate.status).toBe("issued");
    const gift = json<{ kind: string; title: string; link: string }>(await me.browser.post("/api/courses/rewarded/gift?lang=en", {}, origin));
    expect(gift).toMatchObject({ kind: "file", title: "Reading list", link: GIFT_FILE.url });
    const readers = async (browser: typeof me.browser) => (await awardsOf(browser)).filter((a) => a.title === "Reader");
    expect(await readers(me.browser)).toEqual([expect.objectContaining({ badge: "trophy", courseId: "rewarded" })]);

    const removed = json<TStudioCourse>(
      await browser.patch("/api/admin/courses/rewarded", { gift: null, award: null, certificate: { enabled: false, validityMonths: null } }, origin),
    );
    expect([removed.gift, removed.award, removed.certificate]).toEqual([null, null, { enabled: false, validityMonths: null }]);
    // Who earned the award keeps it; a learner finishing now earns nothing.
    expect(await readers(me.browser)).toHaveLength(1);
    const later = await register(t.app);
    json(await later.browser.post(`/api/progress/elements/${lessonId}/finish`, {}, origin));
    expect(await readers(later.browser)).toEqual([]);
    expect((await awardsOf(later.browser)).length).toBeGreaterThan(0); // the portal's any-course award still comes
    expect(await giftInDb("rewarded")).toBeNull();
    expect(await certificateInDb("rewarded")).toEqual({ enabled: false, months: null });
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entityId, "rewarded"));
    expect(audit.filter((a) => a.action === "course.update").map((a) => (a.summary as { fields: string[] }).fields)).toEqual([
      ["award", "certificate", "gift"],
      ["award", "certificate", "gift"],
    ]);
  });

  it("gives another course of the portal, never the course itself or one that does not exist", async () => {
    const browser = await author();
    await courseWithLesson(browser, "giver");
    await courseWithLesson(browser, "given");
    const gift = { kind: "course", title: { tr: "Hediye kurs" }, courseId: "given" };
    expect(json<TStudioCourse>(await browser.patch("/api/admin/courses/giver", { gift }, origin)).gift).toEqual(gift);
    for (const courseId of ["giver", "no-such-course"]) {
      const res = await browser.patch("/api/admin/courses/giver", { gift: { ...gift, courseId } }, origin);
      expectError(res, 400, "VALIDATION");
      expect(res.json().error.details.validationErrors[0].path).toBe("gift.courseId");
    }
    expect(await giftInDb("giver")).toEqual(gift);
  });

  it("refuses bad certificate and gift settings at their field and changes nothing", async () => {
    const browser = await author();
    await courseWithLesson(browser, "checked");
    const version = await readContentVersion(t.db);
    for (const body of [
      { certificate: { enabled: true, validityMonths: 0 } },
      { certificate: { enabled: true, validityMonths: 1201 } },
      { certificate: { enabled: true, validityMonths: 1.5 } },
      { certificate: { enabled: "yes", validityMonths: null } },
      { certificate: { enabled: true } },
      { certificate: { enabled: true, validityMonths: null, extra: 1 } },
      { gift: { ...GIFT_FILE, url: "javascript:alert(1)" } },
      { gift: { ...GIFT_FILE, url: "//evil.example/x.pdf" } },
      { gift: { ...GIFT_FILE, title: { en: "bad\u0000title" } } },
      { gift: { ...GIFT_FILE, title: { en: "" } } },
      { gift: { kind: "voucher", title: { en: "X" } } },
      { gift: { kind: "course", title: { en: "X" } } },
      { award: { ...AWARD, badge: "crown" } },
      { award: { ...AWARD, title: {}, description: {}, extra: true } },
      { award: { ...AWARD, description: { en: "x".repeat(301) } } },
      { award: { ...AWARD, title: { en: "\u0000" } } },
    ]) {
      expectError(await browser.patch("/api/admin/courses/checked", body, origin), 400, "VALIDATION");
    }
    expectError(await browser.patch("/api/admin/courses/checked", { gift: { ...GIFT_FILE, title: { de: "Leseliste" } } }, origin), 400, "UNSUPPORTED-LANG");
    expect(await giftInDb("checked")).toBeNull();
    expect(await certificateInDb("checked")).toEqual({ enabled: false, months: null });
    expect(await readContentVersion(t.db)).toBe(version);
  });

  it("refuses a learner and a mentor", async () => {
    const before = await giftInDb("reading-foundations");
    for (const roles of [["disciple"], ["disciple", "mentor"]]) {
      const { browser } = await learner(t.app, t.db, { roles });
      expectError(await browser.patch("/api/admin/courses/reading-foundations", { gift: GIFT_FILE }, origin), 403, "AUTHORS-ONLY");
    }
    expect(await giftInDb("reading-foundations")).toEqual(before);
  });
});
