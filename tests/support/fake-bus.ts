import type { BusEvent, BusHandler } from "../../src/server/platform/bus";

/** A bus in memory for unit tests: `emit` delivers an event as another instance's, `lost`/`resync` play a dropped connection. */
export function fakeBus() {
  const prefixes = new Map<string, Set<BusHandler>>();
  const resyncs = new Set<() => void>();
  const losts = new Set<() => void>();
  const on = (set: Set<() => void>, handler: () => void) => {
    set.add(handler);
    return () => void set.delete(handler);
  };
  return {
    subscribe(topic: string, handler: BusHandler) {
      const prefix = topic.slice(0, -1);
      if (!prefixes.has(prefix)) prefixes.set(prefix, new Set());
      prefixes.get(prefix)!.add(handler);
      return () => void prefixes.get(prefix)!.delete(handler);
    },
    onResync: (handler: () => void) => on(resyncs, handler),
    onLost: (handler: () => void) => on(losts, handler),
    emit(event: BusEvent) {
      for (const [prefix, set] of prefixes) if (event.topic.startsWith(prefix)) for (const h of set) h({ ...event, fromSelf: false });
    },
    lost() {
      for (const h of losts) h();
    },
    resync() {
      for (const h of resyncs) h();
    },
  };
}
