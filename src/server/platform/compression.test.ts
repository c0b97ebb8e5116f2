import { describe, expect, it } from "vitest";
import { setImmediate as nextTurn } from "node:timers/promises";
import { coalesceTurns, isCompressibleType, negotiateEncoding } from "./compression";

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
