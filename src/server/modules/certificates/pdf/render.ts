import PDFDocument from "pdfkit";
import { type FontFamily, visualSegments } from "./bidi-line";
import { fontData, fontName, type FontWeight } from "./fonts";
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

/** One line centred at y, run by run in visual order, each in the font of its script. */
function centredLine(doc: PDFKit.PDFDocument, text: string, y: number, size: number, weight: FontWeight, dir: "ltr" | "rtl", color = INK) {
  const segments = visualSegments(text, dir);
  // `features` (even empty) makes pdfkit lay out the whole run at once; without it, it cuts the text at
  // spaces and lays out word by word, which loses the spaces of a right-to-left run.
  const width = (s: { text: string; font: FontFamily }) => doc.font(fontName(s.font, weight)).fontSize(size).widthOfString(s.text, { features: [] });
  const total = segments.reduce((n, s) => n + width(s), 0);
  let x = (A4_LANDSCAPE.width - total) / 2;
  // One baseline for every run: the Latin and Arabic fonts have different ascenders.
  const baseline = y + size;
  doc.fillColor(color);
  for (const s of segments) {
    const w = width(s);
    doc.font(fontName(s.font, weight)).fontSize(size).text(s.text, x, baseline, { lineBreak: false, features: [], baseline: "alphabetic" });
    x += w;
  }
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
export function renderCertificatePdf(page: CertificatePage): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "A4",
    layout: "landscape",
    margin: 0,
    lang: page.lang,
    displayTitle: true,
    info: { Title: page.title, Author: "Mentora", Subject: page.courseTitle, CreationDate: page.issuedAt },
  });
  for (const family of ["latin", "arabic"] as const) {
    for (const weight of ["regular", "bold"] as const) doc.registerFont(fontName(family, weight), fontData(family, weight));
  }
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const { width, height } = A4_LANDSCAPE;
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

  centredLine(doc, page.heading, 78, 30, "bold", page.dir, ACCENT);
  centredLine(doc, page.certifies, 150, 14, "regular", page.dir, MUTED);
  centredLine(doc, page.learnerName, 180, 34, "bold", page.dir);
  doc
    .moveTo(width / 2 - 180, 238)
    .lineTo(width / 2 + 180, 238)
    .lineWidth(0.8)
    .strokeColor(ACCENT)
    .stroke();
  centredLine(doc, page.completed, 258, 14, "regular", page.dir, MUTED);
  centredLine(doc, page.courseTitle, 286, 24, "bold", page.dir);
  centredLine(doc, page.issued, 350, 13, "regular", page.dir);
  centredLine(doc, page.numberLine, 374, 11, "regular", page.dir, MUTED);

  // The QR code and the link under it, in the corner where a line of this direction ends.
  const side = 96;
  const qrX = page.dir === "rtl" ? 70 : width - 70 - side;
  qrCode(doc, page.url, qrX, height - 70 - side - 16, side);
  centredLine(doc, page.verifyLine, height - 78, 9, "regular", page.dir, MUTED);

  doc.end();
  return done;
}
