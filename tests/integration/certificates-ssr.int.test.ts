/**
 * The certificate pages as the server renders them (issue 13, docs/decisions/0037): the public
 * verification page in its three states (valid, expired, revoked with the reason) in English and
 * Arabic (rtl), an unknown or malformed number as a 404 that says so, the downloads and LinkedIn link
 * only for the owner, and the profile's certificates with their preview. The demo's free sequential
 * course (reading-foundations) gives the certificate. A learner who finished a course before its
 * certificate was switched on sees "Get your certificate" on the course page and in the profile.
 * Runs on the built app.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { TCertificate } from "../../src/domain/certificate";
import { certificates } from "../../src/server/db/schema/certificates";
import { courses } from "../../src/server/db/schema/courses";
import { upsertCourse, upsertElement } from "../../src/server/db/seed/course-factories";
import { changeContent } from "../../src/server/platform/content-version";
import { Browser, json } from "../support/http";
import { learner, patchUser, register, type Registered } from "../support/sign-in";
import { useSsrApp } from "../support/ssr-app";
import { passedAttempt } from "../support/assessments";

const ssr = useSsrApp();
const guest = () => new Browser(ssr.app);
const READING = "reading-foundations";
const READING_IDS = ["rf-slow-reading", "rf-main-idea", "rf-check-main-idea", "rf-reading-circle", "rf-between-lines", "rf-final-check"];
const READING_TESTS = new Set(["rf-check-main-idea", "rf-final-check"]);
const TITLE = { en: "Foundations of Reading", ar: "أساسيات القراءة" } as const;

/** A learner who finished the demo course through the progress API: the last finish issues the certificate. */
async function graduate(): Promise<Registered & { certificate: TCertificate }> {
  const l = await learner(ssr.app, ssr.database.db, { firstName: "Ayşe", lastName: "Yılmaz" });
  for (const id of READING_IDS) {
    // The course's tests are taken elsewhere (assessments tests): here their passed attempts are written directly.
    if (READING_TESTS.has(id)) await passedAttempt(ssr.database.db, l.userId, id, READING);
    expect((await l.browser.post(`/api/progress/elements/${id}/finish`)).statusCode).toBe(200);
  }
  const mine = json<{ certificates: TCertificate[] }>(await l.browser.get("/api/certificates?lang=en")).certificates;
  expect(mine.map((c) => c.courseId)).toEqual([READING]);
  return { ...l, certificate: mine[0]! };
}

const page = async (b: Browser, path: string, status = 200) => {
  const res = await b.get(path);
  expect(res.statusCode, res.body.slice(0, 300)).toBe(status);
  return res.body;
};
const statusOf = (html: string) => /data-testid="certificate" data-status="(\w+)"/.exec(html)?.[1];

describe("certificate verification page", () => {
  it.each([
    ["en", "ltr"],
    ["ar", "rtl"],
  ] as const)("%s: a valid certificate shows the name, the course and the date; noindex; no downloads for a stranger", async (lang, dir) => {
    const g = await graduate();
    const html = await page(guest(), `/${lang}/certificates/${g.certificate.number}`);
    expect(html).toContain(`<html lang="${lang}" dir="${dir}"`);
    expect(statusOf(html)).toBe("valid");
    expect(html).toContain("Ayşe Yılmaz");
    expect(html).toContain(TITLE[lang]);
    expect(html).toContain(g.certificate.number);
    expect(html).toMatch(/<meta name="robots" content="noindex"/);
    expect(html).not.toContain('data-testid="certificate-files"');
    expect(html).not.toContain(g.email);
  });

  it("its owner gets the PDF, the Open Badge and LinkedIn's add-to-profile link", async () => {
    const g = await graduate();
    const html = await page(g.browser, `/en/certificates/${g.certificate.number}`);
    expect(html).toContain('data-testid="certificate-files"');
    expect(html).toContain(`/api/certificates/${g.certificate.number}.pdf?lang=en`);
    const linkedIn = /href="(https:\/\/www\.linkedin\.com\/profile\/add\?[^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, "&");
    const q = new URL(linkedIn!).searchParams;
    expect(q.get("startTask")).toBe("CERTIFICATION_NAME");
    expect(q.get("name")).toBe(TITLE.en);
    expect(q.get("certId")).toBe(g.certificate.number);
    expect(q.get("certUrl")).toMatch(new RegExp(`/en/certificates/${g.certificate.number}$`));
    expect(q.get("issueYear")).toBe(String(new Date(g.certificate.issuedAt).getUTCFullYear()));
    expect(q.get("issueMonth")).toBe(String(new Date(g.certificate.issuedAt).getUTCMonth() + 1));
    expect(q.get("organizationName")).toBeTruthy();
  });

  it("an expired certificate says it expired; a revoked one says so with the reason (en and ar)", async () => {
    const expired = await graduate();
    await ssr.database.db
      .update(certificates)
      .set({ issuedAt: new Date("2020-01-01T00:00:00Z"), expiresAt: new Date("2021-01-01T00:00:00Z") })
      .where(eq(certificates.number, expired.certificate.number));
    const e = await page(guest(), `/en/certificates/${expired.certificate.number}`);
    expect(statusOf(e)).toBe("expired");
    expect(e).toContain("Jan 1, 2021");

    const revoked = await graduate();
    const admin = await register(ssr.app);
    await patchUser(ssr.database, admin.userId, { roles: ["disciple", "admin"] });
    const reason = "Plagiarised final check";
    expect((await admin.browser.post(`/api/certificates/${revoked.certificate.number}/revoke?lang=en`, { reason })).statusCode).toBe(200);
    for (const lang of ["en", "ar"]) {
      const r = await page(guest(), `/${lang}/certificates/${revoked.certificate.number}`);
      expect(statusOf(r)).toBe("revoked");
      expect(r).toContain(reason);
    }
  });

  it("an unknown number and a malformed one are 404 pages that say so; a NUL byte is the input guard's typed 400", async () => {
    for (const [lang, number] of [
      ["en", "MNT-2222222222222222"],
      ["ar", "MNT-2222222222222222"],
      ["en", "MNT-1234"],
      ["en", "%3Cscript%3E"],
    ] as const) {
      const html = await page(guest(), `/${lang}/certificates/${number}`, 404);
      expect(html).toContain('data-testid="certificate-not-found"');
      expect(html).not.toContain("<script>alert");
    }
    const nul = await guest().get("/en/certificates/MNT-ABCD%00EFGH");
    expect(nul.statusCode).toBe(400);
    expect(nul.json().error.code).toBe("VALIDATION");
  });
});

