import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { MessageText } from "./message-text";

const html = (text: string) => renderToStaticMarkup(<MessageText text={text} />);

describe("MessageText", () => {
  it("prints markup a participant typed as text, never as HTML", () => {
    const out = html(`<script>alert(1)</script><img src=x onerror="alert(2)"><b>bold</b>`);
    expect(out).not.toContain("<script");
    expect(out).not.toContain("<img");
    expect(out).not.toContain("<b>");
    expect(out).toBe("&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=&quot;alert(2)&quot;&gt;&lt;b&gt;bold&lt;/b&gt;");
  });

  it("makes http(s) links anchors that open in a new tab without opener, referrer or endorsement", () => {
    expect(html("read https://example.org/x now")).toBe(
      'read <a href="https://example.org/x" target="_blank" rel="noopener noreferrer nofollow" class="underline underline-offset-2 [overflow-wrap:anywhere]">https://example.org/x</a> now',
    );
  });

  it("leaves javascript: as text", () => {
    expect(html("javascript:alert(document.cookie)")).toBe("javascript:alert(document.cookie)");
  });
});
