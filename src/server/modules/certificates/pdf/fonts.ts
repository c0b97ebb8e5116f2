import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import * as fontkit from "fontkit";
import type { Font } from "fontkit";
import type { FontFamily } from "./bidi-line";

/**
 * The certificate's fonts (docs/decisions/0037): Noto Sans (Latin with Turkish, Cyrillic, Greek) and
 * Noto Sans Arabic, full TrueType files from the @expo-google-fonts packages, under the SIL Open Font
 * License 1.1 (each package's LICENSE_FONT; pdfkit embeds only the glyphs used, as the licence allows).
 */
const require = createRequire(import.meta.url);

const FILES: Record<FontFamily, Record<"regular" | "bold", string>> = {
  latin: {
    regular: "@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf",
    bold: "@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf",
  },
  arabic: {
    regular: "@expo-google-fonts/noto-sans-arabic/400Regular/NotoSansArabic_400Regular.ttf",
    bold: "@expo-google-fonts/noto-sans-arabic/700Bold/NotoSansArabic_700Bold.ttf",
  },
};

export type FontWeight = "regular" | "bold";

const loaded = new Map<string, Buffer>();
const parsed = new Map<string, Font>();

/** The font file's bytes, read once per process. */
export function fontData(family: FontFamily, weight: FontWeight): Buffer {
  const file = FILES[family][weight];
  let data = loaded.get(file);
  if (!data) {
    data = readFileSync(require.resolve(file));
    loaded.set(file, data);
  }
  return data;
}

/** The name a font is registered under in a document. */
export const fontName = (family: FontFamily, weight: FontWeight) => `${family}-${weight}`;
/** The name of the text layer's Arabic font (see `withoutLayoutTables`). */
export const TEXT_LAYER_FONT = "arabic-text";

/** The parsed font, for shaping and outlines (one per process). */
export function shaper(family: FontFamily, weight: FontWeight): Font {
  const key = fontName(family, weight);
  let font = parsed.get(key);
  if (!font) {
    font = fontkit.create(fontData(family, weight));
    parsed.set(key, font);
  }
  return font;
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
