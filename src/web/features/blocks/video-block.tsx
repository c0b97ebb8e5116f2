import { useTranslation } from "../../i18n/use-translation";
import { videoSource } from "../../../domain/blocks/media-rules";
import { safeHref } from "../../../domain/blocks/safe-url";
import { EmbedFrame, VideoConsentGate, useVideoAllowed } from "./video-consent";
import type { BlockOf } from "./types";

/**
 * A video: YouTube or Vimeo (recognised by pattern) in their player once the visitor allowed that
 * service's cookies, or a video file played by the page itself with its captions.
 */
export function VideoBlock({ block }: { block: BlockOf<"video"> }) {
  const { t } = useTranslation("blocks");
  const { title, url, description, poster, captions } = block.props;
  const source = videoSource(url);
  const allowed = useVideoAllowed(source?.kind === "hosted" ? source.host : null);
  const fileUrl = source?.kind === "file" ? safeHref(source.url) : undefined;
  const descriptionId = `${block.id}-description`;

  return (
    <figure className="mx-auto max-w-4xl" data-testid="video">
      <div className="aspect-video overflow-hidden rounded-component bg-ink/5">
        {source?.kind === "hosted" ? (
          allowed ? (
            <EmbedFrame src={source.embedUrl} title={title} />
          ) : (
            <VideoConsentGate host={source.host} />
          )
        ) : fileUrl && source?.kind === "file" ? (
          // Captions come as a <track> when the block has them (below); the rule cannot see a conditional track.
          // eslint-disable-next-line jsx-a11y/media-has-caption
          <video
            controls
            preload="metadata"
            playsInline
            poster={safeHref(poster)}
            aria-label={title}
            aria-describedby={description ? descriptionId : undefined}
            className="h-full w-full bg-ink"
          >
            <source src={fileUrl} type={source.mime} />
            {captions && safeHref(captions.src) ? <track kind="captions" src={captions.src} srcLang={captions.lang} label={captions.label} default /> : null}
            <a href={fileUrl} download>
              {t("video.download")}
            </a>
          </video>
        ) : null}
      </div>
      <figcaption className="mt-3 text-center">
        <span className="block font-semibold text-ink">{title}</span>
        {description ? (
          <span id={descriptionId} className="mt-1 block text-sm text-muted">
            {description}
          </span>
        ) : null}
      </figcaption>
    </figure>
  );
}
