import { describe, expect, it } from "vitest";
import { runtimeProblem } from "./runtime-version";

describe("the Node.js runtime check", () => {
  it("accepts Node.js 24 and newer", () => {
    expect(runtimeProblem("24.0.0")).toBeUndefined();
    expect(runtimeProblem("24.22.3")).toBeUndefined();
    expect(runtimeProblem("26.1.0")).toBeUndefined();
  });

  it("refuses an older Node.js in one line that says what to do", () => {
    const line = runtimeProblem("20.20.2");
    expect(line).toContain("Node.js 24");
    expect(line).toContain("found 20.20.2");
    expect(line).toContain("npm start");
    expect(line).not.toContain("\n");
    expect(runtimeProblem("22.22.0")).toContain("found 22.22.0");
  });

  it("is what the test run itself uses: npm scripts run on the pinned Node.js 24", () => {
    expect(runtimeProblem()).toBeUndefined();
  });
});
