import { Suspense, useEffect, useState } from "react";
import type { TPageDocument, TPageRef } from "../../../../domain/studio-pages";
import { ZPageDocument } from "../../../../domain/studio-pages";
import { Alert } from "../../../components/ui/alert";
import { Container } from "../../../components/ui/container";
import { Spinner } from "../../../components/ui/spinner";
import { useTranslation } from "../../../i18n/use-translation";
import { PageRenderer } from "../../blocks/page-renderer";
import { languageName } from "../field-label";
import { getPage } from "../page-calls";
import { previewBlocks, type Sanitise } from "./preview-blocks";
import { isOwnMessage, PREVIEW_DOCUMENT, PREVIEW_READY, type PreviewMessage } from "./preview-protocol";

/** DOMPurify, fetched by the preview only (never by public pages); rich text of the draft is not sanitised by the server yet. */
async function loadSanitiser(): Promise<Sanitise> {
  const { default: DOMPurify } = await import("dompurify");
  return (html) => DOMPurify.sanitize(html);
}

/**
 * The preview inside the designer's iframe: draws the document the designer posts (same origin,
 * from the parent window only) with the public pages' renderer, in this route's language. Opened
 * alone it draws the saved draft.
 */
export function PreviewFrame({ target, lang, primaryLang }: { target: TPageRef; lang: string; primaryLang: string }) {
  const { kind, alias } = target;
  const { t } = useTranslation("studio");
  const [doc, setDoc] = useState<TPageDocument | null>(null);
  const [sanitise, setSanitise] = useState<Sanitise | null>(null);

  useEffect(() => {
    void loadSanitiser().then((s) => setSanitise(() => s));
  }, []);

  useEffect(() => {
    if (window.parent === window) {
      const abort = new AbortController();
      void getPage({ kind, alias }, abort.signal).then((res) => res.ok && setDoc(res.data.document));
      return () => abort.abort();
    }
    const onMessage = (e: MessageEvent) => {
      if (!isOwnMessage(e, window.location.origin, window.parent)) return;
      const message = e.data as PreviewMessage;
      if (message.type !== PREVIEW_DOCUMENT) return;
      const parsed = ZPageDocument.safeParse(message.document);
      if (parsed.success) setDoc(parsed.data);
    };
    window.addEventListener("message", onMessage);
    window.parent.postMessage({ type: PREVIEW_READY } satisfies PreviewMessage, window.location.origin);
    return () => window.removeEventListener("message", onMessage);
  }, [kind, alias]);

  if (!doc || !sanitise) {
    return (
      <Container className="py-10">
        <Spinner label={t("preview.loading")} className="size-8" />
      </Container>
    );
  }
  // Without a title in this language the page is not published in it (readers get a 404): say so
  // instead of drawing it as if it were live there.
  if (!doc.meta[lang]) {
    return (
      <Container className="py-10">
        <div data-testid="preview-not-in-language">
          <Alert tone="warning" title={t("preview.notInLanguage", { language: languageName(lang, lang) })}>
            {t("preview.notInLanguageHint")}
          </Alert>
        </div>
      </Container>
    );
  }
  const { blocks, invalid } = previewBlocks(doc, lang, primaryLang, sanitise);
  const title = doc.meta[lang].title;
  return (
    <Container className="py-10">
      <div className="flex flex-col gap-6" data-testid="page-preview" data-invalid={invalid.join(" ")}>
        {invalid.length > 0 ? <Alert tone="warning" title={t("preview.invalid")} /> : null}
        <Suspense fallback={<Spinner label={t("preview.loading")} className="size-8" />}>
          <PageRenderer blocks={blocks} headingTitle={title} />
        </Suspense>
      </div>
    </Container>
  );
}
