import { useEffect } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { dirOf } from "../../../domain/locale";
import { Dialog } from "../../components/ui/dialog";
import { Icon } from "../../components/ui/icon";
import { useLang } from "../../root-data";

export interface GalleryLightboxProps {
  images: Array<{ src: string; alt: string; caption?: string }>;
  index: number;
  onIndexChange(index: number): void;
  onClose(): void;
  title: string;
}

/**
 * The enlarged image in a modal dialog (focus kept inside, Escape closes). Previous/next buttons
 * and the arrow keys page through the images in the reading direction, wrapping at the ends.
 */
export default function GalleryLightbox({ images, index, onIndexChange, onClose, title }: GalleryLightboxProps) {
  const { t } = useTranslation("blocks");
  const rtl = dirOf(useLang()) === "rtl";
  const count = images.length;
  const image = images[index];
  const go = (step: number) => onIndexChange((index + step + count) % count);

  // Arrow keys work wherever the focus is inside the dialog (it starts on the close button).
  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      if ((e.key !== "ArrowLeft" && e.key !== "ArrowRight") || e.altKey || e.ctrlKey || e.metaKey) return;
      e.preventDefault();
      const towardsEnd = (e.key === "ArrowRight") !== rtl;
      onIndexChange((index + (towardsEnd ? 1 : -1) + count) % count);
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [index, count, rtl, onIndexChange]);

  const nav = "inline-flex size-11 items-center justify-center rounded-full border border-line bg-surface text-ink hover:bg-primary-soft";
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} title={title} closeLabel={t("close")} width={1000}>
      <div className="flex flex-col gap-4" data-testid="gallery-lightbox">
        <figure className="flex flex-col items-center gap-3">
          <img src={image.src} alt={image.alt} className="max-h-[65dvh] w-auto max-w-full rounded-xl object-contain" />
          <figcaption className="text-center text-ink">{image.caption ?? image.alt}</figcaption>
        </figure>
        {count > 1 ? (
          <div className="flex items-center justify-center gap-4">
            <button type="button" className={nav} onClick={() => go(-1)} aria-label={t("gallery.previous")}>
              <Icon name="arrow-start" className="size-5 rtl:-scale-x-100" />
            </button>
            <p aria-live="polite" className="min-w-24 text-center text-sm text-muted" data-testid="gallery-counter">
              {t("gallery.counter", { index: index + 1, count })}
            </p>
            <button type="button" className={nav} onClick={() => go(1)} aria-label={t("gallery.next")}>
              <Icon name="arrow-end" className="size-5 rtl:-scale-x-100" />
            </button>
          </div>
        ) : null}
      </div>
    </Dialog>
  );
}
