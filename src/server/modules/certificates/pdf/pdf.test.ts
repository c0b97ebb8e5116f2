/**
 * The certificate PDF in Latin, Turkish, Cyrillic and Arabic script (docs/decisions/0037): its text, as
 * pdf.js extracts it, holds the learner's name, the course and the date; Arabic is shaped exactly as
 * HarfBuzz shapes it (joining forms, not the letters' nominal glyphs) and laid out right to left.
 * Names in other scripts (Hebrew, Chinese, Japanese, Korean) are drawn with fallback fonts chosen per
 * character by glyph coverage: real glyphs, no .notdef boxes.
 */
import { readFileSync } from "node:fs";
import * as fontkit from "fontkit";
import type { Glyph } from "fontkit";
import * as hb from "harfbuzzjs";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { describe, expect, it } from "vitest";
import { certificateDate } from "../../../../domain/certificate";
import { arabicGlyphs, type CertificatePage, renderCertificatePdf } from "./render";
import { type VisualSegment, visualSegments } from "./bidi-line";
import { cjkFontData } from "./cjk-fonts";
import { fontData, fontFor, shaper, slicedFont, type WholeFamily } from "./fonts";

const ISSUED = new Date("2026-11-24T10:00:00Z");
const NUMBER = "MNT-7KQ2M9XH4TZP3WNB";
const CASES = {
  en: { name: "Ann Lee", course: "Foundations of Reading" },
  tr: { name: "Ayşe Yılmaz Çağrı Işık", course: "Okumanın Temelleri" },
  ru: { name: "Иван Петров", course: "Основы чтения" },
  ar: { name: "محمد أحمد", course: "أساسيات القراءة" },
} as const;
type Lang = keyof typeof CASES;

const fill = (t: string, v: Record<string, string>) => t.replace(/\{\{(\w+)\}\}/g, (_, k: string) => v[k] ?? "");
const pack = (lang: Lang) => (JSON.parse(readFileSync(`locales/${lang}/certificates.json`, "utf8")) as { pdf: Record<string, string> }).pdf;

function render(lang: Lang) {
  return renderCertificatePdf(base(lang));
}

function base(lang: Lang): CertificatePage {
  const t = pack(lang);
  const url = `http://localhost:3600/${lang}/certificates/${NUMBER}`;
  return {
    lang,
    dir: lang === "ar" ? "rtl" : "ltr",
    title: fill(t.title!, { course: CASES[lang].course }),
    heading: t.heading!,
    certifies: t.certifies!,
    learnerName: CASES[lang].name,
    completed: t.completed!,
    courseTitle: CASES[lang].course,
    issued: fill(t.issued!, { date: certificateDate(lang, ISSUED) }),
    numberLine: fill(t.number!, { number: NUMBER }),
    verifyLine: fill(t.verify!, { url }),
    url,
    issuedAt: ISSUED,
  };
}

/** The page's text items, and its text as pdf.js's viewer joins them (a new line where an item ends one). */
async function textOf(pdf: Buffer): Promise<{ items: string[]; text: string; pages: number }> {
  const doc = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, disableFontFace: true }).promise;
  const page = await doc.getPage(1);
  const all = (await page.getTextContent()).items.flatMap((i) => ("str" in i ? [i] : []));
  const items = all.map((i) => i.str).filter((s) => s.trim());
  const text = all.map((i) => i.str + (i.hasEOL ? "\n" : "")).join("");
  const pages = doc.numPages;
  await doc.destroy();
  return { items, text, pages };
}

/** The glyphs a segment is drawn with, from the very font the PDF embeds for it (a CJK slice's subset included). */
async function drawnGlyphs(s: VisualSegment): Promise<Glyph[]> {
  const font = slicedFont(s.font) ? fontkit.create(await cjkFontData(s.font, "bold", s.text)) : shaper(s.font as WholeFamily, "bold");
  return font.layout(s.text).glyphs;
}

