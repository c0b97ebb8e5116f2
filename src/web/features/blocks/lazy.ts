import { type ComponentType, lazy, useEffect } from "react";
import { TIMERS } from "../../../domain/constants";

/**
 * A heavy interactive part of a block (a dialog, a player) in its own chunk. The block itself is
 * server-rendered; the part is only needed after an interaction, so it is fetched once, shortly
 * after the block mounts (seed 2.5: lazy components load with a 10 ms delay).
 */
export function lazyPart<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  let loading: Promise<{ default: ComponentType<P> }> | null = null;
  const preload = () => {
    loading ??= load().catch((e: unknown) => {
      // A failed chunk may be retried on the next interaction.
      loading = null;
      throw e;
    });
    return loading;
  };
  return { Component: lazy(preload), preload };
}

/** Starts fetching a lazy part TIMERS.lazyComponentMs after the block mounts in the browser. */
export function usePreload(preload: () => Promise<unknown>) {
  useEffect(() => {
    const timer = setTimeout(() => void preload().catch(() => undefined), TIMERS.lazyComponentMs);
    return () => clearTimeout(timer);
  }, [preload]);
}
