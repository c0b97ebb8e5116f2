import { describe, expect, it } from "vitest";
import { createMetrics } from "./metrics";

const value = async (metrics: ReturnType<typeof createMetrics>, series: string) =>
  (await metrics.registry.metrics())
    .split("\n")
    .find((l) => l.startsWith(`${series} `))
    ?.slice(series.length + 1);

describe("metrics", () => {
  it("follows the bus: degraded from its lost connection until it resynchronised", async () => {
    const metrics = createMetrics({ defaults: false });
    const handlers: { lost?: () => void; resync?: () => void } = {};
    metrics.watchBus({
      onLost: (h) => ((handlers.lost = h), () => true),
      onResync: (h) => ((handlers.resync = h), () => true),
    });
    expect(await value(metrics, "mentora_bus_connected")).toBe("1");
    handlers.lost!();
    expect(await value(metrics, "mentora_bus_connected")).toBe("0");
    handlers.resync!();
    expect(await value(metrics, "mentora_bus_connected")).toBe("1");
  });

  it("reads open sockets at each scrape and counts letters by outcome", async () => {
    const metrics = createMetrics({ defaults: false });
    let open = 2;
    metrics.socketsFrom(() => open);
    expect(await value(metrics, "mentora_realtime_sockets")).toBe("2");
    open = 0;
    expect(await value(metrics, "mentora_realtime_sockets")).toBe("0");
    metrics.letter("sent");
    metrics.letter("sent");
    metrics.letter("failed");
    expect(await value(metrics, 'mentora_letters_total{outcome="sent"}')).toBe("2");
    expect(await value(metrics, 'mentora_letters_total{outcome="failed"}')).toBe("1");
  });

  it("has no process metrics unless asked, so apps built in tests keep no monitors", async () => {
    expect(await createMetrics({ defaults: false }).registry.metrics()).not.toContain("nodejs_eventloop_lag_seconds");
  });
});
