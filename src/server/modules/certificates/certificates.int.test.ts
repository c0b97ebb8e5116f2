/**
 * Certificates (issue 13, docs/decisions/0037): issued once per learner and course when the course is
 * finished (parallel finishes and requests included), numbers that cannot be guessed, files for the
 * owner and admins only, typed refusals for bad input, revocation by admins with a reason, states.
 */
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { describeEachDatabase } from "../../../../tests/setup/databases";
import { Browser, expectError, json } from "../../../../tests/support/http";
import { learner, patchUser, register, sessionBrowser, type Registered } from "../../../../tests/support/sign-in";
import { CERTIFICATE_ALPHABET, CERTIFICATE_NUMBER_PATTERN, ZCourseCertificate, type TCertificate, type TPublicCertificate } from "../../../domain/certificate";
import { certificates } from "../../db/schema/certificates";
import { courses } from "../../db/schema/courses";
import { upsertCourse, upsertElement } from "../../db/seed/course-factories";
import { changeContent } from "../../platform/content-version";

const TITLE = { tr: "Sertifikalı Kurs", en: "Certified Course", ar: "دورة معتمدة", ru: "Курс с сертификатом" };

describeEachDatabase("certificates", (t) => {
  let app: FastifyInstance;
  const course = { id: "", elements: [] as string[] };
  const plain = { id: "", element: "" };

  async function makeCourse(opts: { certificate: boolean; validityMonths?: number; elements: number }) {
    const c = await upsertCourse(t.db, {
      portalId: t.config.PORTAL_ID,
      title: TITLE,
      type: "free",
      certificateEnabled: opts.certificate,
      certificateValidityMonths: opts.validityMonths ?? null,
    });
    const ids: string[] = [];
    for (let i = 0; i < opts.elements; i++) {
      ids.push((await upsertElement(t.db, { courseId: c.id, type: "lesson", title: { en: `Lesson ${i + 1}` }, index: i })).id);
    }
    return { id: c.id, elements: ids };
  }

  beforeAll(async () => {
    app = t.app;
    const c = await makeCourse({ certificate: true, elements: 2 });
    course.id = c.id;
    course.elements = c.elements;
    const p = await makeCourse({ certificate: false, elements: 1 });
    plain.id = p.id;
    plain.element = p.elements[0];
  });

  const finish = (who: { browser: Browser }, elementId: string) => who.browser.post(`/api/progress/elements/${elementId}/finish`);
  const request = (who: { browser: Browser }, courseId = course.id, lang = "en") => who.browser.post("/api/certificates/requests", { courseId, lang });
  const rows = (userId: string, courseId = course.id) =>
    t.db
      .select()
      .from(certificates)
      .where(and(eq(certificates.userId, userId), eq(certificates.courseId, courseId)));
  async function finished(): Promise<Registered & { certificate: TCertificate }> {
    const l = await learner(t.app, t.db, { firstName: "Ayşe", lastName: "Yılmaz" });
    for (const id of course.elements) expect((await finish(l, id)).statusCode).toBe(200);
    return { ...l, certificate: json<TCertificate>(await request(l)) };
  }
  async function admin(role: "admin" | "mp-admin" = "admin") {
    const a = await register(app);
    await patchUser(t.database, a.userId, { roles: ["disciple", role] });
    return a;
  }

  describe("issuing", () => {
    it("the finish that completes the course issues the certificate: the learner's name, the title per language, no expiry", async () => {
      const l = await learner(t.app, t.db, { firstName: "Иван", lastName: "Петров" });
      expect((await finish(l, course.elements[0])).statusCode).toBe(200);
      expect(await rows(l.userId)).toHaveLength(0);
      const done = json<{ courseFinished: boolean }>(await finish(l, course.elements[1]));
      expect(done.courseFinished).toBe(true);
      const [row] = await rows(l.userId);
      expect(row).toMatchObject({ learnerName: "Иван Петров", courseTitle: TITLE, expiresAt: null, revokedAt: null });
      expect(row!.number).toMatch(CERTIFICATE_NUMBER_PATTERN);
      const mine = json<{ certificates: TCertificate[] }>(await l.browser.get("/api/certificates?lang=ru")).certificates;
      expect(mine).toHaveLength(1);
      expect(mine[0]).toMatchObject({ number: row!.number, status: "valid", courseTitle: "Курс с сертификатом", learnerName: "Иван Петров" });
      expect(mine[0]!.url).toMatch(new RegExp(`/ru/certificates/${row!.number}$`));
      expect(mine[0]!.pdfUrl).toBe(`/api/certificates/${row!.number}.pdf?lang=ru`);
    });

    it("20 parallel finishes of the last element issue one certificate", async () => {
      const l = await learner(t.app, t.db);
      expect((await finish(l, course.elements[0])).statusCode).toBe(200);
      const replies = await Promise.all(Array.from({ length: 20 }, () => finish(l, course.elements[1])));
      for (const r of replies) expect(r.statusCode, r.body).toBe(200);
      expect(await rows(l.userId)).toHaveLength(1);
    });

    it("20 parallel requests (with finishes among them) answer one and the same certificate; a later request too", async () => {
      const l = await learner(t.app, t.db);
      expect((await finish(l, course.elements[0])).statusCode).toBe(200);
      expect((await finish(l, course.elements[1])).statusCode).toBe(200);
      await t.db.delete(certificates).where(eq(certificates.userId, l.userId));
      const replies = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 4 === 0 ? finish(l, course.elements[1]) : request(l))));
      const numbers = new Set(replies.filter((r) => r.json().number).map((r) => r.json().number as string));
      for (const r of replies) expect(r.statusCode, r.body).toBe(200);
      expect(numbers.size).toBe(1);
      expect(await rows(l.userId)).toHaveLength(1);
      expect(json<TCertificate>(await request(l, course.id, "tr")).number).toBe([...numbers][0]);
    });

    it("numbers are MNT- and 16 characters of the unambiguous alphabet, all different", async () => {
      const numbers = await Promise.all(Array.from({ length: 6 }, async () => (await finished()).certificate.number));
      expect(new Set(numbers).size).toBe(numbers.length);
      for (const n of numbers) {
        expect(n).toMatch(CERTIFICATE_NUMBER_PATTERN);
        for (const c of n.slice(4)) expect(CERTIFICATE_ALPHABET).toContain(c);
        expect(n).not.toMatch(/[01IO]/);
      }
    });

    it("a request before the course is finished, for a course without a certificate, or for an unknown course is refused and writes nothing", async () => {
      const l = await learner(t.app, t.db);
      expectError(await request(l), 409, "CERTIFICATE-NOT-EARNED");
      expect((await finish(l, plain.element)).statusCode).toBe(200);
      expectError(await request(l, plain.id), 404, "CERTIFICATE-NOT-OFFERED");
      expectError(await request(l, "no-such-course"), 404, "CERTIFICATE-NOT-OFFERED");
      expect(await rows(l.userId)).toHaveLength(0);
      expect(await rows(l.userId, plain.id)).toHaveLength(0);
    });

    it("guests and anonymous sessions get no certificate; malformed, oversized and NUL bodies are typed 400s", async () => {
      expectError(await request({ browser: new Browser(app) }), 401, "UNAUTHORIZED");
      const s = await sessionBrowser(app);
      expect((await s.browser.post(`/api/progress/elements/${course.elements[0]}/finish`)).statusCode).toBe(200);
      expect((await s.browser.post(`/api/progress/elements/${course.elements[1]}/finish`)).statusCode).toBe(200);
      expect(await rows(s.userId)).toHaveLength(0);
      expectError(await request(s), 401, "UNAUTHORIZED");
      const l = await learner(t.app, t.db);
      expectError(await l.browser.post("/api/certificates/requests", { courseId: course.id }), 400, "VALIDATION");
      expectError(await l.browser.post("/api/certificates/requests", { courseId: course.id, lang: "en", extra: 1 }), 400, "VALIDATION");
      expectError(await l.browser.post("/api/certificates/requests", { courseId: `${course.id}\u0000`, lang: "en" }), 400, "VALIDATION");
      expectError(await l.browser.post("/api/certificates/requests", { courseId: "x".repeat(5000), lang: "en" }), 400, "VALIDATION");
      expectError(await l.browser.post("/api/certificates/requests", { courseId: course.id, lang: "xx" }), 400, "UNSUPPORTED-LANG");
      expectError(await l.browser.post("/api/certificates/requests", "not json", { "content-type": "application/json" }), 400, "VALIDATION");
    });
  });

  describe("a learner who finished before the course's certificate was switched on", () => {
    const stateOf = async (who: { browser: Browser }, courseId: string, lang = "en") => {
      const res = await who.browser.get(`/api/certificates/courses/${encodeURIComponent(courseId)}?lang=${lang}`);
      return ZCourseCertificate.parse(json(res));
    };
    const switchOn = (courseId: string) =>
      changeContent(t.db, async (tx) => {
        await tx.update(courses).set({ certificateEnabled: true }).where(eq(courses.id, courseId));
      });

    it("is offered the certificate (available), gets it by the request, and then holds it (issued, with its page)", async () => {
      const c = await makeCourse({ certificate: false, elements: 2 });
      const l = await learner(t.app, t.db, { firstName: "Leyla", lastName: "Kaya" });
      for (const id of c.elements) expect((await finish(l, id)).statusCode).toBe(200);
      expect(await rows(l.userId, c.id)).toHaveLength(0);
      expect(await stateOf(l, c.id)).toEqual({ courseId: c.id, status: "none", path: null });
      await switchOn(c.id);
      // Switching it on issues nothing by itself: the learner asks.
      expect(await rows(l.userId, c.id)).toHaveLength(0);
      expect(await stateOf(l, c.id)).toEqual({ courseId: c.id, status: "available", path: null });
      const cert = json<TCertificate>(await request(l, c.id, "ar"));
      expect(cert).toMatchObject({ courseId: c.id, learnerName: "Leyla Kaya", courseTitle: TITLE.ar, status: "valid" });
      expect(await stateOf(l, c.id, "ar")).toEqual({ courseId: c.id, status: "issued", path: `/ar/certificates/${cert.number}` });
      expect(await rows(l.userId, c.id)).toHaveLength(1);
    });

    it("offers nothing before the finish, to guests, anonymous sessions and other learners; refuses unknown courses and bad input", async () => {
      const c = await makeCourse({ certificate: false, elements: 2 });
      const done = await learner(t.app, t.db);
      for (const id of c.elements) expect((await finish(done, id)).statusCode).toBe(200);
      const s = await sessionBrowser(app);
      for (const id of c.elements) expect((await s.browser.post(`/api/progress/elements/${id}/finish`)).statusCode).toBe(200);
      const halfway = await learner(t.app, t.db);
      expect((await finish(halfway, c.elements[0])).statusCode).toBe(200);
      await switchOn(c.id);
      const none = { courseId: c.id, status: "none", path: null };
      expect(await stateOf(halfway, c.id)).toEqual(none);
      expect(await stateOf({ browser: new Browser(app) }, c.id)).toEqual(none);
      expect(await stateOf(s, c.id)).toEqual(none);
      // The finisher's certificate is theirs alone: another learner's state does not show it.
      const cert = json<TCertificate>(await request(done, c.id));
      expect(await stateOf(done, c.id)).toMatchObject({ status: "issued", path: `/en/certificates/${cert.number}` });
      expect(await stateOf(halfway, c.id)).toEqual(none);
      expect(await stateOf(await learner(t.app, t.db), c.id)).toEqual(none);
      expectError(await request(halfway, c.id), 409, "CERTIFICATE-NOT-EARNED");
      const l = await learner(t.app, t.db);
      const get = (path: string) => l.browser.get(path);
      expectError(await get("/api/certificates/courses/no-such-course?lang=en"), 404, "CERTIFICATE-NOT-OFFERED");
      expectError(await get(`/api/certificates/courses/${c.id}%00?lang=en`), 400, "VALIDATION");
      expectError(await get(`/api/certificates/courses/${c.id}`), 400, "VALIDATION");
      expectError(await get(`/api/certificates/courses/${c.id}?lang=e%00n`), 400, "VALIDATION");
      expectError(await get(`/api/certificates/courses/${c.id}?lang=xx`), 400, "UNSUPPORTED-LANG");
      // Longer than any id the router takes: no such route.
      expectError(await get(`/api/certificates/courses/${"x".repeat(200)}?lang=en`), 404, "NOT-FOUND");
      expectError(await get(`/api/certificates/courses/bad%20id?lang=en`), 400, "VALIDATION");
      expectError(
        await app.inject({ method: "GET", url: `/api/certificates/courses/${c.id}?lang=en`, headers: { authorization: "Bearer nope" } }),
        401,
        "TOKEN-BAD",
      );
      expect(await rows(halfway.userId, c.id)).toHaveLength(0);
      expect(await rows(s.userId, c.id)).toHaveLength(0);
    });
  });

  describe("files", () => {
    it("the owner downloads the PDF, the preview and the credential; another learner is refused, a guest asked to sign in; admins may", async () => {
      const owner = await finished();
      const n = owner.certificate.number;
      const pdf = await owner.browser.get(`/api/certificates/${n}.pdf?lang=tr`);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers["content-type"]).toBe("application/pdf");
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
      const svg = await owner.browser.get(`/api/certificates/${n}.svg?lang=ar`);
      expect(svg.statusCode).toBe(200);
      expect(svg.headers["content-type"]).toMatch(/^image\/svg\+xml/);
      expect(svg.body).toContain("Ayşe Yılmaz");
      expect(svg.body).toContain("دورة معتمدة");
      const jwt = await owner.browser.get(`/api/certificates/${n}/credential`);
      expect(jwt.statusCode).toBe(200);
      expect(jwt.headers["content-type"]).toMatch(/^application\/vc\+jwt/);

      const other = await learner(t.app, t.db);
      for (const path of [`${n}.pdf`, `${n}.svg`, `${n}/credential`]) {
        expectError(await other.browser.get(`/api/certificates/${path}`), 403, "AUTH-DENY");
        expectError(await new Browser(app).get(`/api/certificates/${path}`), 401, "UNAUTHORIZED");
      }
      for (const role of ["admin", "mp-admin"] as const) {
        expect((await (await admin(role)).browser.get(`/api/certificates/${n}.pdf`)).statusCode).toBe(200);
      }
    });

    it("malformed numbers and NUL bytes are typed 400s; an unknown well-formed number is a 404", async () => {
      const owner = await finished();
      const unknown = "MNT-2222222222222222";
      for (const bad of [
        "MNT-123",
        "mnt-ABCDEFGHJKLMNPQR",
        "MNT-ABCDEFGHJKLMNPQ0",
        "MNT-ABCDEFGHJKLMNPQR%00",
        "%00",
        "..%2F..%2Fetc%2Fpasswd",
        `MNT-${"A".repeat(90)}`,
      ]) {
        expectError(await owner.browser.get(`/api/certificates/${bad}?lang=en`), 400, "VALIDATION");
        expectError(await owner.browser.get(`/api/certificates/${bad}.pdf`), 400, "VALIDATION");
      }
      // Past the router's parameter length a path matches no route: still a typed 404, never a lookup.
      expectError(await owner.browser.get(`/api/certificates/MNT-${"A".repeat(300)}.pdf`), 404, "NOT-FOUND");
      expectError(await owner.browser.get(`/api/certificates/${unknown}?lang=en`), 404, "CERTIFICATE-NOT-FOUND");
      expectError(await owner.browser.get(`/api/certificates/${unknown}.pdf`), 404, "CERTIFICATE-NOT-FOUND");
      expectError(await owner.browser.get(`/api/certificates/${owner.certificate.number}.pdf?lang=zz`), 400, "UNSUPPORTED-LANG");
    });
  });

  describe("verification and revocation", () => {
    it("anyone verifies by number: what it says, and no user id or e-mail", async () => {
      const owner = await finished();
      const v = json<TPublicCertificate>(await new Browser(app).get(`/api/certificates/${owner.certificate.number}?lang=ar`));
      expect(v).toMatchObject({ status: "valid", learnerName: "Ayşe Yılmaz", courseTitle: "دورة معتمدة", revokedReason: null });
      expect(JSON.stringify(v)).not.toContain(owner.userId);
      expect(JSON.stringify(v)).not.toContain(owner.email);
    });

    it("an expired certificate says so; revoked beats expired", async () => {
      const c = await makeCourse({ certificate: true, validityMonths: 12, elements: 1 });
      const l = await learner(t.app, t.db);
      expect((await finish(l, c.elements[0])).statusCode).toBe(200);
      const [row] = await rows(l.userId, c.id);
      const months = (row!.expiresAt!.getTime() - row!.issuedAt.getTime()) / (30.4 * 24 * 3600_000);
      expect(Math.round(months)).toBe(12);
      await t.db
        .update(certificates)
        .set({ issuedAt: new Date("2020-01-01T00:00:00Z"), expiresAt: new Date("2021-01-01T00:00:00Z") })
        .where(eq(certificates.id, row!.id));
      expect(json<TPublicCertificate>(await new Browser(app).get(`/api/certificates/${row!.number}?lang=en`)).status).toBe("expired");
      const a = await admin();
      expect(json<TPublicCertificate>(await a.browser.post(`/api/certificates/${row!.number}/revoke?lang=en`, { reason: "Issued in error" })).status).toBe(
        "revoked",
      );
    });

    it("only admins revoke, with a reason; a second revocation is refused; the page states the reason", async () => {
      const owner = await finished();
      const n = owner.certificate.number;
      const revoke = (who: { browser: Browser }, body: unknown) => who.browser.post(`/api/certificates/${n}/revoke?lang=en`, body);
      expectError(await revoke({ browser: new Browser(app) }, { reason: "x" }), 401, "UNAUTHORIZED");
      expectError(await revoke(owner, { reason: "I changed my mind" }), 403, "AUTH-DENY");
      const mentor = await register(app);
      await patchUser(t.database, mentor.userId, { roles: ["disciple", "mentor"] });
      expectError(await revoke(mentor, { reason: "x" }), 403, "AUTH-DENY");
      const a = await admin("mp-admin");
      expectError(await revoke(a, {}), 400, "VALIDATION");
      expectError(await revoke(a, { reason: "   " }), 400, "VALIDATION");
      expectError(await revoke(a, { reason: "a\u0000b" }), 400, "VALIDATION");
      expectError(await revoke(a, { reason: "x".repeat(501) }), 400, "VALIDATION");
      expect((await rows(owner.userId))[0]!.revokedAt).toBeNull();

      const replies = await Promise.all(Array.from({ length: 5 }, () => revoke(a, { reason: "Plagiarised final check" })));
      expect(replies.filter((r) => r.statusCode === 200)).toHaveLength(1);
      for (const r of replies.filter((x) => x.statusCode !== 200)) expectError(r, 409, "CERTIFICATE-ALREADY-REVOKED");
      const v = json<TPublicCertificate>(await new Browser(app).get(`/api/certificates/${n}?lang=en`));
      expect(v).toMatchObject({ status: "revoked", revokedReason: "Plagiarised final check" });
      expect(v.revokedAt).not.toBeNull();
      expectError(await revoke(a, { reason: "again" }), 409, "CERTIFICATE-ALREADY-REVOKED");
      expectError(await a.browser.post(`/api/certificates/MNT-2222222222222222/revoke?lang=en`, { reason: "x" }), 404, "CERTIFICATE-NOT-FOUND");
    });

    it("the Open Badges credential is a signed OpenBadgeCredential; a check tells ours from altered ones, and the state now", async () => {
      const owner = await finished();
      const jwt = (await owner.browser.get(`/api/certificates/${owner.certificate.number}/credential?lang=en`)).body;
      const [head, body] = jwt
        .split(".")
        .slice(0, 2)
        .map((p) => JSON.parse(Buffer.from(p, "base64url").toString()) as Record<string, unknown>);
      expect(head).toMatchObject({ alg: "EdDSA", typ: "vc+jwt" });
      const vc = body!.vc as { type: string[]; credentialSubject: { achievement: { name: string } }; issuer: { id: string } };
      expect(vc.type).toEqual(["VerifiableCredential", "OpenBadgeCredential"]);
      expect(vc.credentialSubject.achievement.name).toBe("Certified Course");
      expect(body).toMatchObject({ sub: owner.certificate.number, iss: vc.issuer.id });

      const check = (credential: string) => new Browser(app).post("/api/certificates/credential-checks", { credential });
      expect(json(await check(jwt))).toEqual({ genuine: true, number: owner.certificate.number, status: "valid" });
      const forged = [head, { ...body, sub: "MNT-2222222222222222" }, null]
        .slice(0, 2)
        .map((p) => Buffer.from(JSON.stringify(p)).toString("base64url"))
        .concat(jwt.split(".")[2]!)
        .join(".");
      expect(json(await check(forged))).toEqual({ genuine: false, number: null, status: null });
      expectError(await check("not a jwt"), 400, "VALIDATION");

      const issuer = json<{ keys: Array<{ crv: string; x: string }> }>(await new Browser(app).get("/api/certificates/issuer?lang=en"));
      expect(issuer.keys[0]).toMatchObject({ crv: "Ed25519" });
      const a = await admin();
      expect((await a.browser.post(`/api/certificates/${owner.certificate.number}/revoke?lang=en`, { reason: "Revoked for the test" })).statusCode).toBe(200);
      expect(json(await check(jwt))).toEqual({ genuine: true, number: owner.certificate.number, status: "revoked" });
    });
  });
});
