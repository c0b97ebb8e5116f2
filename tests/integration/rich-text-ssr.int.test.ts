/**
 * Rich text is sanitised on the server (docs/decisions/0020-lean-client.md): the browser renders the
 * HTML of text and embed blocks as it comes, so what the pages API and the server-rendered page hand
 * out must already be clean. Runs on the built app through app.inject (no browser).
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { TBlock } from "../../src/domain/page";
import { upsertPage } from "../../src/server/db/seed/factories";
import { useSsrApp } from "../support/ssr-app";

const ssr = useSsrApp();

const HOSTILE: TBlock[] = [
  {
    id: "rich-1",
    type: "text",
    props: {
      title: "Rich text",
      html: '<p>Kept <strong>bold</strong></p><script>window.__pwned = 1</script><img src="/x.png" onerror="window.__pwned = 2"><a href="javascript:window.__pwned = 3">link</a>',
    },
  },
  {
    id: "rich-2",
    type: "embed",
    props: { title: "Embedded", html: '<div data-embed="yes"><iframe src="https://evil.example"></iframe><style>*{display:none}</style>Embed text</div>' },
  },
];

beforeAll(async () => {
  await upsertPage(ssr.database.db, {
    environmentId: ssr.config.ENVIRONMENT_ID,
    alias: "rich-text-check",
    lang: "en",
    title: "Rich text check",
    components: HOSTILE,
  });
});

function expectClean(html: string) {
  expect(html).not.toContain("__pwned");
  expect(html).not.toMatch(/onerror/i);
  expect(html).not.toMatch(/javascript:/i);
  expect(html).not.toContain("evil.example");
  expect(html).not.toContain("display:none");
}

describe("rich text leaves the server sanitised", () => {
  it("in the pages API", async () => {
    const res = await ssr.app.inject({ method: "GET", url: "/api/pages/by-alias/rich-text-check?lang=en" });
    expect(res.statusCode).toBe(200);
    const blocks = res.json().components as TBlock[];
    expect(blocks.map((b) => b.id)).toEqual(["rich-1", "rich-2"]);
    const html = blocks.map((b) => ("html" in b.props ? String(b.props.html) : "")).join("");
    expectClean(html);
    expect(html).toContain("<p>Kept <strong>bold</strong></p>");
    expect(html).toContain('<img src="/x.png" />');
    expect(html).toContain('<div data-embed="yes">Embed text</div>');
  });

  it("in the server-rendered page and its loader data", async () => {
    const res = await ssr.app.inject({ method: "GET", url: "/en/pages/rich-text-check" });
    expect(res.statusCode).toBe(200);
    expectClean(res.body);
    expect(res.body).toContain("<p>Kept <strong>bold</strong></p>");
    expect(res.body).toContain('<div data-embed="yes">Embed text</div>');
  });
});
