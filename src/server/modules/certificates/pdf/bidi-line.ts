import bidiFactory from "bidi-js";
import { covers, type FontId, fontFor } from "./fonts";

/**
 * One line of certificate text in visual order (docs/decisions/0037). pdfkit draws a string through
 * fontkit, which shapes Arabic (joining forms, lam-alef and the font's other GSUB/GPOS rules, checked
 * against HarfBuzz in pdf.test.ts) and lays an Arabic-script string out right to left; what neither
 * does is the Unicode bidirectional algorithm: the order of runs in a line that mixes scripts, digits
 * and punctuation. bidi-js gives the embedding levels (UAX #9); this module cuts the line into runs
 * by level and by font (the first font that has the character's glyph), puts them in visual order
 * (rule L2) and prepares each run's text so that fontkit's own direction gives the right glyph order.
 */

const bidi = bidiFactory();

export interface VisualSegment {
  /** What to hand to the text drawer (for a right-to-left run: logical order, mirrored brackets). */
  text: string;
  font: FontId;
  /** The run's embedding level is odd. */
  rtl: boolean;
}

/** Arabic script blocks: Arabic, Supplement, Extended-A/B, Presentation Forms A/B. */
const ARABIC = /[\u0600-\u06FF\u0750-\u077F\u0870-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/u;
/** Characters that take the font of their neighbours: spaces, punctuation, symbols. */
const NEUTRAL = /[\s\p{P}\p{S}]/u;

export const isArabicScript = (text: string) => ARABIC.test(text);

/** A character of a script of its own (fontkit skips Common and Inherited ones when it guesses a run's script). */
const SCRIPTED = /[^\p{Script=Common}\p{Script=Inherited}\p{Script=Unknown}]/u;
const RTL_SCRIPT = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;
/** fontkit lays a run out right to left when its first character of a script of its own is of a right-to-left script. */
function fontkitReverses(text: string): boolean {
  const first = SCRIPTED.exec(text)?.[0];
  return first !== undefined && RTL_SCRIPT.test(first);
}

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

/**
 * Cuts a run's text into pieces of one font, each character in the first font that has its glyph.
 * Neutrals (spaces, punctuation) join the font before them when it has them, so a name is one piece;
 * a character no font has stays with its neighbours (and prints as their .notdef box).
 */
function byFont(text: string): Array<{ text: string; font: FontId }> {
  const chars = [...text];
  const fonts: Array<FontId | null> = chars.map((c) => (NEUTRAL.test(c) ? null : fontFor(c.codePointAt(0)!)));
  let current: FontId = fonts.find((f) => f !== null) ?? "latin";
  const pieces: Array<{ text: string; font: FontId }> = [];
  chars.forEach((c, i) => {
    const cp = c.codePointAt(0)!;
    current = fonts[i] ?? (covers(current, cp) ? current : (fontFor(cp) ?? current));
    const last = pieces.at(-1);
    if (last && last.font === current) last.text += c;
    else pieces.push({ text: c, font: current });
  });
  return pieces;
}

const reverse = (text: string) => [...text].reverse().join("");

/**
 * The line's segments from left to right. A right-to-left segment of Arabic or Hebrew letters keeps its
 * logical order (fontkit reverses a run of a right-to-left script itself); any other segment is handed
 * over in the order it is drawn, so right-to-left Latin and left-to-right Arabic digits are reversed here.
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
      out.push({ text: rtl === fontkitReverses(p.text) ? p.text : reverse(p.text), font: p.font, rtl });
    }
  }
  return out;
}
