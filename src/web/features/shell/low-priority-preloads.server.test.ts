import { describe, expect, it } from "vitest";
import { LowPriorityPreloads } from "./low-priority-preloads.server";

async function through(chunks: string[]): Promise<string> {
  const stream = new LowPriorityPreloads();
  const out: Buffer[] = [];
  stream.on("data", (d: Buffer) => out.push(d));
  const ended = new Promise((resolve) => stream.on("end", resolve));
  for (const c of chunks) stream.write(Buffer.from(c));
  stream.end();
  await ended;
  return Buffer.concat(out).toString("utf8");
}

describe("LowPriorityPreloads", () => {
  it("marks every module preload low priority, also when React splits a tag between writes", async () => {
    const html = await through([
      '<p>ş</p><link rel="modu',
      'lepreload" href="/a.js"/><link rel="modulepreload" href="/b.js"/>',
      "<link rel=",
      '"modulepreload" href="/c.js"/>',
    ]);
    expect(html).toBe(
      '<p>ş</p><link rel="modulepreload" fetchpriority="low" href="/a.js"/><link rel="modulepreload" fetchpriority="low" href="/b.js"/><link rel="modulepreload" fetchpriority="low" href="/c.js"/>',
    );
  });

  it("leaves everything else as it is, a held-back partial tag included", async () => {
    expect(await through(['<link rel="stylesheet" href="/x.css"/><p>&lt;link rel=&quot;modulepreload&quot;</p>', '<link rel="mod'])).toBe(
      '<link rel="stylesheet" href="/x.css"/><p>&lt;link rel=&quot;modulepreload&quot;</p><link rel="mod',
    );
  });
});
