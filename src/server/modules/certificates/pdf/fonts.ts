import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import * as fontkit from "fontkit";
import type { Font } from "fontkit";

/**
 * The certificate's fonts (docs/decisions/0037), all Noto under the SIL Open Font License 1.1 (each
 * package's LICENSE or LICENSE_FONT; pdfkit embeds only the glyphs used, as the licence allows):
 * - whole TrueType files from the @expo-google-fonts packages: Noto Sans (Latin with Turkish,
 *   Cyrillic, Greek), Noto Sans Arabic and Noto Sans Hebrew;
 * - CJK from the @fontsource-variable packages, which cut one variable font into WOFF2 slices by
 *   unicode range: Noto Sans SC (Chinese, Japanese kana and kanji) and Noto Sans KR (Hangul). A slice
 *   is turned into a small TrueType font per certificate (./cjk-fonts.ts).
 * Each character is drawn with the first font of FALLBACK that has a glyph for it.
 */
const require = createRequire(import.meta.url);

export type FontWeight = "regular" | "bold";
export type WholeFamily = "latin" | "arabic" | "hebrew";
export type SlicedFamily = "sc" | "kr";
/** A font the certificate draws with: a whole family, or one slice of a CJK family ("sc:116"). */
export type FontId = WholeFamily | `${SlicedFamily}:${string}`;

const FILES: Record<WholeFamily, Record<FontWeight, string>> = {
  latin: {
    regular: "@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf",
    bold: "@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf",
  },
  arabic: {
    regular: "@expo-google-fonts/noto-sans-arabic/400Regular/NotoSansArabic_400Regular.ttf",
    bold: "@expo-google-fonts/noto-sans-arabic/700Bold/NotoSansArabic_700Bold.ttf",
  },
  hebrew: {
    regular: "@expo-google-fonts/noto-sans-hebrew/400Regular/NotoSansHebrew_400Regular.ttf",
    bold: "@expo-google-fonts/noto-sans-hebrew/700Bold/NotoSansHebrew_700Bold.ttf",
  },
};

const SLICED: Record<SlicedFamily, { pkg: string; file: (slice: string) => string }> = {
  sc: { pkg: "@fontsource-variable/noto-sans-sc", file: (slice) => `files/noto-sans-sc-${slice}-wght-normal.woff2` },
  kr: { pkg: "@fontsource-variable/noto-sans-kr", file: (slice) => `files/noto-sans-kr-${slice}-wght-normal.woff2` },
};

/** The order fonts are asked for a glyph: Latin first (the CJK fonts carry Latin too, in another design). */
const FALLBACK: Array<WholeFamily | SlicedFamily> = ["latin", "arabic", "hebrew", "sc", "kr"];

const files = new Map<string, Buffer>();
const parsed = new Map<string, Font>();

function read(path: string): Buffer {
  let data = files.get(path);
  if (!data) {
    data = readFileSync(require.resolve(path));
    files.set(path, data);
  }
  return data;
}

/** A whole family's TrueType file, read once per process. */
export function fontData(family: WholeFamily, weight: FontWeight): Buffer {
  return read(FILES[family][weight]);
}

/** The name a font is registered under in a document. */
export const fontName = (font: FontId, weight: FontWeight) => `${font}-${weight}`;
/** The name of the text layer's Arabic font (see `withoutLayoutTables`). */
export const TEXT_LAYER_FONT = "arabic-text";

/** The parsed whole family, for shaping, outlines and coverage (one per process). */
export function shaper(family: WholeFamily, weight: FontWeight): Font {
  const key = fontName(family, weight);
  let font = parsed.get(key);
  if (!font) {
    font = fontkit.create(fontData(family, weight));
    parsed.set(key, font);
  }
  return font;
}

type Ranges = Array<{ from: number; to: number; slice: string }>;
const rangesOf = new Map<SlicedFamily, Ranges>();

