/**
 * Certificate numbers come from node:crypto's randomBytes (16 bytes, one per character), never from
 * Math.random or anything derived from the learner, the course or the time. The PDF the service
 * answers carries the learner's name in whatever script it is written (docs/decisions/0037).
 */
import { readFileSync } from "node:fs";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { describe, expect, it, vi } from "vitest";

const drawn: number[] = [];
vi.mock("node:crypto", async (original) => {
  const real = await original<typeof import("node:crypto")>();
  return {
    ...real,
    randomBytes: (n: number) => {
      drawn.push(n);
      return Buffer.from(Array.from({ length: n }, (_, i) => i * 7 + 3));
    },
  };
});

const { createCertificatesService } = await import("./service");
const { certificateNumberFrom, CERTIFICATE_ALPHABET } = await import("../../../domain/certificate");

describe("certificate numbers", () => {
  it("are drawn from crypto.randomBytes, 16 bytes mapped onto the 32-symbol alphabet", async () => {
    const inserted: Array<{ number: string }> = [];
    const service = createCertificatesService({
      repo: {
        findFor: async () => null,
        insertOnce: async (row: { number: string }) => (inserted.push(row), row),
      } as never,
      courses: {
        structure: async () => ({ course: { certificateEnabled: true, certificateValidityMonths: null, title: { en: "C" } } }),
        lang: async (lang: string) => ({ lang, primaryLang: "en" }),
      } as never,
      users: { get: async () => ({ fullName: "Ann Lee" }) } as never,
      finished: async () => true,
      packs: { get: async () => null },
      portalLangs: async () => ({ primaryLang: "en" }),
      issuerName: async () => "Mentora",
    });
    await service.request({ kind: "user", id: "usr-1", roles: ["disciple"], orderedCourses: [], teamId: null }, { courseId: "c", lang: "en" }, "http://x");
    expect(drawn).toEqual([16]);
    const expected = Array.from({ length: 16 }, (_, i) => CERTIFICATE_ALPHABET[(i * 7 + 3) & 31]).join("");
    expect(inserted[0]!.number).toBe(`MNT-${expected}`);
  });

  it("use every one of the 32 symbols evenly: 256 byte values, 8 each (no modulo bias)", () => {
    const counts = new Map<string, number>();
    for (let b = 0; b < 256; b += 16) {
      const n = certificateNumberFrom(Uint8Array.from({ length: 16 }, (_, i) => b + i));
      for (const c of n.slice(4)) counts.set(c, (counts.get(c) ?? 0) + 1);
    }
    expect(counts.size).toBe(32);
    expect(new Set(counts.values())).toEqual(new Set([8]));
    expect(CERTIFICATE_ALPHABET).toHaveLength(32);
    expect(CERTIFICATE_ALPHABET).not.toMatch(/[01IO]/);
  });
});

describe("the certificate PDF through the service", () => {
  const NUMBER = "MNT-7KQ2M9XH4TZP3WNB";
  const row = (learnerName: string) => ({
    id: "crt-1",
    number: NUMBER,
    userId: "usr-1",
    courseId: "reading",
    learnerName,
    courseTitle: { en: "Foundations of Reading", ar: "أساسيات القراءة" },
    lang: "en",
    issuedAt: new Date("2026-11-24T10:00:00Z"),
    expiresAt: null,
    revokedAt: null,
    revokedReason: null,
    revokedBy: null,
  });
  const serviceFor = (learnerName: string) =>
    createCertificatesService({
      repo: { findByNumber: async (n: string) => (n === NUMBER ? row(learnerName) : null) } as never,
      courses: { lang: async (lang: string) => ({ lang, primaryLang: "en" }) } as never,
      users: {} as never,
      finished: async () => true,
      packs: { get: async (lang: string) => JSON.parse(readFileSync(`locales/${lang}/certificates.json`, "utf8")) as Record<string, unknown> },
      portalLangs: async () => ({ primaryLang: "en" }),
      issuerName: async () => "Mentora",
    });
  const owner = { kind: "user", id: "usr-1", roles: ["disciple"], orderedCourses: [], teamId: null } as const;

  async function lines(pdf: Buffer): Promise<string[]> {
    const doc = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, disableFontFace: true }).promise;
    const items = (await (await doc.getPage(1)).getTextContent()).items.flatMap((i) => ("str" in i ? [i] : []));
    await doc.destroy();
    return items
      .map((i) => i.str + (i.hasEOL ? "\n" : ""))
      .join("")
      .split("\n");
  }

  it.each([
    ["Hebrew", "דוד לוי"],
    ["Chinese", "王芳"],
    ["Japanese", "佐藤 みゆき"],
    ["Korean", "박서연"],
  ])(
    "a %s name is printed and reads back, in English and in Arabic",
    async (_, name) => {
      const service = serviceFor(name);
      for (const lang of ["en", "ar"]) {
        const pdf = await service.pdf(owner as never, NUMBER, lang, "http://localhost:3600");
        expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
        expect(await lines(pdf), lang).toContain(name);
      }
      // Embedding a CJK font twice is heavy: a loaded machine needs more than the unit default of 5 s.
    },
    30_000,
  );
});
