import { Transform, type TransformCallback } from "node:stream";

const PRELOAD = Buffer.from('<link rel="modulepreload"');
const LOW_PRELOAD = Buffer.from('<link rel="modulepreload" fetchpriority="low"');

/**
 * The longest end of `chunk` that is the start of PRELOAD: React may split a tag between two writes,
 * so that end waits for the next chunk.
 */
function partialTail(chunk: Buffer): number {
  for (let n = Math.min(PRELOAD.length - 1, chunk.length); n > 0; n--) {
    if (chunk.subarray(chunk.length - n).equals(PRELOAD.subarray(0, n))) return n;
  }
  return 0;
}

/**
 * React Router's `<Scripts>` asks for every module of the page with `<link rel="modulepreload">`,
 * fetched at high priority: on a slow mobile link they share the bandwidth with the stylesheet and
 * the page's largest image, and the server-rendered page paints only after them. Marked
 * `fetchpriority="low"`, the browser fetches them still in parallel and still before they are
 * imported, but after what the first paint needs (docs/decisions/0034-frame-chunk-and-first-paint.md). React Router
 * offers no option for it, so the HTML stream is rewritten on its way out; the markup is React
 * Router's own (a page's rich text never carries a `<link>`: it is sanitised, and text is escaped).
 */
export class LowPriorityPreloads extends Transform {
  private carry: Buffer = Buffer.alloc(0);

  override _transform(chunk: Buffer | string, _encoding: BufferEncoding, done: TransformCallback): void {
    const input = this.carry.length > 0 ? Buffer.concat([this.carry, Buffer.from(chunk)]) : Buffer.from(chunk);
    const parts: Buffer[] = [];
    let from = 0;
    for (let at = input.indexOf(PRELOAD, from); at !== -1; at = input.indexOf(PRELOAD, from)) {
      parts.push(input.subarray(from, at), LOW_PRELOAD);
      from = at + PRELOAD.length;
    }
    const rest = input.subarray(from);
    const keep = partialTail(rest);
    parts.push(rest.subarray(0, rest.length - keep));
    this.carry = Buffer.from(rest.subarray(rest.length - keep));
    const out = Buffer.concat(parts);
    if (out.length > 0) this.push(out);
    done();
  }

  override _flush(done: TransformCallback): void {
    if (this.carry.length > 0) this.push(this.carry);
    done();
  }
}
