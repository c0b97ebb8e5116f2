import { useCallback, useEffect, useId, useRef, useState } from "react";
import { numberFormat } from "../../../domain/intl";
import { MEDIA_KINDS, MEDIA_TYPES, type TMedia, type TMediaKind, type TMediaPage } from "../../../domain/media";
import { Alert } from "../../components/ui/alert";
import { Button, buttonClass } from "../../components/ui/button";
import { Checkbox } from "../../components/ui/checkbox";
import { Icon, type IconName } from "../../components/ui/icon";
import { SelectField } from "../../components/ui/select-field";
import { TextField } from "../../components/ui/text-field";
import { loadKeyNamespace } from "../../i18n/key-namespace";
import { useTranslation } from "../../i18n/use-translation";
import type { ApiError } from "../../lib/api";
import { useLang } from "../../root-data";
import { deleteMedia, listMedia, listUnusedMedia, uploadMedia } from "./media-calls";

const KIND_ICON: Record<Exclude<TMediaKind, "image">, IconName> = { audio: "music", video: "play", file: "file" };

/** What the file chooser offers for a kind: the types the server takes of it (src/domain/media.ts). */
const ACCEPT: Record<TMediaKind, string> = Object.fromEntries(
  MEDIA_KINDS.map((k) => [
    k,
    Object.entries(MEDIA_TYPES)
      .filter(([, type]) => type.kind === k)
      .flatMap(([mime, type]) => [mime, ...type.ext.map((e) => `.${e}`)])
      .join(","),
  ]),
) as Record<TMediaKind, string>;

/** A file size as people read it: bytes, KB or MB, in the page's language. */
function sizeText(lang: string, bytes: number, t: (key: string, o?: Record<string, unknown>) => string) {
  const n = (v: number) => numberFormat(lang, { maximumFractionDigits: 1 }).format(v);
  if (bytes < 1024) return t("media.sizeB", { size: n(bytes) });
  if (bytes < 1024 * 1024) return t("media.sizeKB", { size: n(bytes / 1024) });
  return t("media.sizeMB", { size: n(bytes / 1024 / 1024) });
}

/** The smallest variant of an image (a thumbnail), else the original. */
export function thumbnailOf(m: TMedia): string {
  const webp = m.variants.filter((v) => v.mime === "image/webp").sort((a, b) => a.width - b.width)[0];
  return webp?.url ?? m.url;
}

export interface MediaLibraryProps {
  /** Picker mode: each tile gets a "Choose" button calling this. */
  onPick?(media: TMedia): void;
  /** Only this kind (a cover field wants images); the kind filter is then hidden. */
  kind?: TMediaKind;
  /** The first page, from the loader (SSR); fetched on mount otherwise. */
  initial?: TMediaPage;
}

/**
 * The media library (issue 15): a grid of the portal's files, newest first, with thumbnails for
 * images and icons for the rest; filters by kind, by name and for unused files (which can be deleted);
 * uploads with a progress bar. The studio's media screen and the picker dialog both show it.
 */
