import type { TPageDocument } from "../../../../domain/studio-pages";

/*
 * What the designer and its preview iframe say to each other with postMessage (issue 15): the frame
 * says it is ready, the designer sends the current (unsaved) document. Both check that a message
 * comes from their own origin and from the other window before reading it.
 */

export const PREVIEW_READY = "mentora:preview-ready";
export const PREVIEW_DOCUMENT = "mentora:preview-document";

export type PreviewMessage = { type: typeof PREVIEW_READY } | { type: typeof PREVIEW_DOCUMENT; document: TPageDocument };

/** Whether a message event is one of ours from the expected window of our own origin. */
export function isOwnMessage(e: Pick<MessageEvent, "origin" | "source" | "data">, origin: string, from: unknown): boolean {
  return e.origin === origin && e.source === from && typeof e.data === "object" && e.data !== null && typeof (e.data as { type?: unknown }).type === "string";
}

export const PREVIEW_WIDTHS = { phone: 390, desktop: 1280 } as const;
export type PreviewWidth = keyof typeof PREVIEW_WIDTHS;

/** The scale that fits a frame of `frameWidth` into `available` pixels (never above 1). */
export const fitScale = (frameWidth: number, available: number) => (available > 0 ? Math.min(1, available / frameWidth) : 1);
