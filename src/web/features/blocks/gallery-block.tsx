import { Suspense, useRef, useState } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { BlockTitle } from "./block-title";
import { lazyPart, onIntent } from "../../lib/lazy-part";
import type { BlockOf } from "./types";

const lightbox = lazyPart(() => import("./gallery-lightbox"));

/** A grid of images; each opens the lightbox dialog, which pages through all of them. */
export function GalleryBlock({ block }: { block: BlockOf<"gallery"> }) {
  const { t } = useTranslation("blocks");
  const { title, images } = block.props;
  const [open, setOpen] = useState<number | null>(null);
  const thumbs = useRef<Array<HTMLButtonElement | null>>([]);
  // Closing returns the focus to the thumbnail of the image last shown.
  const close = () => {
    const last = open;
    setOpen(null);
    requestAnimationFrame(() => (last === null ? undefined : thumbs.current[last]?.focus()));
  };
  return (
    <div className="mx-auto max-w-5xl" data-testid="gallery">
      {title ? <BlockTitle>{title}</BlockTitle> : null}
      <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3">
        {images.map((image, i) => (
          <li key={`${image.src}-${i}`}>
            <figure className="flex h-full flex-col gap-2">
              <button
                ref={(el) => {
                  thumbs.current[i] = el;
                }}
                type="button"
                aria-haspopup="dialog"
                onClick={() => setOpen(i)}
                {...onIntent(lightbox.preload)}
                className="group overflow-hidden rounded-component bg-primary-soft focus-visible:outline-offset-4"
              >
                <img src={image.src} alt={image.alt} loading="lazy" className="aspect-[4/3] w-full object-cover transition group-hover:scale-105" />
                <span className="sr-only">{t("gallery.enlarge", { index: i + 1, count: images.length })}</span>
              </button>
              {image.caption ? <figcaption className="text-sm text-muted">{image.caption}</figcaption> : null}
            </figure>
          </li>
        ))}
      </ul>
      {open !== null ? (
        <Suspense fallback={null}>
          <lightbox.Component images={images} index={open} onIndexChange={setOpen} onClose={close} title={title ?? t("gallery.title")} />
        </Suspense>
      ) : null}
    </div>
  );
}
