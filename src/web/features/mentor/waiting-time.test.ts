import { describe, expect, it } from "vitest";
import { waitState, waitTickMs } from "./waiting-time";

const NOW = Date.parse("2025-03-10T12:00:00Z");
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const MIN = 60_000;
const H = 60 * MIN;

describe("the waiting time against the 24-hour promise", () => {
  it("is nothing when no message waits for an answer", () => {
    expect(waitState(null, NOW)).toBeNull();
    expect(waitState("not a date", NOW)).toBeNull();
  });

  it("counts minutes in the first hour", () => {
    expect(waitState(ago(0), NOW)).toMatchObject({ level: "calm", key: "wait.minutes", values: { minutes: 0, promise: 24 } });
    expect(waitState(ago(59 * MIN + 59_000), NOW)).toMatchObject({ level: "calm", key: "wait.minutes", values: { minutes: 59 } });
  });

  it("counts whole hours after that: waiting 3 h of 24 h", () => {
    expect(waitState(ago(3 * H + 40 * MIN), NOW)).toMatchObject({ level: "calm", key: "wait.hours", values: { hours: 3, promise: 24 } });
  });

  it("is urgent from 20 hours, still within the promise", () => {
    expect(waitState(ago(20 * H - 1), NOW)?.level).toBe("calm");
    expect(waitState(ago(20 * H), NOW)).toMatchObject({ level: "urgent", key: "wait.hours", values: { hours: 20 } });
    expect(waitState(ago(24 * H - 1), NOW)).toMatchObject({ level: "urgent", values: { hours: 23 } });
  });

  it("is overdue from 24 hours, by how much", () => {
    expect(waitState(ago(24 * H), NOW)).toMatchObject({ level: "overdue", key: "wait.overdue", values: { hours: 0, promise: 24 } });
    expect(waitState(ago(30 * H + 5 * MIN), NOW)).toMatchObject({ level: "overdue", values: { hours: 6 } });
  });

  it("never waits a negative time when the browser's clock is behind", () => {
    expect(waitState(new Date(NOW + 5 * MIN).toISOString(), NOW)).toMatchObject({ level: "calm", minutes: 0, values: { minutes: 0 } });
  });

  it("follows a shorter promise, urgent no later than the promise itself", () => {
    expect(waitState(ago(5 * H), NOW, 6)).toMatchObject({ level: "calm", values: { promise: 6 } });
    expect(waitState(ago(6 * H), NOW, 6)?.level).toBe("overdue");
    expect(waitState(ago(2 * H), NOW, 2)?.level).toBe("overdue");
  });

  it("redraws every minute in the first hour, then less often", () => {
    expect(waitTickMs(null)).toBeNull();
    expect(waitTickMs(waitState(ago(10 * MIN), NOW))).toBe(MIN);
    expect(waitTickMs(waitState(ago(2 * H), NOW))).toBe(5 * MIN);
  });
});
