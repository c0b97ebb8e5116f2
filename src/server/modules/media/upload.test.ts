import { describe, expect, it } from "vitest";
import { isAppError } from "../../../domain/errors";
import { MEDIA_LIMITS, MEDIA_MAX_BYTES } from "../../../domain/media";
import { parseRange } from "./range";
import { receiveUpload } from "./upload";

const PDF = Buffer.from("%PDF-1.4\n");

/** An endless body: a PDF header and then 1 MB chunks, counting what was read. */
function endless(read: { bytes: number }) {
  return (async function* () {
    read.bytes += PDF.length;
    yield PDF;
    for (;;) {
      read.bytes += 1024 * 1024;
      yield Buffer.alloc(1024 * 1024, 0x20);
    }
  })();
}

describe("receiving an upload", () => {
  it("stops reading an endless body right past its kind's limit: MEDIA-TOO-LARGE", async () => {
    const read = { bytes: 0 };
    const err = await receiveUpload(endless(read), "big.pdf", undefined).catch((e: unknown) => e);
    expect(isAppError(err, "MEDIA_TOO_LARGE")).toBe(true);
    expect(read.bytes).toBeGreaterThan(MEDIA_LIMITS.file);
    expect(read.bytes).toBeLessThanOrEqual(MEDIA_LIMITS.file + 2 * 1024 * 1024);
  });

  it("refuses a declared length over the kind's limit, or over every limit, before reading on", async () => {
    for (const declared of [MEDIA_LIMITS.file + 1, MEDIA_MAX_BYTES + 1]) {
      const read = { bytes: 0 };
      const err = await receiveUpload(endless(read), "doc.pdf", declared).catch((e: unknown) => e);
      expect(isAppError(err, "MEDIA_TOO_LARGE")).toBe(true);
      expect(read.bytes).toBeLessThanOrEqual(PDF.length + 4 * 1024 * 1024);
    }
  });

  it("hashes and counts what it keeps", async () => {
    const up = await receiveUpload(
      (async function* () {
        yield Buffer.from("hello ");
        yield Buffer.from("world\n");
      })(),
      "hello.txt",
      12,
    );
    expect(up).toMatchObject({ mime: "text/plain", kind: "file", size: 12, sha256: "a948904f2f0f479b8f8197694b30184b0d2ed1c1cd2a1ec0fb85d299a192a447" });
    await up.cleanup();
  });
});

describe("byte ranges", () => {
  it.each([
    ["bytes=0-9", 100, { start: 0, end: 9 }],
    ["bytes=90-", 100, { start: 90, end: 99 }],
    ["bytes=-10", 100, { start: 90, end: 99 }],
    ["bytes=50-1000", 100, { start: 50, end: 99 }],
    ["bytes=100-", 100, "unsatisfiable"],
    ["bytes=-0", 100, "unsatisfiable"],
    ["bytes=0-1,5-9", 100, null],
    ["items=0-1", 100, null],
    [undefined, 100, null],
  ])("%s of %i bytes", (header, size, expected) => {
    expect(parseRange(header, size)).toEqual(expected);
  });
});
