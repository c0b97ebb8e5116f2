import { type FontId, type FontWeight, slicedFont, sliceData } from "./fonts";

const WEIGHT: Record<FontWeight, number> = { regular: 400, bold: 700 };

/**
 * A small TrueType font for one certificate: the glyphs of `text` from one WOFF2 slice of a CJK family,
 * with the variable font's weight axis pinned (docs/decisions/0037). pdfkit cannot embed the slice as
 * it is: its subsetter copies glyf entries raw, which a WOFF2 file stores transformed, and fontkit
 * cannot instance a WOFF2 variable font. harfbuzz's subsetter (subset-font, WebAssembly) does both.
 * It is loaded on the first CJK name (about 12 MB of a process): most servers never need it.
 */
export async function cjkFontData(font: FontId, weight: FontWeight, text: string): Promise<Buffer> {
  const sliced = slicedFont(font);
  if (!sliced) throw new Error(`${font} is not a CJK slice`);
  const { default: subsetFont } = await import("subset-font");
  return subsetFont(sliceData(sliced.family, sliced.slice), text, { targetFormat: "truetype", variationAxes: { wght: WEIGHT[weight] } });
}
