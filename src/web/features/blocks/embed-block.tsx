import { useTranslation } from "react-i18next";
import { videoEmbedUrl, videoHost } from "../../../domain/video-host";
import { Button } from "../../components/ui/button";
import { useConsent } from "../consent/consent-context";
import { sanitizeHtml } from "./sanitize";
import type { BlockOf } from "./types";

/**
 * Embedded content. YouTube and Vimeo frames load only after the visitor consented to that
 * category; until then a placeholder explains why and offers to allow it.
 */
export function EmbedBlock({ block }: { block: BlockOf<"embed"> }) {
  const { t } = useTranslation("common");
  const { consent, decide } = useConsent();
  const { title, url, html, aspectRatio = "16/9" } = block.props;
  const video = url ? videoHost(url) : null;
  const allowed = !video || consent?.[video.host] === true;

  return (
    <figure className="mx-auto max-w-4xl">
      <div className="overflow-hidden rounded-component bg-ink/5" style={{ aspectRatio }}>
        {!allowed && video ? (
          <div className="flex h-full flex-col items-center justify-center gap-4 p-6 text-center">
            <p className="max-w-md text-ink">{t("embed.consentNeeded", { service: t(`consent.categories.${video.host}.title`) })}</p>
            <Button variant="outline" onClick={() => decide({ ...(consent ?? { analytics: false, youtube: false, vimeo: false, hotjar: false }), [video.host]: true })}>
              {t("embed.allow", { service: t(`consent.categories.${video.host}.title`) })}
            </Button>
          </div>
        ) : url ? (
          <iframe
            src={video ? videoEmbedUrl(video) : url}
            title={title}
            className="h-full w-full border-0"
            loading="lazy"
            allow="accelerometer; clipboard-write; encrypted-media; gyroscope; picture-in-picture; fullscreen"
            referrerPolicy="strict-origin-when-cross-origin"
            sandbox="allow-scripts allow-same-origin allow-presentation allow-popups"
          />
        ) : html ? (
          <div className="h-full w-full" dangerouslySetInnerHTML={{ __html: sanitizeHtml(html) }} />
        ) : null}
      </div>
      <figcaption className="mt-3 text-center text-sm text-muted">{title}</figcaption>
    </figure>
  );
}
