import { describe, expect, it } from "vitest";
import type { TPageDocument } from "../../../../domain/studio-pages";
import { previewBlocks } from "./preview-blocks";
import { fitScale, isOwnMessage, PREVIEW_READY } from "./preview-protocol";
import { blockIssues } from "./server-issues";

const doc: TPageDocument = {
  meta: { tr: { title: "Sayfa", description: null, keywords: null, image: null } },
  template: null,
  noindex: false,
  published: false,
  blocks: [
    { id: "t", type: "text", props: { tr: { html: "<p>Merhaba</p><script>alert(1)</script>" }, ar: { html: "<p onclick='x()'>مرحبا</p>" } } },
    { id: "q", type: "quote", props: { tr: { text: "Söz" } } },
    { id: "bad", type: "photo", props: { tr: { src: "/a.svg" } } },
    { id: "e", type: "embed", props: { tr: { title: "Frame", html: "<iframe src='https://x'></iframe>" } } },
  ],
};

/** A stand-in sanitiser that marks what it was given. */
const mark = (html: string) => `[clean]${html.replace(/<script.*?<\/script>/g, "").replace(/ on\w+='[^']*'/g, "")}`;

describe("what the preview draws", () => {
  it("takes each block's props in the language, else the primary's, and sanitises rich text and embed code", () => {
    const ar = previewBlocks(doc, "ar", "tr", mark);
    expect(ar.blocks.map((b) => b.id)).toEqual(["t", "q", "e"]);
    expect(ar.blocks[0]).toMatchObject({ type: "text", props: { html: "[clean]<p>مرحبا</p>" } });
    expect(ar.blocks[1]).toMatchObject({ type: "quote", props: { text: "Söz" } });
    expect(ar.blocks[2]).toMatchObject({ type: "embed", props: { html: "[clean]<iframe src='https://x'></iframe>" } });
    expect(previewBlocks(doc, "en", "tr", mark).blocks[0]).toMatchObject({ props: { html: "[clean]<p>Merhaba</p>" } });
  });

  it("leaves out and names a block its schema refuses", () => {
    expect(previewBlocks(doc, "tr", "tr", mark).invalid).toEqual(["bad"]);
  });
});

describe("the preview's messages", () => {
  const parent = {};
  it("are read only from our origin and the expected window, and only when they are ours", () => {
    const ok = { origin: "http://app", source: parent, data: { type: PREVIEW_READY } } as unknown as MessageEvent;
    expect(isOwnMessage(ok, "http://app", parent)).toBe(true);
    expect(isOwnMessage({ ...ok, origin: "http://evil" } as MessageEvent, "http://app", parent)).toBe(false);
    expect(isOwnMessage({ ...ok, source: {} } as MessageEvent, "http://app", parent)).toBe(false);
    expect(isOwnMessage({ ...ok, data: "hello" } as MessageEvent, "http://app", parent)).toBe(false);
    expect(isOwnMessage({ ...ok, data: null } as MessageEvent, "http://app", parent)).toBe(false);
  });

  it("scale a desktop frame down to fit, never up", () => {
    expect(fitScale(1280, 640)).toBe(0.5);
    expect(fitScale(390, 800)).toBe(1);
    expect(fitScale(1280, 0)).toBe(1);
  });
});

describe("a save's BLOCK-INVALID issues", () => {
  it("land at their block, language and field", () => {
    const issues = blockIssues(
      [
        { path: "blocks.1.props.tr.text", message: "too_big_string", params: { limit: 5000 } },
        { path: "blocks.0.props.ar.html", message: "some.other.key" },
        { path: "blocks.9.props.tr.text", message: "custom" },
        { path: "meta.tr.title", message: "custom" },
      ],
      doc,
    );
    expect(issues).toEqual({
      q: { tr: [{ path: ["text"], issue: { key: "too_big_string", params: { limit: 5000 } } }] },
      t: { ar: [{ path: ["html"], issue: { key: "custom", params: {} } }] },
    });
  });
});
