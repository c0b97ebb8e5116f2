import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
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
