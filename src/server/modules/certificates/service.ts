import { randomBytes, randomUUID } from "node:crypto";
import {
  certificateDate,
  certificateNumberFrom,
  certificatePath,
  certificateStatus,
  CERTIFICATE_NUMBER_LENGTH,
  linkedInAddUrl,
  type TCertificatePage,
  expiryAfter,
  type TCertificate,
  type TCourseCertificate,
  type TOfferedCertificate,
  type TCredentialVerdict,
  type TPublicCertificate,
} from "../../../domain/certificate";
import { AppError, isAppError } from "../../../domain/errors";
import type { TViewer } from "../../../domain/learning-access";
import { dirOf } from "../../../domain/locale";
import { localized } from "../../../domain/localized";
import type { LanguagePacks } from "../../platform/language-packs";
import type { CoursesService } from "../courses/service";
import type { UsersService } from "../users/service";
import { credentialNumber, issuerKey, type IssuerKey, newIssuerJwk, signCredential } from "./credential";
import { renderCertificatePdf } from "./pdf/render";
import { assertMayDownload, assertMayEarn, assertMayRevoke, assertSignedIn, mayDownload } from "./policy";
import { certificatePreviewSvg } from "./preview";
import type { CertificateRow, CertificatesRepo } from "./repo";

/** The certificate texts of the "certificates" language pack that the server prints. */
interface PdfTexts {
  title: string;
  heading: string;
  certifies: string;
  completed: string;
  issued: string;
  issuedUntil: string;
  number: string;
  verify: string;
}

const fill = (template: string, values: Record<string, string>) => template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => values[k] ?? "");

export interface CertificatesServiceDeps {
  repo: CertificatesRepo;
  courses: Pick<CoursesService, "structure" | "lang">;
  users: Pick<UsersService, "get">;
  /** Whether the learner has finished every visible element of the course (modules/progress). */
  finished: (userId: string, courseId: string) => Promise<boolean>;
  packs: Pick<LanguagePacks, "get">;
  portalLangs: () => Promise<{ primaryLang: string }>;
  /** The portal's name in a language: the credential's issuer and the organisation on LinkedIn. */
  issuerName: (lang: string) => Promise<string>;
  /** CERTIFICATE_SIGNING_KEY, else the key generated at first start and kept in the database. */
  configuredKey?: string;
  now?: () => Date;
}

/**
 * Certificates of finished courses (issue 13, docs/decisions/0037): issued once per learner and
 * course when a course whose certificate is on is finished, shown to anyone by number, downloaded as
 * a PDF, a preview and an Open Badges 3.0 credential by the owner, revoked by admins.
 */
