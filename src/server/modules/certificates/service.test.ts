/**
 * Certificate numbers come from node:crypto's randomBytes (16 bytes, one per character), never from
 * Math.random or anything derived from the learner, the course or the time.
 */
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
