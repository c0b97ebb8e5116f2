/**
 * Certificates in Chromium (issue 13, docs/decisions/0037): downloading a file through a link of the
 * page, and rendering a certificate PDF with pdf.js in the browser (a PNG, the text pdf.js extracts,
 * and how much of the page is ink).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { BrowserContext, Page } from "playwright-core";

export interface Rendered {
  png: Buffer;
  text: string;
  ink: number;
  inkAt: number | null;
}

const PDFJS = path.join(process.cwd(), "node_modules/pdfjs-dist/legacy/build");
/** A made-up origin that only these pages load pdf.js from (routed to node_modules, never the network). */
const PDFJS_ORIGIN = "http://pdfjs.test";

/** Clicks the first element with that test id and returns the file the browser downloaded. */
export async function download(page: Page, testId: string): Promise<Buffer> {
  const [file] = await Promise.all([page.waitForEvent("download"), page.getByTestId(testId).first().click()]);
  return readFileSync((await file.path())!);
}

/**
 * Renders the first page of a PDF with pdf.js in a blank page of the browser: the PNG and the page's
 * text as pdf.js extracts it, how much of the page is ink, and how much of the box of the text item
 * that contains `find` is (null when no item does): text drawn, not only an invisible text layer.
 */
export async function renderPdf(context: BrowserContext, pdf: Buffer, find = ""): Promise<Rendered> {
  const page = await context.newPage();
  await page.route(`${PDFJS_ORIGIN}/**`, (route) => {
    const file = path.basename(new URL(route.request().url()).pathname);
    return route.fulfill({ body: readFileSync(path.join(PDFJS, file)), contentType: "text/javascript", headers: { "access-control-allow-origin": "*" } });
  });
  await page.route(`${PDFJS_ORIGIN}/`, (route) => route.fulfill({ body: "<!doctype html><title>pdf</title><canvas></canvas>", contentType: "text/html" }));
  await page.goto(`${PDFJS_ORIGIN}/`);
  // A script string: vitest rewrites `import()` inside functions it compiles, and this one runs in the page.
  const script = `(async () => {
    const pdfjs = await import(${JSON.stringify(`${PDFJS_ORIGIN}/pdf.mjs`)});
    pdfjs.GlobalWorkerOptions.workerSrc = ${JSON.stringify(`${PDFJS_ORIGIN}/pdf.worker.mjs`)};
    const data = Uint8Array.from(atob(${JSON.stringify(pdf.toString("base64"))}), (c) => c.charCodeAt(0));
    const doc = await pdfjs.getDocument({ data }).promise;
    const p = await doc.getPage(1);
    const viewport = p.getViewport({ scale: 1.5 });
    const canvas = document.querySelector("canvas");
    canvas.width = viewport.width;
    canvas.height = viewport.height;
    await p.render({ canvas, viewport }).promise;
    const items = (await p.getTextContent()).items;
    const text = items.map((i) => i.str ?? "").join("\\n");
    const ctx = canvas.getContext("2d");
    const inkIn = (x, y, w, h) => {
      const pixels = ctx.getImageData(x, y, w, h).data;
      let dark = 0;
      for (let i = 0; i < pixels.length; i += 4) if (pixels[i] < 128 && pixels[i + 1] < 128 && pixels[i + 2] < 128) dark++;
      return dark / (pixels.length / 4);
    };
    const find = ${JSON.stringify(find)};
    const item = find ? items.find((i) => (i.str ?? "").includes(find)) : undefined;
    let inkAt = null;
    if (item) {
      // The item's box from its baseline origin, its width and its font height (plus descenders).
      const [x, y] = [item.transform[4], item.transform[5]];
      const [x1, y1, x2, y2] = viewport.convertToViewportRectangle([x, y - item.height * 0.25, x + item.width, y + item.height]);
      const left = Math.floor(Math.min(x1, x2));
      const top = Math.floor(Math.min(y1, y2));
      inkAt = inkIn(left, top, Math.max(1, Math.ceil(Math.abs(x2 - x1))), Math.max(1, Math.ceil(Math.abs(y2 - y1))));
    }
    return { png: canvas.toDataURL("image/png").split(",")[1], text, ink: inkIn(0, 0, canvas.width, canvas.height), inkAt };
  })()`;
  const result = (await page.evaluate(script)) as Omit<Rendered, "png"> & { png: string };
  await page.close();
  return { ...result, png: Buffer.from(result.png, "base64") };
}
