import { useId, useState } from "react";
import type { TStudioCourse } from "../../../domain/studio";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { loadKeyNamespace } from "../../i18n/key-namespace";
import { useTranslation } from "../../i18n/use-translation";
import { makePreviewLink, removePreviewLink } from "./studio-calls";

/**
 * The course's creator preview link (seed 000 §6): the secret is kept only as a hash, so a link is
 * shown once, when it is made; making a new one or turning it off ends the old one.
 */
export function PreviewLinkPanel({ course, onChanged }: { course: TStudioCourse; onChanged: (c: TStudioCourse) => void }) {
  const { t, i18n } = useTranslation("studio");
  const { t: tAny } = useTranslation();
  const headingId = useId();
  const [url, setUrl] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);

  const fail = async (key: string) => {
    await loadKeyNamespace(i18n, key);
    setError(tAny(key));
  };
  const make = async () => {
    setBusy(true);
    setError(null);
    setCopied(false);
    const res = await makePreviewLink(course.id);
    setBusy(false);
    if (!res.ok) return fail(res.error.key);
    setUrl(new URL(res.data.path, window.location.origin).toString());
    onChanged({ ...course, previewLink: true });
  };
  const remove = async () => {
    setBusy(true);
    setError(null);
    const res = await removePreviewLink(course.id);
    setBusy(false);
    if (!res.ok) return fail(res.error.key);
    setUrl(null);
    onChanged(res.data);
  };
  const copy = async () => {
    if (!url) return;
    await navigator.clipboard?.writeText(url).catch(() => undefined);
    setCopied(true);
  };

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 rounded-component border border-line bg-surface p-5" data-testid="preview-link">
      <h2 id={headingId} className="font-title text-2xl font-bold text-ink">
        {t("preview.title")}
      </h2>
      <p className="text-muted">{course.previewLink ? t("preview.exists") : t("preview.none")}</p>
      {url ? (
        <div className="flex flex-wrap items-center gap-2">
          <label className="flex min-w-0 flex-1 flex-col gap-1">
            <span className="text-sm font-medium text-ink">{t("preview.once")}</span>
            <input
              readOnly
              value={url}
              dir="ltr"
              onFocus={(e) => e.currentTarget.select()}
              className="rounded-component border border-line bg-surface-alt px-3 py-2 font-mono text-sm text-ink"
              data-testid="preview-link-url"
            />
          </label>
          <Button variant="outline" size="sm" className="self-end" onClick={() => void copy()}>
            {copied ? t("preview.copied") : t("preview.copy")}
          </Button>
          <a href={url} target="_blank" rel="noreferrer" className="self-end font-medium text-primary-strong hover:underline">
            {t("preview.open")}
          </a>
        </div>
      ) : null}
      {error ? <Alert tone="danger">{t("course.failed", { reason: error })}</Alert> : null}
      <div className="flex flex-wrap gap-3">
        <Button disabled={busy} onClick={() => void make()} data-testid="preview-link-make">
          {course.previewLink ? t("preview.replace") : t("preview.make")}
        </Button>
        {course.previewLink ? (
          <Button variant="outline" disabled={busy} onClick={() => void remove()} data-testid="preview-link-remove">
            {t("preview.remove")}
          </Button>
        ) : null}
      </div>
    </section>
  );
}
