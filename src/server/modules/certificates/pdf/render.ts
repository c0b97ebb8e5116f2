import PDFDocument from "pdfkit";
import type { GlyphRun } from "fontkit";
import { isArabicScript, type VisualSegment, visualSegments } from "./bidi-line";
import { cjkFontData } from "./cjk-fonts";
import { fontData, type FontId, fontName, type FontWeight, shaper, slicedFont, TEXT_LAYER_FONT, textLayerFontData } from "./fonts";
import { qrModules } from "./qr";

/** Everything printed on a certificate, already in the learner's language. */
export interface CertificatePage {
  lang: string;
  dir: "ltr" | "rtl";
  heading: string;
  certifies: string;
  learnerName: string;
  completed: string;
  courseTitle: string;
  /** "Issued on Nov 24, 2026" (and the expiry when there is one). */
  issued: string;
  /** "Certificate number MNT-…". */
  numberLine: string;
  /** "Verify at https://…". */
  verifyLine: string;
  /** The verification page's address: the QR code's content. */
  url: string;
  /** Document metadata title. */
  title: string;
  issuedAt: Date;
}

const A4_LANDSCAPE = { width: 841.89, height: 595.28 };
const INK = "#1f2937";
const ACCENT = "#0f766e";
const MUTED = "#4b5563";

/**
 * The glyphs an Arabic-font run is drawn with: fontkit's OpenType layout (joining forms, ligatures,
 * mark positioning), left to right. pdf.test.ts checks them against HarfBuzz.
 */
export function arabicGlyphs(text: string, weight: FontWeight): GlyphRun {
  return shaper("arabic", weight).layout(text);
}

/** Draws a shaped run as outlines from x on the baseline; answers its width. */
function outlines(doc: PDFKit.PDFDocument, text: string, x: number, baseline: number, size: number, weight: FontWeight, color: string): number {
  const font = shaper("arabic", weight);
  const run = arabicGlyphs(text, weight);
  const scale = size / font.unitsPerEm;
  let pen = x;
  run.glyphs.forEach((glyph, i) => {
    const p = run.positions[i];
    const path = glyph.path.toSVG();
    if (path) {
      doc
        .save()
        .translate(pen + p.xOffset * scale, baseline - p.yOffset * scale)
        .scale(scale, -scale)
        .path(path)
        .fill(color)
        .restore();
    }
    pen += p.xAdvance * scale;
  });
  return pen - x;
}

/** Where a space is followed by a mark in visual order: after the last letter of a word that carries one (أتمّ). */
const SPACE_BEFORE_MARK = /(?<= )(?=\p{Mn})/u;

/**
 * The invisible text over a run drawn as outlines, in visual order, stretched to the run's width
 * (docs/decisions/0037). Two things keep marks (shadda, fatha…) reading back where they belong:
 * - The stretch is a horizontal scale of the graphics state around x, not the text's horizontal
 *   scaling (Tz): pdfkit moves to a mark that fontkit offsets with absolute text matrices computed
 *   without Tz, so under Tz the glyphs after a mark sat apart and pdf.js read a space there.
 * - pdf.js does not advance past a zero-width mark: a mark right after a space made it count that
 *   space twice, once before the mark and once after it. The text is cut there and the next piece
 *   starts where the space began, so the space is in the text once and its width is not seen twice.
 */
function textLayer(doc: PDFKit.PDFDocument, text: string, x: number, baseline: number, size: number, width: number) {
  doc.font(TEXT_LAYER_FONT).fontSize(size);
  const pieces = text.split(SPACE_BEFORE_MARK);
  const space = doc.widthOfString(" ", { features: [] });
  const advances = pieces.map((p, i) => doc.widthOfString(p, { features: [] }) - (i < pieces.length - 1 ? space : 0));
  const natural = advances.reduce((n, w) => n + w, 0);
  const stretch = natural > 0 ? width / natural : 1;
  doc.save().fillOpacity(0);
  doc.transform(stretch, 0, 0, 1, x * (1 - stretch), 0);
  let pen = x;
  pieces.forEach((piece, i) => {
    doc.text(piece, pen, baseline, { lineBreak: false, features: [], baseline: "alphabetic" });
    pen += advances[i];
  });
  doc.restore();
}

const runWidth = (doc: PDFKit.PDFDocument, s: VisualSegment, size: number, weight: FontWeight) => {
  if (s.font === "arabic") {
    const run = arabicGlyphs(s.text, weight);
    return (run.positions.reduce((n, p) => n + p.xAdvance, 0) * size) / shaper("arabic", weight).unitsPerEm;
  }
  // `features` (even empty) makes pdfkit lay out the whole run at once rather than word by word.
  return doc.font(fontName(s.font, weight)).fontSize(size).widthOfString(s.text, { features: [] });
};

interface Line {
  text: string;
  y: number;
  size: number;
  weight: FontWeight;
  color: string;
}

/**
 * One line centred at y, run by run in visual order: Latin, Cyrillic, Hebrew and CJK as text, Arabic
 * as shaped outlines plus a text layer.
 */
