import { describe, expect, it } from "vitest";
import { NONCE_TOKEN, personalToken } from "../../domain/personal-tokens";
import { compileTemplate, escapeDataScript, escapeHtmlText, fillTemplate } from "./page-templates";

/** React Router's data script around a turbo-stream text (StreamTransfer: escapeHtml of its JSON). */
const dataScript = (turbo: string) =>
  `<script nonce="${NONCE_TOKEN}">window.__reactRouterContext.streamController.enqueue(${JSON.stringify(turbo).replace(/[&><\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`)});</script>`;

const HARD = `D'Souza "Ann" </script><b>&amp; \u2028 \\ عبد الله`;

describe("page templates", () => {
  it("fill text and attributes as React escapes them", () => {
    const t = compileTemplate(`<p title="${personalToken(0)}">Hi ${personalToken(0)}</p><script nonce="${NONCE_TOKEN}">go()</script>`)!;
    expect(fillTemplate(t, [HARD], "n0nce")).toBe(`<p title="${escapeHtmlText(HARD)}">Hi ${escapeHtmlText(HARD)}</p><script nonce="n0nce">go()</script>`);
    expect(escapeHtmlText(`<a href="x">&'</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;&amp;&#x27;&lt;/a&gt;");
  });

  it("fill React Router's data script so that it decodes to the learner's words", () => {
    const turbo = JSON.stringify([{ _1: 2 }, "fullName", personalToken(0)]);
    const t = compileTemplate(`<body>${dataScript(turbo)}</body>`)!;
    const filled = fillTemplate(t, [HARD], "n0nce");
    const literal = /enqueue\((".*")\);<\/script>/.exec(filled)![1]!;
    // No way out of the script, and the text the browser enqueues is turbo-stream's JSON of the words.
    expect(literal).not.toMatch(/<|>|&/);
    expect(JSON.parse(JSON.parse(literal) as string)).toEqual([{ _1: 2 }, "fullName", HARD]);
    expect(filled).toBe(`<body>${dataScript(JSON.stringify([{ _1: 2 }, "fullName", HARD])).replace(NONCE_TOKEN, "n0nce")}</body>`);
    expect(escapeDataScript("plain")).toBe("plain");
  });

  it("refuse a word inside any other script, and a nonce inside a script's text", () => {
    expect(compileTemplate(`<script type="application/ld+json">{"name":"${personalToken(1)}"}</script>`)).toBeNull();
    expect(compileTemplate(`<script>window.n="${NONCE_TOKEN}"</script>`)).toBeNull();
    expect(compileTemplate(`<p>${personalToken(1)}</p>`)).toEqual({ parts: ["<p>", "</p>"], slots: [{ word: 1, script: false }] });
  });
});
