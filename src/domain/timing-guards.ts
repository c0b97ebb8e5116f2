import { TIMERS } from "./constants";

/** A failed chunk load reloads the page at most once per 60 s (seed 4). */
export function shouldReloadAfterChunkError(lastReloadAt: number | null, now: number): boolean {
  return lastReloadAt === null || Number.isNaN(lastReloadAt) || now - lastReloadAt > TIMERS.chunkReloadGuardMs;
}

/** Settings refresh only if the last update was over 10 s ago (seed 4). */
export function shouldRefreshSettings(lastUpdate: number | null | undefined, now: number): boolean {
  return !lastUpdate || now - lastUpdate > TIMERS.settingsRefreshMs;
}
