import { videoEmbedUrl, videoHost } from "../../../domain/video-host";
import type { BlockOf } from "./types";
import { EmbedFrame, VideoConsentGate, useVideoAllowed } from "./video-consent";

/**
 * Embedded content. YouTube and Vimeo frames load only after the visitor consented to that
 * category; until then a placeholder explains why and offers to allow it. `html` arrives sanitised
 * by the server (src/server/platform/rich-text.ts, decision 0020).
 */
export function EmbedBlock({ block }: { block: BlockOf<"embed"> }) {
  const { title, url, html, aspectRatio = "16/9" } = block.props;
  const video = url ? videoHost(url) : null;
  const allowed = useVideoAllowed(video?.host ?? null);

  return (
    <figure className="mx-auto max-w-4xl">
      <div className="overflow-hidden rounded-component bg-ink/5" style={{ aspectRatio }}>
        {!allowed && video ? (
          <VideoConsentGate host={video.host} />
        ) : url ? (
          <EmbedFrame src={video ? videoEmbedUrl(video) : url} title={title} />
        ) : html ? (
          <div className="h-full w-full" dangerouslySetInnerHTML={{ __html: html }} />
        ) : null}
      </div>
      <figcaption className="mt-3 text-center text-sm text-muted">{title}</figcaption>
    </figure>
  );
}