describe("certificate PDF", () => {
  it.each(["en", "tr", "ru"] as const)(
    "%s: one page whose text has the name, the course, the date (MMM d, yyyy in the language) and the number",
    async (lang) => {
      const pdf = await render(lang);
      expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
      const { items, pages } = await textOf(pdf);
      expect(pages).toBe(1);
      const text = items.join("\n");
      expect(items).toContain(CASES[lang].name);
      expect(items).toContain(CASES[lang].course);
      expect(text).toContain(certificateDate(lang, ISSUED));
      expect(text).toContain(NUMBER);
      expect(text).toContain(`/${lang}/certificates/${NUMBER}`);
    },
  );

  it("dates are 'MMM d, yyyy' as each language writes it", () => {
    expect(certificateDate("en", ISSUED)).toBe("Nov 24, 2026");
    expect(certificateDate("tr", ISSUED)).toBe("24 Kas 2026");
    expect(certificateDate("ru", ISSUED)).toMatch(/^24 нояб\. 2026/);
    expect(certificateDate("ar", ISSUED)).toMatch(/نوفمبر/);
  });

  it("ar: the text layer reads back in logical order: the name, the course, every part of the date, the number", async () => {
    const { items } = await textOf(await render("ar"));
    expect(items).toContain(CASES.ar.name);
    expect(items).toContain(CASES.ar.course);
    for (const part of certificateDate("ar", ISSUED).split(/\s+/)) expect(items).toContain(part);
    expect(items).toContain(NUMBER);
    expect(items).toContain("شهادة إتمام");
  });

  it("ar: a Latin name on a right-to-left page reads back as written", async () => {
    const { items } = await textOf(await renderCertificatePdf({ ...base("ar"), learnerName: "Ayşe Yılmaz" }));
    expect(items).toContain("Ayşe Yılmaz");
    expect(items).toContain(CASES.ar.course);
  });

  it("ar: marks read back on their letters: a shadda inside a word and one on the last letter before a space", async () => {
    const pdf = await renderCertificatePdf({ ...base("ar"), learnerName: "ليلى حسّان", courseTitle: "مُحَمَّد والقراءة" });
    const { items } = await textOf(pdf);
    expect(items).toContain("ليلى حسّان");
    expect(items).toContain("مُحَمَّد والقراءة");
    // The certificate's own line: "قد أتمّ الدورة" (a shadda on the last letter of أتمّ).
    expect(items).toContain(pack("ar").completed);
  });

  it("ar: the glyphs drawn are HarfBuzz's shaping (joined forms), not the letters' nominal glyphs", async () => {
    const data = fontData("arabic", "bold");
    const face = new hb.Face(new hb.Blob(data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) as ArrayBuffer));
    const font = new hb.Font(face);
    for (const text of [CASES.ar.name, CASES.ar.course, "شهادة إتمام", "لا إله"]) {
      const buffer = new hb.Buffer();
      buffer.addText(text);
      buffer.guessSegmentProperties();
      hb.shape(font, buffer);
      const harfbuzz = buffer.getGlyphInfos().map((g) => g.codepoint);
      const drawn = arabicGlyphs(text, "bold").glyphs.map((g) => g.id);
      expect(drawn).toEqual(harfbuzz);
      const nominal = [...text].map((c) => shaper("arabic", "bold").glyphForCodePoint(c.codePointAt(0)!).id);
      // Right to left and joined: neither the nominal glyphs in logical order nor in reverse.
      expect(drawn).not.toEqual(nominal);
      expect(drawn).not.toEqual([...nominal].reverse());
    }
  });

  it("bidi: a line mixing Arabic, Latin and digits is cut into runs in visual order", () => {
    expect(visualSegments("رقم الشهادة MNT-7KQ2", "rtl")).toEqual([
      { text: "MNT-7KQ2", font: "latin", rtl: false },
      // The space takes the font of the Arabic before it; fontkit lays the run out right to left.
      { text: "رقم الشهادة ", font: "arabic", rtl: true },
    ]);
    expect(visualSegments("Certificate (MNT-7KQ2)", "ltr")).toEqual([{ text: "Certificate (MNT-7KQ2)", font: "latin", rtl: false }]);
    // Seen left to right: "مرحبا (١٢)". Brackets at a right-to-left level are mirrored; the Arabic run is
    // handed over in logical order (fontkit reverses it), the Arabic-Indic digits pre-reversed for the same reason.
    expect(visualSegments("(١٢) مرحبا", "rtl").map((s) => s.text)).toEqual(["( مرحبا", "٢١", ")"]);
  });
});

