import { describe, expect, it, vi } from "vitest";
import { OPTION_NOT_PROVIDED, SCENARIO_NOT_FOUND, type Scenario, ScenarioEngine } from "./engine";

interface Ctx {
  signedIn: boolean;
}

const steps = (...ids: string[]) => ids.map((id) => ({ id, component: id, title: `${id} title`, description: `${id} text` }));

function engine(scenarios: Scenario<Ctx>[], ctx: Ctx = { signedIn: false }, isLoginPage = false) {
  const track = vi.fn();
  const log = vi.fn();
  const e = new ScenarioEngine<Ctx>(scenarios, () => ctx, { track, log }, isLoginPage);
  return { e, track, log };
}

describe("ScenarioEngine", () => {
  it("starts at the first step with the cursor moving from -1, showing title and description", async () => {
    const { e } = engine([{ id: "login", steps: steps("login", "login-by-email") }]);
    expect(e.state.cursor).toBe(-1);
    await e.start("login");
    expect(e.state).toMatchObject({ cursor: 0, visible: true, title: "login title", description: "login text" });
    expect(e.state.step?.id).toBe("login");
  });

  it("merges the scenario's options with the given ones, given ones winning", async () => {
    const { e } = engine([{ id: "s", options: { returnTo: "/a", alertText: "x" }, steps: steps("one") }]);
    await e.start("s", { returnTo: "/b" });
    expect(e.state.options).toMatchObject({ returnTo: "/b", alertText: "x" });
  });

  it("logs 'Scenario with id not found' and shows nothing for an unknown id", async () => {
    const { e, log } = engine([]);
    await e.start("nope");
    expect(log).toHaveBeenCalledWith(SCENARIO_NOT_FOUND, "nope");
    expect(e.state.visible).toBe(false);
  });

  it("goes to stepId when given, else forward; past the last step it finalizes and closes", async () => {
    const { e } = engine([{ id: "login", steps: steps("login", "login-by-email", "forgot-password", "final-action") }]);
    await e.start("login", { stepId: "forgot-password" });
    expect(e.state.step?.id).toBe("forgot-password");
    await e.next();
    expect(e.state.step?.id).toBe("final-action");
    await e.next("login-by-email");
    expect(e.state.cursor).toBe(1);
    await e.next("no-such-step");
    expect(e.state.step?.id).toBe("forgot-password");
    await e.next();
    await e.next();
    expect(e.state).toMatchObject({ visible: false, hasLoading: false, scenario: null, cursor: -1 });
  });

  it("lets step middleware skip, jump and hand over to another scenario", async () => {
    const { e } = engine(
      [
        {
          id: "buy-course",
          steps: [
            { id: "login", component: "login", middleware: (ctx) => (ctx.signedIn ? { action: "skip" } : undefined) },
            { id: "fill-profile-buy", component: "profile" },
          ],
        },
        { id: "jumper", steps: [{ id: "a", component: "a", middleware: () => ({ action: "jump", stepId: "c" }) }, ...steps("b", "c")] },
        { id: "hand", steps: [{ id: "x", component: "x", middleware: () => ({ action: "start", scenarioId: "buy-course" }) }] },
      ],
      { signedIn: true },
    );
    await e.start("buy-course");
    expect(e.state.step?.id).toBe("fill-profile-buy");
    await e.start("jumper");
    expect(e.state.step?.id).toBe("c");
    await e.start("hand");
    expect(e.state.scenario?.id).toBe("buy-course");
    expect(e.state.step?.id).toBe("fill-profile-buy");
  });

  it("runs scenario middleware before the first step; skip finalizes without showing", async () => {
    const finalize = vi.fn();
    const { e } = engine([{ id: "start-free-lesson", middleware: () => ({ action: "skip" }), finalize, steps: steps("login") }]);
    await e.start("start-free-lesson");
    expect(finalize).toHaveBeenCalledTimes(1);
    expect(e.state.visible).toBe(false);
  });

  it("prefers the caller's finalize over the scenario's", async () => {
    const own = vi.fn();
    const callers = vi.fn();
    const { e } = engine([{ id: "s", finalize: own, steps: steps("one") }]);
    await e.start("s", { finalize: callers });
    await e.next();
    expect(callers).toHaveBeenCalledTimes(1);
    expect(own).not.toHaveBeenCalled();
  });

  it("tracks the start and each shown step, but not on the login page", async () => {
    const scenarios = [{ id: "login", steps: steps("login", "login-by-email") }];
    const { e, track } = engine(scenarios);
    await e.start("login");
    await e.next();
    expect(track.mock.calls.map(([ev]) => ev)).toEqual([
      { type: "scenario_start", scenarioId: "login" },
      { type: "scenario_step", scenarioId: "login", stepId: "login" },
      { type: "scenario_step", scenarioId: "login", stepId: "login-by-email" },
    ]);
    const onLoginPage = engine(scenarios, { signedIn: false }, true);
    await onLoginPage.e.start("login");
    expect(onLoginPage.track).not.toHaveBeenCalled();
  });

  it("throws 'Scenario option not provided' for an empty option name", async () => {
    const { e } = engine([{ id: "s", steps: steps("one") }]);
    await e.start("s", { returnTo: "/x" });
    expect(e.option("returnTo")).toBe("/x");
    expect(() => e.option("")).toThrow(OPTION_NOT_PROVIDED);
    expect(() => e.setOption("", 1)).toThrow(OPTION_NOT_PROVIDED);
  });

  it("stops a hand-over cycle instead of looping forever", async () => {
    const { e, log } = engine([
      { id: "a", middleware: () => ({ action: "start", scenarioId: "b" }), steps: steps("one") },
      { id: "b", middleware: () => ({ action: "start", scenarioId: "a" }), steps: steps("one") },
    ]);
    await e.start("a");
    expect(log).toHaveBeenCalledWith("Scenario hand-over loop stopped", expect.any(String));
    expect(e.state.visible).toBe(false);
  });

  it("keeps going when a middleware throws, and logs it", async () => {
    const { e, log } = engine([
      {
        id: "s",
        steps: [
          {
            id: "one",
            component: "one",
            middleware: () => {
              throw new Error("boom");
            },
          },
        ],
      },
    ]);
    await e.start("s");
    expect(e.state.step?.id).toBe("one");
    expect(log).toHaveBeenCalledWith("Scenario middleware failed", expect.any(Error));
  });
});
