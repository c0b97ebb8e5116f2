import { describe, expect, it } from "vitest";
import { MINUTES_BOUNDS, parseSettingsForm, settingsToForm } from "./settings-form";

const good = { assignment: "mentor-chooses", reofferAfterMinutes: "240", mentorDigestAfterMinutes: "60" };

describe("the chat settings form", () => {
  it("takes the shared schema's bounds", () => {
    expect(MINUTES_BOUNDS).toEqual({ min: 5, max: 7 * 24 * 60 });
  });

  it("reads valid settings as numbers", () => {
    expect(parseSettingsForm(good)).toEqual({ ok: true, data: { assignment: "mentor-chooses", reofferAfterMinutes: 240, mentorDigestAfterMinutes: 60 } });
    expect(parseSettingsForm({ ...good, assignment: "learner-chooses", reofferAfterMinutes: " 5 " })).toMatchObject({ ok: true });
    // "One mentor" (docs/decisions/0059): learners do not pick.
    expect(parseSettingsForm({ ...good, assignment: "single" })).toMatchObject({ ok: true });
    expect(settingsToForm({ assignment: "learner-chooses", reofferAfterMinutes: 30, mentorDigestAfterMinutes: 15 })).toEqual({
      assignment: "learner-chooses",
      reofferAfterMinutes: "30",
      mentorDigestAfterMinutes: "15",
    });
  });

  it("names each wrong field: out of bounds, not whole, empty, not a number, an unknown mode", () => {
    expect(parseSettingsForm({ ...good, reofferAfterMinutes: "4" })).toEqual({ ok: false, fields: ["reofferAfterMinutes"] });
    expect(parseSettingsForm({ ...good, mentorDigestAfterMinutes: "10081" })).toEqual({ ok: false, fields: ["mentorDigestAfterMinutes"] });
    expect(parseSettingsForm({ ...good, reofferAfterMinutes: "7.5" })).toEqual({ ok: false, fields: ["reofferAfterMinutes"] });
    expect(parseSettingsForm({ ...good, reofferAfterMinutes: "", mentorDigestAfterMinutes: "1e3" })).toEqual({
      ok: false,
      fields: ["reofferAfterMinutes", "mentorDigestAfterMinutes"],
    });
    expect(parseSettingsForm({ ...good, assignment: "random" })).toEqual({ ok: false, fields: ["assignment"] });
  });
});