describe("profile", () => {
  it("lists the learner's certificates with a preview image and the download links", async () => {
    const g = await graduate();
    const html = await page(g.browser, "/en/profile");
    expect(html).toContain('data-testid="profile-certificates"');
    expect(html).toContain(`src="/api/certificates/${g.certificate.number}.svg?lang=en"`);
    expect(html).toContain(`href="/api/certificates/${g.certificate.number}.pdf?lang=en"`);
    const svg = await g.browser.get(`/api/certificates/${g.certificate.number}.svg?lang=en`);
    expect(svg.statusCode).toBe(200);
    expect(svg.body).toContain("Foundations of Reading");
  });
});

describe("a course whose certificate was switched on after the learner finished it", () => {
  /** A course of two lessons, finished by a new learner while it gave no certificate; then switched on. */
  async function finishedBefore() {
    const db = ssr.database.db;
    const c = await upsertCourse(db, { portalId: ssr.config.PORTAL_ID, title: { en: "Late certificate", ar: "شهادة متأخرة" } });
    const ids: string[] = [];
    for (let i = 0; i < 2; i++) ids.push((await upsertElement(db, { courseId: c.id, type: "lesson", title: { en: `L${i}` }, index: i, visible: true })).id);
    const l = await learner(ssr.app, db, { firstName: "Leyla", lastName: "Kaya" });
    const halfway = await learner(ssr.app, db);
    for (const id of ids) expect((await l.browser.post(`/api/progress/elements/${id}/finish`)).statusCode).toBe(200);
    expect((await halfway.browser.post(`/api/progress/elements/${ids[0]}/finish`)).statusCode).toBe(200);
    await changeContent(db, async (tx) => {
      await tx.update(courses).set({ certificateEnabled: true }).where(eq(courses.id, c.id));
    });
    return { id: c.id, l, halfway };
  }
  const REQUEST = 'data-testid="course-certificate-request"';
  const LINK = 'data-testid="course-certificate-link"';

  it.each(["en", "ar"] as const)("%s: the course page and the profile offer it; after the request both link to it instead", async (lang) => {
    const { id, l, halfway } = await finishedBefore();
    const course = await page(l.browser, `/${lang}/courses/${id}`);
    expect(course).toContain(REQUEST);
    expect(course).toMatch(/data-testid="course-certificate" data-course="[^"]+" data-status="available"/);
    expect(course).toContain(lang === "ar" ? "احصل على شهادتك" : "Get your certificate");
    expect(await page(l.browser, `/${lang}/profile`)).toContain(REQUEST);
    // Nobody else is offered it: the learner halfway through, and a guest.
    for (const html of [await page(halfway.browser, `/${lang}/courses/${id}`), await page(guest(), `/${lang}/courses/${id}`)]) {
      expect(html).not.toContain('data-testid="course-certificate"');
    }
    expect(await page(halfway.browser, `/${lang}/profile`)).not.toContain(REQUEST);

    const cert = json<TCertificate>(await l.browser.post("/api/certificates/requests", { courseId: id, lang }));
    const after = await page(l.browser, `/${lang}/courses/${id}`);
    expect(after).not.toContain(REQUEST);
    expect(after).toContain(LINK);
    expect(after).toContain(`href="/${lang}/certificates/${cert.number}"`);
    const profile = await page(l.browser, `/${lang}/profile`);
    expect(profile).not.toContain(REQUEST);
    expect(profile).toContain(`data-number="${cert.number}"`);
  });
});
