import { describe, expect, it } from "vitest";
import type { TBlock } from "../../domain/page";
import { sanitizeBlocks, sanitizeHtml } from "./rich-text";

describe("sanitizeHtml", () => {
  it("keeps formatting, links and their target", () => {
    const html = '<p>Read <strong>slowly</strong>, <em>twice</em>: <a href="https://example.org/a" target="_blank">more</a></p><ul><li>one</li></ul>';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it.each([
    ["a script", "<p>hi</p><script>alert(1)</script>", "<p>hi</p>"],
    ["an event handler", '<img src="x.png" onerror="alert(1)">', '<img src="x.png" />'],
    ["a javascript: link", '<a href="javascript:alert(1)">x</a>', "<a>x</a>"],
    ["a style element", "<style>body{display:none}</style><p>x</p>", "<p>x</p>"],
    ["a form and its fields", '<form action="https://evil.example"><input name="password"><button>Go</button></form>', "Go"],
    ["an iframe", '<iframe src="https://evil.example"></iframe><p>x</p>', "<p>x</p>"],
    ["an svg with a script", "<svg><script>alert(1)</script></svg><p>x</p>", "<p>x</p>"],
    ["an svg's onload", '<svg onload="alert(1)"><circle r="1"/></svg><p>x</p>', "<p>x</p>"],
    ["a javascript: link in mixed case and entities", '<a href="JaVa&#x09;ScRiPt&colon;alert(1)">x</a>', "<a>x</a>"],
    ["a protocol-relative link", '<a href="//evil.example/x">x</a>', "<a>x</a>"],
    ["a data: image", '<img src="data:image/svg+xml,&lt;svg onload=alert(1)&gt;">', "<img />"],
    ["inline styles", '<p style="position:fixed;inset:0">x</p>', "<p>x</p>"],
    // The noscript wrapper goes, so the attribute can never be read as markup; its brackets stay escaped.
    [
      "markup hidden in noscript",
      '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript><p>x</p>',
      '<p title="&lt;/noscript&gt;&lt;img src=x onerror=alert(1)&gt;"></p><p>x</p>',
    ],
    ["an id that could clobber the page's globals", '<img id="location" name="cookie" src="x.png">', '<img src="x.png" />'],
    ["a meta refresh and a base", '<meta http-equiv="refresh" content="0;url=https://evil.example"><base href="https://evil.example/"><p>x</p>', "<p>x</p>"],
  ])("removes %s", (_, html, clean) => {
    expect(sanitizeHtml(html)).toBe(clean);
  });

  it("keeps text that looks like markup as text, and tables, quotes and code", () => {
    const html =
      '<p>a &lt;b&gt; &amp; c</p><blockquote><p>q</p></blockquote><pre><code>x &lt; y</code></pre><table><tbody><tr><td colspan="2">1</td></tr></tbody></table>';
    expect(sanitizeHtml(html)).toBe(html.replace('colspan=\\"2\\"', 'colspan="2"'));
  });

  it("answers the same for the same input (memoised)", () => {
    const html = '<p onclick="x()">same</p>';
    expect(sanitizeHtml(html)).toBe("<p>same</p>");
    expect(sanitizeHtml(html)).toBe("<p>same</p>");
  });
});

describe("sanitizeBlocks", () => {
  it("sanitises the html of text and embed blocks and leaves other blocks as they are", () => {
    const blocks: TBlock[] = [
      { id: "t", type: "text", props: { title: "T", html: '<p>ok</p><img src=x onerror="alert(1)">' } },
      { id: "e", type: "embed", props: { title: "E", html: '<div><script>alert(1)</script><a href="javascript:x">y</a></div>' } },
      { id: "u", type: "embed", props: { title: "U", url: "https://example.org/frame" } },
      { id: "q", type: "quote", props: { text: "<script>not html, rendered as text</script>" } },
    ];
    const clean = sanitizeBlocks(blocks);
    expect(clean[0]).toEqual({ id: "t", type: "text", props: { title: "T", html: '<p>ok</p><img src="x" />' } });
    expect(clean[1]).toEqual({ id: "e", type: "embed", props: { title: "E", html: "<div><a>y</a></div>" } });
    expect(clean[2]).toBe(blocks[2]);
    expect(clean[3]).toBe(blocks[3]);
  });
});
