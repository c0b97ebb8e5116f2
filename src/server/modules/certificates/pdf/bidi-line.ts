import bidiFactory from "bidi-js";

/**
 * One line of certificate text in visual order (docs/decisions/0037). pdfkit draws a string through
 * fontkit, which shapes Arabic (joining forms, lam-alef and the font's other GSUB/GPOS rules, checked
 * against HarfBuzz in pdf.test.ts) and lays an Arabic-script string out right to left; what neither
 * does is the Unicode bidirectional algorithm: the order of runs in a line that mixes scripts, digits
 * and punctuation. bidi-js gives the embedding levels (UAX #9); this module cuts the line into runs
 * by level and by font, puts them in visual order (rule L2) and prepares each run's text so that
 * fontkit's own direction gives the right glyph order.
 */

const bidi = bidiFactory();

export type FontFamily = "latin" | "arabic";

export interface VisualSegment {
  /** What to hand to the text drawer (for a right-to-left run: logical order, mirrored brackets). */
  text: string;
  font: FontFamily;
  /** The run's embedding level is odd. */
  rtl: boolean;
}

/** Arabic script blocks: Arabic, Supplement, Extended-A/B, Presentation Forms A/B. */
const ARABIC = /[\u0600-\u06FF\u0750-\u077F\u0870-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/u;
/** Characters that take the font of their neighbours: spaces, punctuation, symbols. */
const NEUTRAL = /[\s\p{P}\p{S}]/u;

export const isArabicScript = (text: string) => ARABIC.test(text);

/** A paragraph's base direction from its first strong character (UAX #9 P2–P3). */
export function baseDirection(text: string): "ltr" | "rtl" {
  return bidi.getEmbeddingLevels(text).paragraphs[0]?.level % 2 === 1 ? "rtl" : "ltr";
}

interface Run {
  start: number;
  end: number;
  level: number;
}

/** Runs of equal level in logical order. */
function levelRuns(levels: Uint8Array): Run[] {
  const runs: Run[] = [];
  for (let i = 0; i < levels.length; i++) {
    const last = runs.at(-1);
    if (last && last.level === levels[i]) last.end = i + 1;
    else runs.push({ start: i, end: i + 1, level: levels[i] });
  }
  return runs;
}

/** UAX #9 L2: from the highest level down to the lowest odd one, reverse every sequence at that level or above. */
function visualOrder(runs: Run[]): Run[] {
  const out = [...runs];
  const max = Math.max(0, ...out.map((r) => r.level));
  const minOdd = Math.min(...out.map((r) => (r.level % 2 === 1 ? r.level : Infinity)));
  for (let level = max; level >= minOdd && level > 0; level--) {
    for (let i = 0; i < out.length;) {
      if (out[i].level < level) {
        i++;
        continue;
      }
      let j = i;
      while (j < out.length && out[j].level >= level) j++;
      out.splice(i, j - i, ...out.slice(i, j).reverse());
      i = j;
    }
  }
  return out;
}

/** Cuts a run's text into pieces of one font; neutrals join the font next to them. */
function byFont(text: string): Array<{ text: string; font: FontFamily }> {
  const chars = [...text];
  const fonts: Array<FontFamily | null> = chars.map((c) => (ARABIC.test(c) ? "arabic" : NEUTRAL.test(c) ? null : "latin"));
  const firstStrong = fonts.find((f) => f !== null) ?? "latin";
  let current: FontFamily = firstStrong;
  const pieces: Array<{ text: string; font: FontFamily }> = [];
  chars.forEach((c, i) => {
    current = fonts[i] ?? current;
    const last = pieces.at(-1);
    if (last && last.font === current) last.text += c;
    else pieces.push({ text: c, font: current });
  });
  return pieces;
}

const reverse = (text: string) => [...text].reverse().join("");

/**
 * The line's segments from left to right. A right-to-left segment in the Arabic font keeps its
 * logical order (fontkit reverses an Arabic-script run itself); any other segment is handed over in
 * the order it is drawn, so right-to-left Latin and left-to-right Arabic digits are reversed here.
 */
export function visualSegments(text: string, direction: "ltr" | "rtl" | "auto" = "auto"): VisualSegment[] {
  if (!text) return [];
  const levels = bidi.getEmbeddingLevels(text, direction === "auto" ? undefined : direction);
  const mirrored = bidi.getMirroredCharactersMap(text, levels.levels);
  const chars = [...text];
  // Levels are per UTF-16 unit; these texts are in the BMP, where units and characters agree.
  const logical = chars.map((c, i) => mirrored.get(i) ?? c).join("");
  const out: VisualSegment[] = [];
  for (const run of visualOrder(levelRuns(levels.levels))) {
    const rtl = run.level % 2 === 1;
    const pieces = byFont(logical.slice(run.start, run.end));
    for (const p of rtl ? pieces.reverse() : pieces) {
      const fontkitReverses = isArabicScript(p.text);
      out.push({ text: rtl === fontkitReverses ? p.text : reverse(p.text), font: p.font, rtl });
    }
  }
  return out;
}
