import { describe, expect, it } from "vitest";
import { linkify } from "./linkify";

describe("linkify", () => {
  it("keeps plain text as one text part", () => {
    expect(linkify("hello, mentor")).toEqual([{ kind: "text", text: "hello, mentor" }]);
    expect(linkify("")).toEqual([]);
  });

  it("finds http and https links between text, without the sentence's punctuation", () => {
    expect(linkify("see https://example.org/a?b=1#c, then http://x.test.")).toEqual([
      { kind: "text", text: "see " },
      { kind: "link", text: "https://example.org/a?b=1#c", href: "https://example.org/a?b=1#c" },
      { kind: "text", text: ", then " },
      { kind: "link", text: "http://x.test", href: "http://x.test/" },
      { kind: "text", text: "." },
    ]);
  });

  it("keeps a closing bracket that belongs to the URL, and drops one that closes the sentence", () => {
    expect(linkify("(https://en.wikipedia.org/wiki/Foo_(bar))")).toEqual([
      { kind: "text", text: "(" },
      { kind: "link", text: "https://en.wikipedia.org/wiki/Foo_(bar)", href: "https://en.wikipedia.org/wiki/Foo_(bar)" },
      { kind: "text", text: ")" },
    ]);
  });

  it("never makes a link of other schemes", () => {
    for (const text of [
      "javascript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "vbscript:x",
      "file:///etc/passwd",
      "//evil.test/x",
      "ftp://x.test",
    ]) {
      expect(linkify(text).every((p) => p.kind === "text")).toBe(true);
    }
  });

  it("does not let quotes or angle brackets into a link (nothing can break out of the href)", () => {
    const parts = linkify(`https://x.test/"><img src=x onerror=alert(1)> and https://y.test/'a`);
    const links = parts.filter((p) => p.kind === "link");
    expect(links.map((l) => l.href)).toEqual(["https://x.test/", "https://y.test/"]);
    expect(parts.map((p) => p.text).join("")).toBe(`https://x.test/"><img src=x onerror=alert(1)> and https://y.test/'a`);
  });

  it("keeps a link whose scheme is spelled in capitals, and skips one without a host", () => {
    expect(linkify("HTTPS://Example.org/X")).toEqual([{ kind: "link", text: "HTTPS://Example.org/X", href: "https://example.org/X" }]);
    expect(linkify("http:// nothing").every((p) => p.kind === "text")).toBe(true);
  });

  it("gives back every character of the text, in order", () => {
    const text = "a https://a.test/1 b\nhttps://b.test/2) c https://c.test/ä?q=ü";
    expect(
      linkify(text)
        .map((p) => p.text)
        .join(""),
    ).toBe(text);
  });
});