describe("names in scripts beyond the portal's languages", () => {
  const NAMES = [
    ["Hebrew", "שרה כהן", "hebrew"],
    ["Chinese", "张伟", "sc"],
    ["Japanese", "山田 さくら", "sc"],
    ["Korean", "김민준", "kr"],
  ] as const;

  it("each character is drawn with the first font that has its glyph, not by language", () => {
    const family = (c: string) => fontFor(c.codePointAt(0)!)?.split(":")[0];
    expect(["A", "ş", "Ж", "ب", "ש", "张", "さ", "김"].map(family)).toEqual(["latin", "latin", "latin", "arabic", "hebrew", "sc", "sc", "kr"]);
    // A CJK family is cut into slices by unicode range: the slice is part of the font's id.
    expect(fontFor("张".codePointAt(0)!)).toMatch(/^sc:\w+$/);
    // No font has it: null (the neighbours' font draws its .notdef).
    expect(fontFor(0x20bb7)).toBeNull();
    // Spaces and punctuation stay with the name's font; Latin around it keeps its own.
    expect(visualSegments("Dr. 김민준, PhD", "ltr").map((s) => [s.text, s.font.split(":")[0]])).toEqual([
      ["Dr. ", "latin"],
      ["김민준", "kr"],
      [", PhD", "latin"],
    ]);
  });

  it.each(NAMES)("%s: every glyph of the name is the font's own outline, where the Latin font alone has .notdef", async (_, name, family) => {
    expect(
      shaper("latin", "bold")
        .layout(name)
        .glyphs.some((g) => g.id === 0),
    ).toBe(true);
    const segments = visualSegments(name, "ltr");
    expect(new Set(segments.map((s) => s.font.split(":")[0]))).toEqual(new Set([family]));
    for (const s of segments) {
      for (const [i, g] of (await drawnGlyphs(s)).entries()) {
        expect(g.id, `${s.text} #${i}`).not.toBe(0);
        if (!/\s/.test(String.fromCodePoint(...g.codePoints))) expect(g.path.toSVG(), `${s.text} #${i}`).not.toBe("");
      }
    }
  });

  it.each(NAMES)("%s: pdf.js reads the name back from an English and an Arabic certificate", async (_, name) => {
    for (const lang of ["en", "ar"] as const) {
      const { text } = await textOf(await renderCertificatePdf({ ...base(lang), learnerName: name }));
      expect(text.split("\n"), lang).toContain(name);
      expect(text).toContain(CASES[lang].course);
    }
  });

  it("Hebrew is laid out right to left, as a right-to-left run in a left-to-right line", () => {
    const [latin, hebrew] = visualSegments("Sarah שרה כהן", "ltr");
    expect(latin).toEqual({ text: "Sarah ", font: "latin", rtl: false });
    // Handed over in logical order: fontkit lays a Hebrew run out right to left itself.
    expect(hebrew).toEqual({ text: "שרה כהן", font: "hebrew", rtl: true });
    const run = shaper("hebrew", "bold").layout("שרה");
    expect(run.direction).toBe("rtl");
    expect(run.glyphs.map((g) => String.fromCodePoint(...g.codePoints))).toEqual(["ה", "ר", "ש"]);
  });
});
