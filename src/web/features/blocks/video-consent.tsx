import { useTranslation } from "../../i18n/use-translation";
import type { VideoHost } from "../../../domain/video-host";
import { Button } from "../../components/ui/button";
import { allConsent, useConsent } from "../consent/use-consent";

/** Frames of YouTube and Vimeo load only after the visitor allowed that cookie category. */
export function useVideoAllowed(host: VideoHost | null): boolean {
  const { consent } = useConsent();
  return host === null || consent?.[host] === true;
}

/** Stands in for a hosted video until consent: says why, and allows that one service. */
export function VideoConsentGate({ host }: { host: VideoHost }) {
  const { t } = useTranslation("common");
  const { consent, decide } = useConsent();
  const service = t(`consent.categories.${host}.title`);
  return (
    <div className="flex h-full flex-col items-center justify-center gap-4 p-6 text-center" data-testid="video-consent">
      <p className="max-w-md text-ink">{t("embed.consentNeeded", { service })}</p>
      <Button variant="outline" onClick={() => decide({ ...(consent ?? allConsent(false)), [host]: true })}>
        {t("embed.allow", { service })}
      </Button>
    </div>
  );
}

/** A third-party player or embed, lazy and sandboxed the same way wherever blocks show one. */
export function EmbedFrame({ src, title }: { src: string; title: string }) {
  return (
    <iframe
      src={src}
      title={title}
      className="h-full w-full border-0"
      loading="lazy"
      allow="accelerometer; clipboard-write; encrypted-media; gyroscope; picture-in-picture; fullscreen"
      referrerPolicy="strict-origin-when-cross-origin"
      sandbox="allow-scripts allow-same-origin allow-presentation allow-popups"
    />
  );
}