/** The slices of a CJK family by unicode range, from the package's unicode.json ("[116]" → slice "116"). */
function ranges(family: SlicedFamily): Ranges {
  let list = rangesOf.get(family);
  if (!list) {
    const map = JSON.parse(read(`${SLICED[family].pkg}/unicode.json`).toString("utf8")) as Record<string, string>;
    list = Object.entries(map).flatMap(([key, value]) =>
      value.split(",").map((range) => {
        const [from, to] = range.trim().replace(/^U\+/i, "").split("-");
        return { from: parseInt(from!, 16), to: parseInt(to ?? from!, 16), slice: key.replace(/[[\]]/g, "") };
      }),
    );
    rangesOf.set(family, list);
  }
  return list;
}

/** The WOFF2 slice of a CJK family (a variable font, weight axis 100–900). */
export function sliceData(family: SlicedFamily, slice: string): Buffer {
  if (!/^[a-z0-9-]+$/.test(slice)) throw new Error(`Unknown slice ${slice}`);
  return read(`${SLICED[family].pkg}/${SLICED[family].file(slice)}`);
}

function sliceFont(family: SlicedFamily, slice: string): Font {
  const key = `${family}:${slice}`;
  let font = parsed.get(key);
  if (!font) {
    font = fontkit.create(sliceData(family, slice));
    parsed.set(key, font);
  }
  return font;
}

/** Whether a font has a glyph of its own for the character (not .notdef). */
export function covers(font: FontId, codePoint: number): boolean {
  const [family, slice] = font.split(":") as [WholeFamily | SlicedFamily, string | undefined];
  if (slice === undefined) return shaper(family as WholeFamily, "regular").hasGlyphForCodePoint(codePoint);
  return sliceFont(family as SlicedFamily, slice).hasGlyphForCodePoint(codePoint);
}

/** The first font of the fallback order that has a glyph for the character, or null if none has. */
export function fontFor(codePoint: number): FontId | null {
  for (const family of FALLBACK) {
    if (family in FILES) {
      if (covers(family as WholeFamily, codePoint)) return family as WholeFamily;
      continue;
    }
    const sliced = family as SlicedFamily;
    const range = ranges(sliced).find((r) => codePoint >= r.from && codePoint <= r.to);
    if (range && covers(`${sliced}:${range.slice}`, codePoint)) return `${sliced}:${range.slice}`;
  }
  return null;
}

/** The CJK family and slice of a font id, or null for a whole family. */
export function slicedFont(font: FontId): { family: SlicedFamily; slice: string } | null {
  const [family, slice] = font.split(":");
  return slice === undefined ? null : { family: family as SlicedFamily, slice };
}

const LAYOUT_TABLES = new Set(["GSUB", "GPOS", "GDEF", "morx", "kerx", "kern"]);

/**
 * The font without its layout tables: every character is drawn with its one nominal glyph, so the
 * PDF's ToUnicode map (one text per glyph) is exact. The Arabic font shares glyphs between letters
 * once shaped (the same skeleton for س and ش, dots as separate marks), which no ToUnicode map can
 * tell apart: the shaped glyphs are therefore drawn as outlines and the text is laid over them,
 * invisible, in these nominal glyphs (what copying, search and screen readers get).
 * Only the table directory changes: the tables stay where they are and their offsets stay valid.
 */
export function withoutLayoutTables(ttf: Buffer): Buffer {
  const out = Buffer.from(ttf);
  const count = ttf.readUInt16BE(4);
  const kept: Buffer[] = [];
  for (let i = 0; i < count; i++) {
    const record = ttf.subarray(12 + 16 * i, 28 + 16 * i);
    if (!LAYOUT_TABLES.has(record.toString("latin1", 0, 4))) kept.push(record);
  }
  out.writeUInt16BE(kept.length, 4);
  out.fill(0, 12, 12 + 16 * count);
  kept.forEach((record, i) => record.copy(out, 12 + 16 * i));
  return out;
}

let textLayer: Buffer | undefined;
export function textLayerFontData(): Buffer {
  return (textLayer ??= withoutLayoutTables(fontData("arabic", "regular")));
}
