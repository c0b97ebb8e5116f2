import { describe, expect, it } from "vitest";
import { arrivalFromCookies, isEmptyArrival, sameUtm } from "./arrival";

describe("arrival cookies", () => {
  it("reads utm-meta, mentor_id and team_id", () => {
    const a = arrivalFromCookies({
      "utm-meta": JSON.stringify({ utm_source: "newsletter", utm_campaign: "spring", utm_medium: "email", other: "dropped" }),
      mentor_id: "lpmusr:42",
      team_id: "team-7",
    });
    expect(a).toEqual({ utm: { utm_source: "newsletter", utm_campaign: "spring", utm_medium: "email" }, mentorId: "lpmusr:42", teamId: "team-7" });
    expect(isEmptyArrival(a)).toBe(false);
  });
  it("treats damaged or incomplete values as absent", () => {
    const a = arrivalFromCookies({ "utm-meta": "{not json", mentor_id: "<script>", team_id: "" });
    expect(a).toEqual({ utm: null, mentorId: null, teamId: null });
    expect(isEmptyArrival(a)).toBe(true);
    expect(arrivalFromCookies({ "utm-meta": JSON.stringify({ utm_source: "x" }) }).utm).toBeNull();
  });
  it("compares campaigns key by key within an environment", () => {
    const base = { utm_source: "a", utm_campaign: "b", environmentId: "env" };
    expect(sameUtm(base, { ...base })).toBe(true);
    expect(sameUtm(base, { ...base, utm_term: "t" })).toBe(false);
    expect(sameUtm(base, { ...base, environmentId: "other" })).toBe(false);
  });
});
