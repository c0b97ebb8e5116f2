import { describe, expect, it } from "vitest";
import { isoToLocalInput, localInputToIso, zoneLabel } from "./local-date-time";

describe("an instant edited as a wall-clock time in a time zone", () => {
  it("shows a UTC instant in the zone's wall-clock time and reads it back as the same instant", () => {
    expect(isoToLocalInput("2026-05-01T15:00:00.000Z", "Europe/Istanbul")).toBe("2026-05-01T18:00");
    expect(localInputToIso("2026-05-01T18:00", "Europe/Istanbul")).toBe("2026-05-01T15:00:00.000Z");
    expect(isoToLocalInput("2026-05-01T18:00:00+03:00", "America/New_York")).toBe("2026-05-01T11:00");
    expect(isoToLocalInput("2026-12-31T23:30:00Z", "Asia/Tokyo")).toBe("2027-01-01T08:30");
  });

  it("keeps seconds and milliseconds when the instant has them, written as the browser normalises them", () => {
    const iso = "2026-03-10T07:05:09.120Z";
    const local = isoToLocalInput(iso, "Europe/Moscow");
    // A datetime-local input's value drops trailing zeros of the fraction: ".120" reads back ".12".
    expect(local).toBe("2026-03-10T10:05:09.12");
    expect(localInputToIso(local, "Europe/Moscow")).toBe(iso);
    expect(isoToLocalInput("2026-03-10T07:05:09.007Z", "UTC")).toBe("2026-03-10T07:05:09.007");
    expect(isoToLocalInput("2026-03-10T07:05:09.400Z", "UTC")).toBe("2026-03-10T07:05:09.4");
    expect(localInputToIso("2026-03-10T07:05:09.4", "UTC")).toBe("2026-03-10T07:05:09.400Z");
    expect(isoToLocalInput("2026-03-10T07:05:09Z", "UTC")).toBe("2026-03-10T07:05:09");
  });

  it("round-trips every quarter hour across a spring-forward and a fall-back day exactly", () => {
    for (const [zone, start] of [
      ["America/New_York", Date.UTC(2026, 2, 8, 0)],
      ["America/New_York", Date.UTC(2026, 10, 1, 0)],
      ["Europe/Berlin", Date.UTC(2026, 2, 29, 0)],
      ["Europe/Berlin", Date.UTC(2026, 9, 25, 0)],
    ] as const) {
      for (let ms = start; ms < start + 36 * 3_600_000; ms += 15 * 60_000) {
        const iso = new Date(ms).toISOString();
        expect(localInputToIso(isoToLocalInput(iso, zone), zone, iso)).toBe(iso);
      }
    }
  });

  it("reads a time the clocks skip with the offset before the change (New York, 8 March 2026, 02:30)", () => {
    // 02:30 EST (UTC-5) is 07:30Z, which New York calls 03:30 EDT.
    const iso = localInputToIso("2026-03-08T02:30", "America/New_York");
    expect(iso).toBe("2026-03-08T07:30:00.000Z");
    expect(isoToLocalInput(iso ?? "", "America/New_York")).toBe("2026-03-08T03:30");
  });

  it("reads a time that happens twice as the earlier instant, unless the field held the later one", () => {
    // 1 November 2026, 01:30 in New York: 05:30Z (EDT) and 06:30Z (EST).
    expect(localInputToIso("2026-11-01T01:30", "America/New_York")).toBe("2026-11-01T05:30:00.000Z");
    expect(localInputToIso("2026-11-01T01:30", "America/New_York", "2026-11-01T06:30:00.000Z")).toBe("2026-11-01T06:30:00.000Z");
    expect(isoToLocalInput("2026-11-01T06:30:00.000Z", "America/New_York")).toBe("2026-11-01T01:30");
  });

  it("refuses text that is no date-time, and shows nothing for a value that is no instant", () => {
    expect(localInputToIso("", "UTC")).toBeNull();
    expect(localInputToIso("2026-02-30T10:00", "UTC")).toBeNull();
    expect(localInputToIso("2026-05-01 18:00", "UTC")).toBeNull();
    expect(isoToLocalInput("", "UTC")).toBe("");
    expect(isoToLocalInput("tomorrow", "UTC")).toBe("");
  });

  it("names the zone with its offset at the instant", () => {
    expect(zoneLabel("Europe/Istanbul", "en", Date.UTC(2026, 0, 1))).toBe("Europe/Istanbul (GMT+3)");
    expect(zoneLabel("America/New_York", "en", Date.UTC(2026, 6, 1))).toBe("America/New_York (GMT-4)");
  });
});
