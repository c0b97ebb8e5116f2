import { describe, expect, it } from "vitest";
import { z } from "zod";
import { MEDIA_KINDS } from "./media";
import { mediaField, mediaKindOf } from "./media-field";

describe("media fields marked in their schema", () => {
  it("reads the kind back through refinements and checks, and only from a marked schema", () => {
    for (const kind of MEDIA_KINDS) {
      const marked = mediaField(z.string(), kind);
      expect(mediaKindOf(marked)).toBe(kind);
      expect(mediaKindOf(marked.max(10).refine((s) => s.startsWith("/")))).toBe(kind);
    }
    expect(mediaKindOf(z.string())).toBeUndefined();
    expect(mediaKindOf(z.string().meta({ "x-media": "poster" }))).toBeUndefined();
  });

  it("leaves the schema's validation as it was", () => {
    const cover = mediaField(z.string().min(1), "image");
    expect(cover.safeParse("/media/a.png").success).toBe(true);
    expect(cover.safeParse("").success).toBe(false);
  });
});
