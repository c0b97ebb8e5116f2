import { type ComponentType, lazy } from "react";

/**
 * A heavy interactive part of a block (a dialog, a player) in its own chunk. The block itself is
 * server-rendered; the part is only needed after an interaction, so it is fetched once, when the
 * visitor shows the intent to use it (pointer over or focus on its trigger, see `onIntent`) or at
 * the latest when it is first opened (docs/decisions/0020-lean-client.md).
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

/**
 * Props for the trigger of a lazy part: the part starts loading as the pointer comes over the trigger
 * or the trigger gets the focus, so it is usually in by the time the click arrives.
 */
export function onIntent(preload: () => Promise<unknown>) {
  const start = () => void preload().catch(() => undefined);
  return { onPointerEnter: start, onFocus: start, onTouchStart: start };
}