export function createCertificatesService({
  repo,
  courses,
  users,
  finished,
  packs,
  portalLangs,
  issuerName,
  configuredKey,
  now = () => new Date(),
}: CertificatesServiceDeps) {
  let key: Promise<IssuerKey> | undefined;
  const signingKey = () => (key ??= (async () => issuerKey(configuredKey ?? (await repo.issuerJwk(await newIssuerJwk()))))());

  async function courseOf(courseId: string) {
    try {
      return (await courses.structure(courseId, { unpublished: false })).course;
    } catch (e) {
      if (isAppError(e, "COURSE_NOT_RECEIVED")) throw new AppError("CERTIFICATE_NOT_OFFERED", `Course ${courseId} gives no certificate`);
      throw e;
    }
  }

  /** The one way a certificate comes to be: checks, then an insert that the unique indexes make happen once. */
  async function issue(userId: string, courseId: string, lang: string): Promise<CertificateRow> {
    const existing = await repo.findFor(userId, courseId);
    if (existing) return existing;
    const course = await courseOf(courseId);
    if (!course.certificateEnabled) throw new AppError("CERTIFICATE_NOT_OFFERED", `Course ${courseId} gives no certificate`);
    if (!(await finished(userId, courseId))) throw new AppError("CERTIFICATE_NOT_EARNED", `Course ${courseId} is not finished`);
    const user = await users.get(userId);
    const issuedAt = now();
    for (let attempt = 0; attempt < 3; attempt++) {
      const row = await repo.insertOnce({
        id: `crt-${randomUUID()}`,
        number: certificateNumberFrom(randomBytes(CERTIFICATE_NUMBER_LENGTH)),
        userId,
        courseId,
        // Never the e-mail address: the name is shown on the public verification page.
        learnerName: user.fullName || user.username || "",
        courseTitle: course.title,
        lang,
        issuedAt,
        expiresAt: expiryAfter(issuedAt, course.certificateValidityMonths),
      });
      if (row) return row;
    }
    throw new AppError("INTERNAL", "Could not draw a free certificate number");
  }

  async function present(row: CertificateRow, lang: string, origin: string): Promise<TPublicCertificate> {
    const l = await courses.lang(lang);
    return {
      number: row.number,
      status: certificateStatus(row, now()),
      learnerName: row.learnerName,
      courseId: row.courseId,
      courseTitle: localized(row.courseTitle, l.lang, l.primaryLang),
      issuedAt: row.issuedAt.toISOString(),
      expiresAt: row.expiresAt?.toISOString() ?? null,
      revokedAt: row.revokedAt?.toISOString() ?? null,
      revokedReason: row.revokedReason,
      url: `${origin}${certificatePath(l.lang, row.number)}`,
    };
  }

  async function presentOwn(row: CertificateRow, lang: string, origin: string): Promise<TCertificate> {
    const base = `/api/certificates/${row.number}`;
    return {
      ...(await present(row, lang, origin)),
      pdfUrl: `${base}.pdf?lang=${lang}`,
      previewUrl: `${base}.svg?lang=${lang}`,
      credentialUrl: `${base}/credential?lang=${lang}`,
    };
  }

  async function byNumber(number: string): Promise<CertificateRow> {
    const row = await repo.findByNumber(number);
    if (!row) throw new AppError("CERTIFICATE_NOT_FOUND", `No certificate ${number}`);
    return row;
  }

  async function downloadable(viewer: TViewer, number: string): Promise<CertificateRow> {
    assertSignedIn(viewer);
    const row = await byNumber(number);
    assertMayDownload(viewer, row);
    return row;
  }

  async function pdfTexts(lang: string): Promise<PdfTexts> {
    const pack = ((await packs.get(lang, "certificates")) ?? (await packs.get("en", "certificates"))) as { pdf: PdfTexts };
    return pack.pdf;
  }

  return {
    /**
     * Called by the progress service when a learner's finish completes a course: issues the
     * certificate when the course gives one. Anonymous sessions get none (no name to print).
     */
    async courseFinished(viewer: TViewer, courseId: string): Promise<void> {
      if (viewer.kind !== "user") return;
      const course = await courseOf(courseId);
      if (!course.certificateEnabled) return;
      // No language comes with a finish: the portal's primary one; the PDF is printed in the language asked for.
      await issue(viewer.id, courseId, (await portalLangs()).primaryLang).catch((e: unknown) => {
        if (!isAppError(e, "CERTIFICATE_NOT_EARNED", "CERTIFICATE_NOT_OFFERED")) throw e;
      });
    },
    /** Seed 000 §7 certificate request: the learner's certificate of a finished course, issued on the first call. */
    async request(viewer: TViewer, body: { courseId: string; lang: string }, origin: string): Promise<TCertificate> {
      assertMayEarn(viewer);
      await courses.lang(body.lang);
      return presentOwn(await issue(viewer.id, body.courseId, body.lang), body.lang, origin);
    },
    /**
     * Where the learner stands with a course's certificate (the course page's "Get your certificate"):
     * one query (the learner's certificate of the course) when the caller knows the course is finished
     * (the course page's loader has every element's state), none when it knows it is not; the course is read from the
     * content cache. An unknown or unpublished course is CERTIFICATE-NOT-OFFERED.
     */
    async forCourse(viewer: TViewer, courseId: string, lang: string, known?: { finished: boolean }): Promise<TCourseCertificate> {
      const l = await courses.lang(lang);
      const course = await courseOf(courseId);
      const none: TCourseCertificate = { courseId, status: "none", path: null };
      // A guest or an anonymous session cannot earn one (no name to print): nothing to offer.
      if (viewer.kind !== "user" || !course.certificateEnabled) return none;
      // The course page of a learner still on the way (the common case) asks the database nothing:
      // a certificate held for a course that has grown since is in the profile.
      if (known && !known.finished) return none;
      const row = await repo.findFor(viewer.id, courseId);
      if (row) return { courseId, status: "issued", path: certificatePath(l.lang, row.number) };
      const done = known ? known.finished : await finished(viewer.id, courseId);
      return done ? { courseId, status: "available", path: null } : none;
    },
    /**
     * The profile: the learner's certificates, and the courses among `finishedCourseIds` (from the
     * learner's progress) that give one not yet issued. One query; the courses come from the cache.
     */
    async overview(
      viewer: TViewer,
      lang: string,
      origin: string,
      finishedCourseIds: readonly string[],
    ): Promise<{ certificates: TCertificate[]; offered: TOfferedCertificate[] }> {
      assertSignedIn(viewer);
      const l = await courses.lang(lang);
      const rows = await repo.listForUser(viewer.id);
      const held = new Set(rows.map((r) => r.courseId));
      const offered: TOfferedCertificate[] = [];
      if (viewer.kind === "user") {
        for (const courseId of finishedCourseIds) {
          if (held.has(courseId)) continue;
          // A course unpublished or gone since offers nothing.
          const course = await courseOf(courseId).catch((e: unknown) => {
            if (isAppError(e, "CERTIFICATE_NOT_OFFERED")) return null;
            throw e;
          });
          if (course?.certificateEnabled) offered.push({ courseId, courseTitle: localized(course.title, l.lang, l.primaryLang) });
        }
      }
      return { certificates: await Promise.all(rows.map((r) => presentOwn(r, lang, origin))), offered };
    },
    /** The signed-in learner's certificates, newest first (the profile). */
    async mine(viewer: TViewer, lang: string, origin: string): Promise<TCertificate[]> {
      assertSignedIn(viewer);
      await courses.lang(lang);
      const rows = await repo.listForUser(viewer.id);
      return Promise.all(rows.map((r) => presentOwn(r, lang, origin)));
    },
    /** What the verification page shows: anyone may ask by number. */
    async verify(number: string, lang: string, origin: string): Promise<TPublicCertificate> {
      await courses.lang(lang);
      return present(await byNumber(number), lang, origin);
    },
    /**
     * The verification page: what anyone sees, and for its owner (and admins) the downloads and
     * LinkedIn's add-to-profile link.
     */
    async page(viewer: TViewer, number: string, lang: string, origin: string): Promise<TCertificatePage> {
      await courses.lang(lang);
      const row = await byNumber(number);
      const certificate = await presentOwn(row, lang, origin);
      const linkedInUrl = linkedInAddUrl({
        name: certificate.courseTitle,
        organization: await issuerName(lang),
        issuedAt: row.issuedAt,
        expiresAt: row.expiresAt,
        number: row.number,
        url: certificate.url,
      });
      const { pdfUrl, previewUrl: _preview, credentialUrl, ...shown } = certificate;
      return { certificate: shown, files: mayDownload(viewer, row) ? { pdfUrl, credentialUrl, linkedInUrl } : null };
    },
    async pdf(viewer: TViewer, number: string, lang: string | undefined, origin: string): Promise<Buffer> {
      const row = await downloadable(viewer, number);
      const l = await courses.lang(lang ?? row.lang);
      const t = await pdfTexts(l.lang);
      const shown = await present(row, l.lang, origin);
      const date = certificateDate(l.lang, row.issuedAt);
      return renderCertificatePdf({
        lang: l.lang,
        dir: dirOf(l.lang),
        title: fill(t.title, { course: shown.courseTitle }),
        heading: t.heading,
        certifies: t.certifies,
        learnerName: row.learnerName,
        completed: t.completed,
        courseTitle: shown.courseTitle,
        issued: row.expiresAt ? fill(t.issuedUntil, { date, until: certificateDate(l.lang, row.expiresAt) }) : fill(t.issued, { date }),
        numberLine: fill(t.number, { number: row.number }),
        verifyLine: fill(t.verify, { url: shown.url }),
        url: shown.url,
        issuedAt: row.issuedAt,
      });
    },
    /** A thumbnail of the certificate for the profile (SVG drawn on the server). */
    async preview(viewer: TViewer, number: string, lang: string | undefined, origin: string): Promise<string> {
      const row = await downloadable(viewer, number);
      const l = await courses.lang(lang ?? row.lang);
      const t = await pdfTexts(l.lang);
      const shown = await present(row, l.lang, origin);
      return certificatePreviewSvg({
        lang: l.lang,
        dir: dirOf(l.lang),
        heading: t.heading,
        learnerName: row.learnerName,
        courseTitle: shown.courseTitle,
        date: certificateDate(l.lang, row.issuedAt),
        revoked: shown.status === "revoked",
      });
    },
    /** The Open Badges 3.0 credential (a signed JWT) for its owner and admins. */
    async credential(viewer: TViewer, number: string, lang: string | undefined, origin: string): Promise<string> {
      const row = await downloadable(viewer, number);
      lang ??= row.lang;
      const shown = await present(row, lang, origin);
      const course = await courseOf(row.courseId).catch(() => null);
      const l = await courses.lang(lang);
      return signCredential(await signingKey(), {
        number: row.number,
        learnerName: row.learnerName,
        courseId: row.courseId,
        courseTitle: shown.courseTitle,
        courseDescription: course ? localized(course.description, l.lang, l.primaryLang) : "",
        issuedAt: row.issuedAt,
        expiresAt: row.expiresAt,
        url: shown.url,
        courseUrl: `${origin}/${lang}/courses/${row.courseId}`,
        issuer: { id: `${origin}/api/certificates/issuer`, name: await issuerName(lang), url: origin },
      });
    },
    /** Checks a credential handed in: our signature, and the state of the certificate it names. */
    async checkCredential(jws: string): Promise<TCredentialVerdict> {
      const number = await credentialNumber(await signingKey(), jws);
      const row = number ? await repo.findByNumber(number) : null;
      if (!row) return { genuine: false, number: null, status: null };
      return { genuine: true, number: row.number, status: certificateStatus(row, now()) };
    },
    /** The credentials' issuer profile with its public key, for anyone verifying one elsewhere. */
    async issuer(lang: string, origin: string) {
      const k = await signingKey();
      const id = `${origin}/api/certificates/issuer`;
      return {
        "@context": ["https://www.w3.org/ns/credentials/v2", "https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json"],
        id,
        type: ["Profile"],
        name: await issuerName(lang),
        url: origin,
        keys: [{ id: `${id}#key-1`, ...k.publicJwk, alg: "EdDSA", use: "sig" }],
      };
    },
    /** Admins revoke a certificate with a reason; it stays on record and its page says so. */
    async revoke(viewer: TViewer, number: string, reason: string, lang: string, origin: string): Promise<TPublicCertificate> {
      assertMayRevoke(viewer);
      await courses.lang(lang);
      const row = await byNumber(number);
      if (row.revokedAt) throw new AppError("CERTIFICATE_ALREADY_REVOKED", `Certificate ${number} is revoked`);
      const revoked = await repo.revoke(number, viewer.id, reason, now());
      if (!revoked) throw new AppError("CERTIFICATE_ALREADY_REVOKED", `Certificate ${number} is revoked`);
      return present(revoked, lang, origin);
    },
  };
}
export type CertificatesService = ReturnType<typeof createCertificatesService>;
