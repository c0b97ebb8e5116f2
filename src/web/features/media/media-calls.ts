import { z } from "zod";
import { MEDIA_NAME_HEADER, type TMediaKind, ZMedia, ZMediaPage, ZMediaUnused } from "../../../domain/media";
import { api, type ApiResult, resultOfReply } from "../../lib/api";

/*
 * The media API as the studio's screens call it (docs/api/media.md). Imported by the media library
 * and the picker only, so the schemas come with them (docs/decisions/0020-lean-client.md).
 */

export const ZUploadReply = z.object({ media: ZMedia, created: z.boolean() });
export type TUploadReply = z.infer<typeof ZUploadReply>;

export interface MediaFilter {
  kind?: TMediaKind;
  q?: string;
  before?: string;
}

export function listMedia(filter: MediaFilter, signal?: AbortSignal) {
  const params = new URLSearchParams();
  if (filter.kind) params.set("kind", filter.kind);
  if (filter.q?.trim()) params.set("q", filter.q.trim());
  if (filter.before) params.set("before", filter.before);
  const qs = params.toString();
  return api.get(`/api/admin/media${qs ? `?${qs}` : ""}`, ZMediaPage, signal);
}

export const listUnusedMedia = (signal?: AbortSignal) => api.get("/api/admin/media/unused", ZMediaUnused, signal);

export const deleteMedia = (id: string) => api.send("DELETE", `/api/admin/media/${encodeURIComponent(id)}`, z.null());

/**
 * Uploads one file with XMLHttpRequest, the one browser API that reports upload progress:
 * `onProgress` gets the fraction sent (0..1). The body is the file itself, its name in a header.
 */
export function uploadMedia(file: File, onProgress: (fraction: number) => void): { done: Promise<ApiResult<TUploadReply>>; abort(): void } {
  const xhr = new XMLHttpRequest();
  const done = new Promise<ApiResult<TUploadReply>>((resolve) => {
    xhr.open("POST", "/api/admin/media");
    xhr.setRequestHeader("accept", "application/json");
    xhr.setRequestHeader("content-type", "application/octet-stream");
    xhr.setRequestHeader(MEDIA_NAME_HEADER, encodeURIComponent(file.name));
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => resolve(resultOfReply(xhr.status, xhr.statusText, xhr.responseText, ZUploadReply));
    xhr.onerror = () => resolve(resultOfReply(0, "", "", ZUploadReply));
    xhr.onabort = () => resolve(resultOfReply(0, "", "", ZUploadReply));
    xhr.send(file);
  });
  return { done, abort: () => xhr.abort() };
}