function centredLine(doc: PDFKit.PDFDocument, line: Line, segments: VisualSegment[]) {
  const { size, weight, color } = line;
  const widths = segments.map((s) => runWidth(doc, s, size, weight));
  let x = (A4_LANDSCAPE.width - widths.reduce((n, w) => n + w, 0)) / 2;
  // One baseline for every run: the fonts have different ascenders.
  const baseline = line.y + size;
  segments.forEach((s, i) => {
    if (s.font === "arabic") {
      outlines(doc, s.text, x, baseline, size, weight, color);
      // The text layer's font has no layout tables, so nothing reverses its glyphs: it gets the visual order.
      textLayer(doc, isArabicScript(s.text) ? [...s.text].reverse().join("") : s.text, x, baseline, size, widths[i]);
    } else {
      doc.fillColor(color);
      doc.font(fontName(s.font, weight)).fontSize(size).text(s.text, x, baseline, { lineBreak: false, features: [], baseline: "alphabetic" });
    }
    x += widths[i];
  });
}

/**
 * Registers the fonts the lines are drawn with: the whole families by name, and for every CJK slice
 * used a TrueType subset of just the characters drawn with it, at each weight it is drawn in.
 */
async function registerFonts(doc: PDFKit.PDFDocument, lines: Array<{ line: Line; segments: VisualSegment[] }>) {
  for (const weight of ["regular", "bold"] as const) {
    doc.registerFont(fontName("latin", weight), fontData("latin", weight));
    doc.registerFont(fontName("hebrew", weight), fontData("hebrew", weight));
  }
  doc.registerFont(TEXT_LAYER_FONT, textLayerFontData());
  const cjk = new Map<string, { font: FontId; weight: FontWeight; text: string }>();
  for (const { line, segments } of lines) {
    for (const s of segments) {
      if (!slicedFont(s.font)) continue;
      const name = fontName(s.font, line.weight);
      const entry = cjk.get(name) ?? { font: s.font, weight: line.weight, text: "" };
      entry.text += s.text;
      cjk.set(name, entry);
    }
  }
  const subsets = await Promise.all([...cjk].map(async ([name, e]) => [name, await cjkFontData(e.font, e.weight, e.text)] as const));
  for (const [name, data] of subsets) doc.registerFont(name, data);
}

/** The QR code as vector squares (one path, filled once). */
function qrCode(doc: PDFKit.PDFDocument, text: string, x: number, y: number, side: number) {
  const { size, dark } = qrModules(text);
  const cell = side / size;
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) if (dark(col, row)) doc.rect(x + col * cell, y + row * cell, cell, cell);
  }
  doc.fillColor("#000000").fill();
}

/**
 * The certificate as a one-page A4 landscape PDF: fonts embedded as subsets (so its text can be
 * selected, searched and read aloud), the QR code drawn as vectors.
 */
export async function renderCertificatePdf(page: CertificatePage): Promise<Buffer> {
  const { width, height } = A4_LANDSCAPE;
  const laid = (text: string, y: number, size: number, weight: FontWeight, color = INK) => ({
    line: { text, y, size, weight, color },
    segments: visualSegments(text, page.dir),
  });
  const lines = {
    heading: laid(page.heading, 78, 30, "bold", ACCENT),
    certifies: laid(page.certifies, 150, 14, "regular", MUTED),
    name: laid(page.learnerName, 180, 34, "bold"),
    completed: laid(page.completed, 258, 14, "regular", MUTED),
    course: laid(page.courseTitle, 286, 24, "bold"),
    issued: laid(page.issued, 350, 13, "regular"),
    numberLine: laid(page.numberLine, 374, 11, "regular", MUTED),
    verifyLine: laid(page.verifyLine, height - 78, 9, "regular", MUTED),
  };

  const doc = new PDFDocument({
    size: "A4",
    layout: "landscape",
    margin: 0,
    lang: page.lang,
    displayTitle: true,
    info: { Title: page.title, Author: "Mentora", Subject: page.courseTitle, CreationDate: page.issuedAt },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  await registerFonts(doc, Object.values(lines));
  const draw = (l: { line: Line; segments: VisualSegment[] }) => centredLine(doc, l.line, l.segments);

  doc
    .rect(24, 24, width - 48, height - 48)
    .lineWidth(3)
    .strokeColor(ACCENT)
    .stroke();
  doc
    .rect(34, 34, width - 68, height - 68)
    .lineWidth(0.8)
    .strokeColor(ACCENT)
    .stroke();

  draw(lines.heading);
  draw(lines.certifies);
  draw(lines.name);
  doc
    .moveTo(width / 2 - 180, 238)
    .lineTo(width / 2 + 180, 238)
    .lineWidth(0.8)
    .strokeColor(ACCENT)
    .stroke();
  draw(lines.completed);
  draw(lines.course);
  draw(lines.issued);
  draw(lines.numberLine);

  // The QR code and the link under it, in the corner where a line of this direction ends.
  const side = 96;
  const qrX = page.dir === "rtl" ? 70 : width - 70 - side;
  qrCode(doc, page.url, qrX, height - 70 - side - 16, side);
  draw(lines.verifyLine);

  doc.end();
  return done;
}
