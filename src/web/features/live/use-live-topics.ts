import { useEffect, useRef } from "react";
import { realtime, type RealtimeEvent } from "../chat/realtime-client";

/**
 * Re-reads when any of `topics` changes (docs/decisions/0032): through the tab's one realtime client,
 * which also calls `onChange` after a reconnect or a resync, and every `pollMs` while the socket is
 * down or a topic was refused. `onChange` gets the event when one came (it may read just what the
 * event names), nothing otherwise (read everything again). Topics are compared by value, so a new
 * array each render is fine.
 */
export function useLiveTopics(topics: readonly string[], onChange: (event?: RealtimeEvent) => void, pollMs?: number): void {
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  });
  const key = topics.join("\n");
  useEffect(() => {
    if (!key) return;
    const client = realtime();
    // One listener per topic: the client keys its polling by listener.
    const stops = key.split("\n").map((topic) => client.subscribe(topic, { event: (e) => latest.current(e), resync: () => latest.current(), pollMs }));
    return () => {
      for (const stop of stops) stop();
    };
  }, [key, pollMs]);
}
