import { describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "./demo-accounts";
import { DEMO_CREATOR } from "./demo-creator";
import { DEMO_MENTOR_PASSWORD, DEMO_MENTORS } from "./demo-mentors";

describe("the demo accounts the start banner lists", () => {
  it("are the accounts the demo seed makes, with its password", () => {
    expect(DEMO_ACCOUNTS.map((a) => a.email)).toEqual([...DEMO_MENTORS.map((m) => m.email), DEMO_CREATOR.email]);
    expect(DEMO_PASSWORD).toBe(DEMO_MENTOR_PASSWORD);
  });
});
