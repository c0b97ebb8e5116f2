import { Transform } from "node:stream";
import { describe, expect, it, vi } from "vitest";
import { setImmediate as nextTurn } from "node:timers/promises";
import { coalesceTurns, holdWholeOrStream, isCompressibleType, negotiateEncoding } from "./compression";

describe("negotiateEncoding (Accept-Encoding with q-values)", () => {
  it.each([
    [undefined, null],
    ["", null],
    ["identity", null],
    ["br", "br"],
    ["gzip", "gzip"],
    ["x-gzip", "gzip"],
    ["gzip, deflate, br", "br"],
    ["GZIP, BR", "br"],
    ["deflate", null],
    ["*", "br"],
    ["gzip;q=1.0, br;q=0.5", "gzip"],
    ["br;q=0.8, gzip;q=0.8", "br"],
    ["br;q=0, gzip", "gzip"],
    ["br;q=0, gzip;q=0", null],
    ["*;q=0", null],
    ["*;q=0.5, br;q=0", "gzip"],
    ["gzip;q=0.5, identity", null],
    ["gzip;q=0.5, identity;q=0.4", "gzip"],
    ["br;q=abc, gzip;q=0.1", "gzip"],
    ["br ; q=0.9 , gzip ; q=0.3", "br"],
  ] as const)("%j → %s", (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected);
  });

  it("reads a header sent more than once", () => {
    expect(negotiateEncoding(["gzip;q=0.2", "br;q=0.9"])).toBe("br");
  });
});

describe("isCompressibleType", () => {
  it.each([
    "text/html",
    "text/html; charset=utf-8",
    "text/css",
    "text/plain; charset=utf-8",
    "text/javascript",
    "application/javascript; charset=utf-8",
    "application/json; charset=utf-8",
    "application/problem+json",
    "application/manifest+json",
    "image/svg+xml",
    "application/xml",
  ])("compresses %s", (type) => {
    expect(isCompressibleType(type)).toBe(true);
  });

  it.each(["", "image/png", "image/webp", "font/woff2", "video/mp4", "application/zip", "application/octet-stream", "text/event-stream", "application/jsonx"])(
    "leaves %j alone",
    (type) => {
      expect(isCompressibleType(type)).toBe(false);
    },
  );
});

describe("coalesceTurns", () => {
  it("passes what was written in one turn as one chunk, and a later turn's writes as the next", async () => {
    const stream = coalesceTurns();
    const seen: string[] = [];
    stream.on("data", (c: Buffer) => seen.push(c.toString()));
    stream.write("<html>");
    stream.write("<head>");
    stream.write("<body>");
    await nextTurn();
    expect(seen).toEqual(["<html><head><body>"]);
    stream.write("late ");
    stream.end("boundary");
    await new Promise((resolve) => stream.on("end", resolve));
    expect(seen).toEqual(["<html><head><body>", "late boundary"]);
  });

  it("ends with nothing lost when the stream ends in the turn it was written", async () => {
    const stream = coalesceTurns();
    const seen: string[] = [];
    stream.on("data", (c: Buffer) => seen.push(c.toString()));
    stream.write("a");
    stream.end("b");
    await new Promise((resolve) => stream.on("end", resolve));
    expect(seen.join("")).toBe("ab");
  });
});

describe("holdWholeOrStream", () => {
  const upper = (body: Buffer) => Buffer.from(`WHOLE(${body.toString()})`);
  /** A stand-in for a flushing compressor: tags each chunk it passes on. */
  const tagging = () =>
    new Transform({
      transform(chunk: Buffer, _enc, cb) {
        cb(null, Buffer.from(`[${chunk.toString()}]`));
      },
    });
  const collect = (stream: Transform) => {
    const seen: string[] = [];
    stream.on("data", (c: Buffer) => seen.push(c.toString()));
    const ended = new Promise((resolve) => stream.on("end", resolve));
    return { seen, ended };
  };

  it("compresses a document that ends within the hold in one call, nothing streamed", async () => {
    const stream = holdWholeOrStream({ holdMs: 10_000, whole: upper, streaming: tagging });
    const { seen, ended } = collect(stream);
    stream.write("<html>");
    await nextTurn();
    stream.write("<body>");
    await nextTurn();
    stream.end("</html>");
    await ended;
    expect(seen).toEqual(["WHOLE(<html><body></html>)"]);
  });

  it("streams a document still unfinished when the hold runs out: what is held at once, then each turn", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      const stream = holdWholeOrStream({ holdMs: 40, whole: upper, streaming: tagging });
      const { seen, ended } = collect(stream);
      stream.write("<html>");
      stream.write("<head>");
      expect(seen).toEqual([]);
      vi.advanceTimersByTime(40);
      await nextTurn();
      expect(seen).toEqual(["[<html><head>]"]);
      stream.write("late ");
      stream.end("boundary");
      await ended;
      expect(seen).toEqual(["[<html><head>]", "[late boundary]"]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("ends with an empty body when nothing was written", async () => {
    const stream = holdWholeOrStream({ holdMs: 40, whole: upper, streaming: tagging });
    const { seen, ended } = collect(stream);
    stream.end();
    await ended;
    expect(seen).toEqual([]);
  });

  it("fails the stream when compressing the whole document throws", async () => {
    const stream = holdWholeOrStream({
      holdMs: 40,
      whole: () => {
        throw new Error("no memory");
      },
      streaming: tagging,
    });
    const failed = new Promise<Error>((resolve) => stream.once("error", resolve));
    stream.resume();
    stream.end("<html>");
    expect((await failed).message).toBe("no memory");
  });
});
