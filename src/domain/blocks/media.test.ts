import { describe, expect, it } from "vitest";
import { ZBeforeAfterBlock, ZFileBlock, ZGalleryBlock, ZVideoBlock } from "./media";
import { clampPercent, formatFileSize, videoSource } from "./media-rules";

describe("videoSource", () => {
  it("recognises YouTube and Vimeo by pattern and gives their privacy-friendly player", () => {
    expect(videoSource("https://youtu.be/aqz-KE-bpKQ")).toEqual({
      kind: "hosted",
      host: "youtube",
      id: "aqz-KE-bpKQ",
      embedUrl: "https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ",
    });
    expect(videoSource("https://vimeo.com/76979871")).toEqual({
      kind: "hosted",
      host: "vimeo",
      id: "76979871",
      embedUrl: "https://player.vimeo.com/video/76979871",
    });
  });

  it("plays .mp4 and .webm files itself, whatever the query", () => {
    expect(videoSource("/demo/blocks/path.mp4")).toEqual({ kind: "file", url: "/demo/blocks/path.mp4", mime: "video/mp4" });
    expect(videoSource("https://cdn.example.org/v/clip.WEBM?sig=1#t=3")).toMatchObject({ kind: "file", mime: "video/webm" });
  });

  it("refuses anything else", () => {
    for (const url of ["https://example.org/watch?v=aqz-KE-bpKQ", "/demo/notes.pdf", "/demo/mp4", "https://youtube.com/channel/x"]) {
      expect(videoSource(url), url).toBeNull();
    }
  });

  it("is what the video block's url rule uses", () => {
    const video = (url: string) => ({ id: "v", type: "video", props: { title: "T", url } });
    expect(ZVideoBlock.safeParse(video("https://www.youtube.com/watch?v=aqz-KE-bpKQ")).success).toBe(true);
    expect(ZVideoBlock.safeParse(video("/demo/blocks/path.mp4")).success).toBe(true);
    expect(ZVideoBlock.safeParse(video("/demo/blocks/path.avi")).success).toBe(false);
    expect(ZVideoBlock.safeParse(video("javascript:alert(1)//.mp4")).success).toBe(false);
  });
});

describe("formatFileSize", () => {
  it("steps by 1024 with one decimal, in the page language", () => {
    expect(formatFileSize(850, "en")).toBe("850 bytes");
    expect(formatFileSize(1, "en")).toBe("1 byte");
    expect(formatFileSize(12_700, "en")).toBe("12.4 kB");
    expect(formatFileSize(1_363_149, "en")).toBe("1.3 MB");
    expect(formatFileSize(1_363_149, "ru")).toMatch(/^1,3\sМБ$/);
    expect(formatFileSize(5 * 1024 ** 4, "en")).toBe("5,120 GB");
  });
});

describe("media block props", () => {
  it("needs a text alternative for every gallery image and both before/after images", () => {
    const img = { src: "/a.svg", alt: "A sketch" };
    expect(ZGalleryBlock.safeParse({ id: "g", type: "gallery", props: { images: [img] } }).success).toBe(true);
    expect(ZGalleryBlock.safeParse({ id: "g", type: "gallery", props: { images: [{ ...img, alt: " " }] } }).success).toBe(false);
    const ba = { before: { ...img, label: "Before" }, after: { ...img, label: "After" } };
    expect(ZBeforeAfterBlock.safeParse({ id: "b", type: "before-after", props: ba }).success).toBe(true);
    expect(ZBeforeAfterBlock.safeParse({ id: "b", type: "before-after", props: { ...ba, start: 120 } }).success).toBe(false);
    expect(ZBeforeAfterBlock.safeParse({ id: "b", type: "before-after", props: { ...ba, after: { ...img, alt: "", label: "After" } } }).success).toBe(false);
  });

  it("needs a file's name, a safe url and a size", () => {
    const file = { name: "plan.txt", url: "/demo/plan.txt", size: 1200 };
    expect(ZFileBlock.safeParse({ id: "f", type: "file", props: file }).success).toBe(true);
    expect(ZFileBlock.safeParse({ id: "f", type: "file", props: { ...file, size: -1 } }).success).toBe(false);
    expect(ZFileBlock.safeParse({ id: "f", type: "file", props: { ...file, url: "data:text/plain,hi" } }).success).toBe(false);
  });
});

describe("clampPercent", () => {
  it("keeps the divider inside the image", () => {
    expect(clampPercent(-5)).toBe(0);
    expect(clampPercent(105)).toBe(100);
    expect(clampPercent(42.5)).toBe(42.5);
    expect(clampPercent(Number.NaN)).toBe(50);
  });
});
