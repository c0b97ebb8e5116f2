import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { TaggedText } from "./tagged-text";

const html = (text: string) => renderToStaticMarkup(<TaggedText text={text} tags={{ terms: <em />, privacy: <b /> }} />);

describe("TaggedText", () => {
  it("draws each tagged part with its element and keeps the text around it", () => {
    expect(html("I accept the <terms>terms of use</terms> and the <privacy>privacy policy</privacy>")).toBe(
      "I accept the <em>terms of use</em> and the <b>privacy policy</b>",
    );
    expect(html("<terms>Kullanım koşullarını</terms> ve <privacy>gizlilik politikasını</privacy> kabul ediyorum")).toBe(
      "<em>Kullanım koşullarını</em> ve <b>gizlilik politikasını</b> kabul ediyorum",
    );
  });

  it("keeps the text of a tag it has no element for, and escapes what is not a tag", () => {
    expect(html("a <other>b</other> <c & d")).toBe("a b &lt;c &amp; d");
  });
});
