import { describe, expect, it } from "vitest";
import { utmFacts } from "./arrival-facts";

describe("the learner's arrival tags", () => {
  it("puts campaign and source first, then the rest by name, without empty ones", () => {
    expect(utmFacts({ utm_medium: "cpc", utm_source: "newsletter", utm_campaign: "spring", ref: "x", utm_term: " " })).toEqual([
      ["utm_campaign", "spring"],
      ["utm_source", "newsletter"],
      ["utm_medium", "cpc"],
      ["ref", "x"],
    ]);
    expect(utmFacts({})).toEqual([]);
  });
});
