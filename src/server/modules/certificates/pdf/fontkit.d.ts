/** The part of fontkit (no published types) that the certificate renderer uses: layout and glyph outlines. */
declare module "fontkit" {
  export interface Glyph {
    id: number;
    codePoints: number[];
    advanceWidth: number;
    path: { toSVG(): string };
  }
  export interface GlyphPosition {
    xAdvance: number;
    yAdvance: number;
    xOffset: number;
    yOffset: number;
  }
  export interface GlyphRun {
    glyphs: Glyph[];
    positions: GlyphPosition[];
    direction: "ltr" | "rtl";
    advanceWidth: number;
  }
  export interface Font {
    unitsPerEm: number;
    layout(text: string, features?: string[] | Record<string, boolean>): GlyphRun;
    glyphForCodePoint(codePoint: number): Glyph;
    hasGlyphForCodePoint(codePoint: number): boolean;
  }
  export function create(data: Buffer | Uint8Array): Font;
}
