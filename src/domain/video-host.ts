/** Seed 2.4: a video URL is recognised as one of two hosting services by pattern. */
const YOUTUBE =
  /^(?:https?:)?\/\/(?:www\.|m\.)?(?:youtube\.com\/(?:watch\?(?:.*&)?v=|embed\/|shorts\/|live\/)|youtube-nocookie\.com\/embed\/|youtu\.be\/)([\w-]{11})/i;
const VIMEO = /^(?:https?:)?\/\/(?:www\.|player\.)?vimeo\.com\/(?:video\/|channels\/[\w-]+\/|groups\/[\w-]+\/videos\/)?(\d{6,12})/i;

export type VideoHost = "youtube" | "vimeo";

export function videoHost(url: string): { host: VideoHost; id: string } | null {
  const y = YOUTUBE.exec(url);
  if (y) return { host: "youtube", id: y[1] };
  const v = VIMEO.exec(url);
  if (v) return { host: "vimeo", id: v[1] };
  return null;
}

export function videoEmbedUrl(v: { host: VideoHost; id: string }): string {
  return v.host === "youtube" ? `https://www.youtube-nocookie.com/embed/${v.id}` : `https://player.vimeo.com/video/${v.id}`;
}
