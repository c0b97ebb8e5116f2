import { useEffect, useRef, useState } from "react";
import type { TPageDocument, TPageRef } from "../../../../domain/studio-pages";
import { SelectField } from "../../../components/ui/select-field";
import { useTranslation } from "../../../i18n/use-translation";
import { languageName } from "../field-label";
import { designerHref } from "../page-calls";
import { fitScale, isOwnMessage, PREVIEW_DOCUMENT, PREVIEW_READY, PREVIEW_WIDTHS, type PreviewMessage, type PreviewWidth } from "./preview-protocol";

const FRAME_HEIGHT = 900;

interface DesignerPreviewProps {
  target: TPageRef;
  document: TPageDocument;
  languages: readonly string[];
}

/**
 * The live preview: an iframe of /{lang}/studio/pages/{alias}/preview in the chosen language, at a
 * phone's or a desktop's width (scaled down to fit), drawing the current document as the designer
 * posts it, saved or not.
 */
export function DesignerPreview({ target, document, languages }: DesignerPreviewProps) {
  const { t, i18n } = useTranslation("studio");
  const [lang, setLang] = useState(languages[0] ?? "en");
  const [width, setWidth] = useState<PreviewWidth>("desktop");
  const frame = useRef<HTMLIFrameElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const [available, setAvailable] = useState(0);
  const latest = useRef(document);
  latest.current = document;

  const post = () => {
    const target = frame.current?.contentWindow;
    if (target) target.postMessage({ type: PREVIEW_DOCUMENT, document: latest.current } satisfies PreviewMessage, window.location.origin);
  };

  useEffect(() => {
    const onMessage = (e: MessageEvent) => {
      if (isOwnMessage(e, window.location.origin, frame.current?.contentWindow) && (e.data as PreviewMessage).type === PREVIEW_READY) post();
    };
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  }, []);

  useEffect(post, [document]);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => setAvailable(entry?.contentRect.width ?? 0));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const frameWidth = PREVIEW_WIDTHS[width];
  const scale = fitScale(frameWidth, available);
  return (
    <section aria-labelledby="designer-preview-title" className="flex flex-col gap-3" data-testid="designer-preview">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="designer-preview-title" className="font-title text-lg font-bold text-ink">
          {t("preview.title")}
        </h2>
        <div className="flex flex-wrap items-end gap-3">
          <SelectField
            label={t("preview.language")}
            placeholder={t("choose")}
            options={languages.map((l) => ({ value: l, label: languageName(i18n.language, l) }))}
            value={lang}
            onChange={(e) => e.target.value && setLang(e.target.value)}
            data-testid="preview-lang"
          />
          <fieldset className="flex gap-1">
            <legend className="sr-only">{t("preview.width")}</legend>
            {(Object.keys(PREVIEW_WIDTHS) as PreviewWidth[]).map((w) => (
              <button
                key={w}
                type="button"
                aria-pressed={w === width}
                onClick={() => setWidth(w)}
                className="h-11 rounded-component border border-line px-3 text-sm font-medium text-ink aria-pressed:border-primary aria-pressed:bg-primary-soft aria-pressed:text-primary-strong"
                data-testid={`preview-${w}`}
              >
                {t(`preview.${w}`)}
              </button>
            ))}
          </fieldset>
        </div>
      </div>
      <div ref={box} dir="ltr" className="overflow-hidden rounded-component border border-line bg-surface" style={{ height: FRAME_HEIGHT * scale }}>
        <iframe
          ref={frame}
          key={lang}
          src={designerHref(lang, target, "/preview")}
          title={t("preview.frameTitle", { language: languageName(i18n.language, lang) })}
          width={frameWidth}
          height={FRAME_HEIGHT}
          style={{ transform: `scale(${scale})`, transformOrigin: "top left" }}
          className="block border-0 bg-surface"
          data-testid="preview-frame"
        />
      </div>
    </section>
  );
}
