import { describe, expect, it } from "vitest";
import { detectMediaType, extensionAgrees, extensionOf, safeMediaName } from "./media";

const b = (...parts: Array<string | number[]>) => Buffer.concat(parts.map((p) => (typeof p === "string" ? Buffer.from(p, "latin1") : Buffer.from(p))));

describe("media type detection by content", () => {
  it.each([
    [b([0xff, 0xd8, 0xff, 0xe0]), "", "image/jpeg"],
    [b([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), "", "image/png"],
    [b("GIF89a"), "", "image/gif"],
    [b("RIFF", [0, 0, 0, 0], "WEBPVP8 "), "", "image/webp"],
    [b("RIFF", [0, 0, 0, 0], "WAVEfmt "), "", "audio/wav"],
    [b("OggS", [0]), "", "audio/ogg"],
    [b("ID3", [4, 0]), "", "audio/mpeg"],
    [b([0xff, 0xfb, 0x90, 0x00]), "", "audio/mpeg"],
    [b([0, 0, 0, 0x20], "ftypM4A "), "", "audio/mp4"],
    [b([0, 0, 0, 0x18], "ftypisom"), "", "video/mp4"],
    [b([0x1a, 0x45, 0xdf, 0xa3]), "", "video/webm"],
    [b("%PDF-1.7"), "", "application/pdf"],
    [b("PK", [3, 4]), "docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"],
    [b("PK", [3, 4]), "xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"],
    [b("PK", [3, 4]), "", "application/zip"],
    [Buffer.from("Merhaba dünya\r\n\tсписок\n", "utf8"), "", "text/plain"],
  ])("%#: detects %s", (head, ext, mime) => {
    expect(detectMediaType(head, ext, true)).toBe(mime);
  });

  it.each([
    ["SVG", Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')],
    ["XML-declared SVG", Buffer.from('<?xml version="1.0"?><svg/>')],
    ["HTML", Buffer.from("  <!DOCTYPE html><p>x</p>")],
    ["a BOM and a script", Buffer.from("\uFEFF<script>alert(1)</script>")],
    ["NUL bytes", Buffer.from([0x41, 0x00, 0x42])],
    ["invalid UTF-8", Buffer.from([0x41, 0xc3, 0x28])],
    ["an executable", b("MZ", [0x90, 0, 3, 0, 0, 0, 4])],
    ["nothing", Buffer.alloc(0)],
  ])("refuses %s", (_what, head) => {
    expect(detectMediaType(head, "", true)).toBeNull();
  });

  it("accepts a prefix cut inside a multi-byte character, but not a whole file ending that way", () => {
    const text = Buffer.from("ağ", "utf8");
    const cut = text.subarray(0, text.length - 1);
    expect(detectMediaType(cut, "txt", false)).toBe("text/plain");
    expect(detectMediaType(cut, "txt", true)).toBeNull();
  });

  it("checks the name's extension against the content, case-insensitively; no extension agrees", () => {
    expect(extensionOf("Photo.JPG")).toBe("jpg");
    expect(extensionOf("dir.d/archive")).toBe("");
    expect(extensionOf(".hidden")).toBe("");
    expect(extensionAgrees("image/jpeg", "jpg")).toBe(true);
    expect(extensionAgrees("image/png", "mp3")).toBe(false);
    expect(extensionAgrees("text/plain", "jpg")).toBe(false);
    expect(extensionAgrees("image/png", "")).toBe(true);
  });

  it("keeps a name's last segment without control characters or quotes", () => {
    expect(safeMediaName("../../x.png")).toBe("x.png");
    expect(safeMediaName("..\\..\\win.png")).toBe("win.png");
    expect(safeMediaName('a"b\u0007.txt')).toBe("ab.txt");
    expect(safeMediaName("...")).toBe("file");
    expect(safeMediaName("x".repeat(300) + ".png")).toHaveLength(200);
  });
});
