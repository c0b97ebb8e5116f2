/** The profile's thumbnail of a certificate: a small SVG the browser draws (and shapes) itself. */
export interface PreviewFacts {
  lang: string;
  dir: "ltr" | "rtl";
  heading: string;
  learnerName: string;
  courseTitle: string;
  date: string;
  revoked: boolean;
}

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c] ?? c);

/** Clips a long line so it stays inside the card (the PDF has the whole text). */
const clip = (s: string, max: number) => ([...s].length > max ? `${[...s].slice(0, max - 1).join("")}…` : s);

export function certificatePreviewSvg(f: PreviewFacts): string {
  const line = (text: string, y: number, size: number, weight: number, color: string) =>
    `<text x="160" y="${y}" font-size="${size}" font-weight="${weight}" fill="${color}" text-anchor="middle" direction="${f.dir}">${escapeXml(text)}</text>`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 226" width="320" height="226" lang="${escapeXml(f.lang)}" font-family="'Noto Sans', 'Noto Sans Arabic', system-ui, sans-serif">`,
    `<rect x="0" y="0" width="320" height="226" fill="#ffffff"/>`,
    `<rect x="8" y="8" width="304" height="210" fill="none" stroke="#0f766e" stroke-width="3"/>`,
    `<rect x="14" y="14" width="292" height="198" fill="none" stroke="#0f766e" stroke-width="0.8"/>`,
    line(clip(f.heading, 34), 52, 15, 700, "#0f766e"),
    line(clip(f.learnerName, 28), 100, 18, 700, "#1f2937"),
    `<line x1="90" y1="112" x2="230" y2="112" stroke="#0f766e" stroke-width="0.8"/>`,
    line(clip(f.courseTitle, 36), 140, 12, 700, "#1f2937"),
    line(f.date, 172, 10, 400, "#4b5563"),
    f.revoked ? `<line x1="20" y1="206" x2="300" y2="20" stroke="#b91c1c" stroke-width="4" opacity="0.7"/>` : "",
    `</svg>`,
  ].join("");
}