export function MediaLibrary({ onPick, kind: fixedKind, initial }: MediaLibraryProps) {
  const { t, i18n } = useTranslation("studio");
  const { t: tAny } = useTranslation();
  const lang = useLang();
  const [kind, setKind] = useState<TMediaKind | "">(fixedKind ?? "");
  const [q, setQ] = useState("");
  const [unused, setUnused] = useState(false);
  const [items, setItems] = useState<TMedia[] | null>(initial?.media ?? null);
  const [next, setNext] = useState<string | null>(initial?.nextBefore ?? null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [reload, setReload] = useState(0);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const skipFirst = useRef(initial !== undefined);
  const listId = useId();

  const showError = useCallback(
    async (e: ApiError) => {
      await loadKeyNamespace(i18n, e.key);
      setError(tAny(e.key));
    },
    [i18n, tAny],
  );

  useEffect(() => {
    if (skipFirst.current) {
      skipFirst.current = false;
      return;
    }
    const ctrl = new AbortController();
    const timer = setTimeout(
      () => {
        const call = unused ? listUnusedMedia(ctrl.signal) : listMedia({ kind: kind || undefined, q }, ctrl.signal);
        call
          .then(async (res) => {
            if (ctrl.signal.aborted) return;
            if (!res.ok) return showError(res.error);
            const list = res.data.media;
            setItems(unused ? list.filter((m) => (!kind || m.kind === kind) && m.name.toLowerCase().includes(q.trim().toLowerCase())) : list);
            setNext("nextBefore" in res.data ? (res.data.nextBefore as string | null) : null);
          })
          .catch(() => undefined);
      },
      q ? 250 : 0,
    );
    return () => {
      clearTimeout(timer);
      ctrl.abort();
    };
  }, [kind, q, unused, reload, showError]);

  const upload = async (file: File) => {
    setError(null);
    setNotice(null);
    setProgress(0);
    const res = await uploadMedia(file, setProgress).done;
    setProgress(null);
    if (fileInput.current) fileInput.current.value = "";
    if (!res.ok) return showError(res.error);
    // In the picker, what the author just uploaded is what they came for: chosen at once, when of the kind asked.
    const uploaded = res.data.media;
    if (fixedKind && uploaded.kind !== fixedKind) {
      // Kept in the library (it is uploaded), but not offered here: this field takes another kind.
      return setError(t("media.wrongKind", { name: uploaded.name, kind: t(`media.kinds.${uploaded.kind}`), wanted: t(`media.kinds.${fixedKind}`) }));
    }
    if (onPick) return onPick(uploaded);
    setNotice(res.data.created ? t("media.uploaded", { name: res.data.media.name }) : t("media.alreadyThere", { name: res.data.media.name }));
    setItems((list) => [res.data.media, ...(list ?? []).filter((m) => m.id !== res.data.media.id)]);
  };

  const loadMore = async () => {
    if (!next) return;
    setLoadingMore(true);
    const res = await listMedia({ kind: kind || undefined, q, before: next });
    setLoadingMore(false);
    if (!res.ok) return showError(res.error);
    setItems((list) => [...(list ?? []), ...res.data.media.filter((m) => !list?.some((x) => x.id === m.id))]);
    setNext(res.data.nextBefore);
  };

  const remove = async (m: TMedia) => {
    setError(null);
    setNotice(null);
    const res = await deleteMedia(m.id);
    if (!res.ok) return showError(res.error);
    setNotice(t("media.deleted", { name: m.name }));
    setItems((list) => (list ?? []).filter((x) => x.id !== m.id));
    setReload((n) => n + 1);
  };

  return (
    <div className="flex flex-col gap-5" data-testid="media-library">
      <div className="flex flex-wrap items-start gap-x-4 gap-y-2">
        {fixedKind ? null : (
          <SelectField
            label={t("media.kind")}
            placeholder={t("media.allKinds")}
            options={MEDIA_KINDS.map((k) => ({ value: k, label: t(`media.kinds.${k}`) }))}
            value={kind}
            onChange={(e) => setKind(e.target.value as TMediaKind | "")}
            className="w-48"
            data-testid="media-kind"
          />
        )}
        <TextField label={t("media.search")} type="search" value={q} onChange={(e) => setQ(e.target.value)} className="w-64" data-testid="media-search" />
        <div className="flex min-h-11 items-center sm:mt-7">
          <Checkbox label={t("media.unusedOnly")} checked={unused} onChange={(e) => setUnused(e.target.checked)} data-testid="media-unused" />
        </div>
        <div className="sm:mt-7">
          <input
            ref={fileInput}
            id={`${listId}-file`}
            type="file"
            accept={fixedKind ? ACCEPT[fixedKind] : undefined}
            className="sr-only"
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) void upload(file);
            }}
            disabled={progress !== null}
            data-testid="media-file"
          />
          <label htmlFor={`${listId}-file`} className={buttonClass("flat", "md", "cursor-pointer has-[:focus-visible]:outline-2")}>
            <Icon name="upload" className="size-5" />
            {t("media.upload")}
          </label>
        </div>
      </div>
      {progress !== null ? (
        <div className="flex items-center gap-3" data-testid="media-progress">
          <progress className="h-2 w-full max-w-md accent-primary" max={1} value={progress} aria-label={t("media.uploading")} />
          <span className="text-sm text-muted">{t("media.percent", { percent: numberFormat(lang, { style: "percent" }).format(progress) })}</span>
        </div>
      ) : null}
      <div aria-live="polite">
        {error ? <Alert tone="danger" title={error} /> : null}
        {notice ? <Alert tone="success" title={notice} /> : null}
      </div>
      {items === null ? null : items.length === 0 ? (
        <p className="text-ink" data-testid="media-empty">
          {unused ? t("media.noUnused") : t("media.empty")}
        </p>
      ) : (
        <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4" aria-label={t("media.listLabel")}>
          {items.map((m) => (
            <li key={m.id} className="flex flex-col overflow-hidden rounded-component border border-line bg-surface" data-testid="media-tile" data-media={m.id}>
              <div className="flex aspect-video items-center justify-center bg-surface-alt">
                {m.kind === "image" ? (
                  <img src={thumbnailOf(m)} alt={m.name} loading="lazy" className="h-full w-full object-contain" />
                ) : (
                  <Icon name={KIND_ICON[m.kind]} className="size-10 text-muted" />
                )}
              </div>
              <div className="flex flex-1 flex-col gap-1 p-3">
                <span className="truncate font-medium text-ink" dir="auto" title={m.name}>
                  {m.name}
                </span>
                <span className="text-sm text-muted">
                  {t(`media.kinds.${m.kind}`)} · {sizeText(lang, m.size, t)}
                  {m.width && m.height ? ` · ${m.width}×${m.height}` : ""}
                </span>
                <span className="text-sm text-muted">{m.usedBy ? t("media.usedBy", { count: m.usedBy }) : t("media.unused")}</span>
                <div className="mt-auto flex flex-wrap gap-2 pt-2">
                  {onPick ? (
                    <Button size="sm" onClick={() => onPick(m)} aria-label={t("media.chooseNamed", { name: m.name })} data-testid="media-choose">
                      {t("media.choose")}
                    </Button>
                  ) : null}
                  {!onPick && m.usedBy === 0 ? (
                    <Button
                      size="sm"
                      variant="danger"
                      onClick={() => void remove(m)}
                      aria-label={t("media.deleteNamed", { name: m.name })}
                      data-testid="media-delete"
                    >
                      <Icon name="trash" className="size-4" />
                      {t("media.delete")}
                    </Button>
                  ) : null}
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
      {next && !unused ? (
        <div>
          <Button variant="outline" onClick={() => void loadMore()} disabled={loadingMore} data-testid="media-more">
            {t("media.more")}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
