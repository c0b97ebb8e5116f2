import { describe, expect, it } from "vitest";
import { videoEmbedUrl, videoHost } from "./video-host";

const YT = "dQw4w9WgXcQ";

describe("videoHost: YouTube", () => {
  it.each([
    `https://www.youtube.com/watch?v=${YT}`,
    `https://youtube.com/watch?v=${YT}&t=42s`,
    `https://www.youtube.com/watch?feature=share&v=${YT}`,
    `https://m.youtube.com/watch?v=${YT}`,
    `https://youtu.be/${YT}`,
    `https://youtu.be/${YT}?si=abc`,
    `https://www.youtube.com/embed/${YT}`,
    `https://www.youtube.com/shorts/${YT}`,
    `https://www.youtube-nocookie.com/embed/${YT}`,
    `//www.youtube.com/embed/${YT}`,
  ])("recognises %s", (url) => {
    expect(videoHost(url)).toEqual({ host: "youtube", id: YT });
  });

  it("keeps ids with dashes and underscores", () => {
    expect(videoHost("https://youtu.be/a-b_c-d_e-f")).toEqual({ host: "youtube", id: "a-b_c-d_e-f" });
  });
});

describe("videoHost: Vimeo", () => {
  it.each([
    ["https://vimeo.com/123456789", "123456789"],
    ["https://www.vimeo.com/76979871", "76979871"],
    ["https://player.vimeo.com/video/123456789", "123456789"],
    ["https://player.vimeo.com/video/123456789?h=abc&autoplay=1", "123456789"],
    ["https://vimeo.com/channels/staffpicks/987654321", "987654321"],
  ])("recognises %s", (url, id) => {
    expect(videoHost(url)).toEqual({ host: "vimeo", id });
  });
});

describe("videoHost: other URLs", () => {
  it.each([
    "https://example.com/video.mp4",
    "https://example.com/?u=https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    "https://notyoutube.com/watch?v=dQw4w9WgXcQ",
    "https://www.youtube.com/watch?v=short",
    "https://www.youtube.com/channel/UCabcdefghijk",
    "https://vimeo.com/about",
    "https://vimeo.com/12",
    "ftp://vimeo.com/123456789",
    "",
  ])("returns null for %s", (url) => {
    expect(videoHost(url)).toBeNull();
  });
});

describe("videoEmbedUrl", () => {
  it("builds a privacy-enhanced YouTube embed URL", () => {
    expect(videoEmbedUrl({ host: "youtube", id: YT })).toBe(`https://www.youtube-nocookie.com/embed/${YT}`);
  });

  it("builds a Vimeo player URL", () => {
    expect(videoEmbedUrl({ host: "vimeo", id: "123456789" })).toBe("https://player.vimeo.com/video/123456789");
  });

  it("round-trips a recognised URL", () => {
    const v = videoHost("https://vimeo.com/123456789");
    expect(v).not.toBeNull();
    expect(videoEmbedUrl(v!)).toBe("https://player.vimeo.com/video/123456789");
  });
});
