import { shouldReloadAfterChunkError } from "../../../domain/timing-guards";

const KEY = "mentora:chunk-reload-at";

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error ?? "");
  return /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i.test(
    message,
  );
}

/** Reloads after a failed chunk load, at most once per 60 s (session-storage guard). Returns true if reloading. */
export function reloadAfterChunkError(): boolean {
  let last: number | null = null;
  try {
    const raw = sessionStorage.getItem(KEY);
    last = raw === null ? null : Number(raw);
  } catch {
    // storage disabled: reload once, the guard cannot hold
  }
  if (!shouldReloadAfterChunkError(last, Date.now())) return false;
  try {
    sessionStorage.setItem(KEY, String(Date.now()));
  } catch {
    /* ignore */
  }
  window.location.reload();
  return true;
}

/** Vite reports failed dynamic imports as `vite:preloadError`; returns the uninstaller. */
export function installChunkReloadGuard(): () => void {
  const handler = (event: Event) => {
    if (reloadAfterChunkError()) event.preventDefault();
  };
  window.addEventListener("vite:preloadError", handler);
  return () => window.removeEventListener("vite:preloadError", handler);
}
