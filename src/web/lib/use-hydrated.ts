import { useSyncExternalStore } from "react";

const noSubscription = () => () => undefined;

/**
 * False on the server and in the render that hydrates its HTML, true from the next render on. For
 * what only the browser knows (the history entry's state, kept across a reload): reading it in the
 * hydrating render would give a tree the server did not send (React's error #418).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
