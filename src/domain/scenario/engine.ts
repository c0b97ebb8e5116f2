/**
 * The scenario popup engine of seed 001 §4, as a framework-free state machine. The web layer
 * renders `state` (the popup, the current step's component) and calls start/next/finalize;
 * scenarios and steps are plain data with optional async middleware.
 */

export interface ScenarioOptions {
  returnTo?: string;
  alertText?: string;
  /** Finalize handler given by the caller, run instead of the scenario's own. */
  finalize?: () => void | Promise<void>;
  stepId?: string;
  [name: string]: unknown;
}

/** What a middleware decides: go on, skip this step, jump to a step, or hand over to another scenario. */
export type MiddlewareResult =
  { action: "continue" } | { action: "skip" } | { action: "jump"; stepId: string } | { action: "start"; scenarioId: string; options?: ScenarioOptions };

export type Middleware<Ctx> = (ctx: Ctx, engine: ScenarioEngine<Ctx>) => MiddlewareResult | void | Promise<MiddlewareResult | void>;

export interface Step<Ctx> {
  id: string;
  title?: string;
  description?: string;
  hasLoading?: boolean;
  /** Which screen the web layer renders for this step. */
  component: string;
  props?: Record<string, unknown>;
  middleware?: Middleware<Ctx>;
}

export interface Scenario<Ctx> {
  id: string;
  options?: ScenarioOptions;
  middleware?: Middleware<Ctx>;
  steps: Step<Ctx>[];
  finalize?: (ctx: Ctx, engine: ScenarioEngine<Ctx>) => void | Promise<void>;
}

export interface ScenarioState<Ctx> {
  scenario: Scenario<Ctx> | null;
  step: Step<Ctx> | null;
  /** Index of the current step; -1 before the first step. */
  cursor: number;
  options: ScenarioOptions;
  title: string;
  description: string;
  hasLoading: boolean;
  visible: boolean;
  isLoginPage: boolean;
}

export interface EngineHooks {
  /** Analytics: fired on scenario start and on each step, except on the login page. */
  track?(event: { type: "scenario_start" | "scenario_step"; scenarioId: string; stepId?: string }): void;
  log?(message: string, detail?: unknown): void;
  onChange?(): void;
}

export const SCENARIO_NOT_FOUND = "Scenario with id not found";
export const OPTION_NOT_PROVIDED = "Scenario option not provided";
export const DEFAULT_SCENARIO_ID = "login";
/** Middleware may hand over between scenarios; a cycle must end instead of looping forever. */
const MAX_HOPS = 32;

function emptyState<Ctx>(isLoginPage: boolean): ScenarioState<Ctx> {
  return { scenario: null, step: null, cursor: -1, options: {}, title: "", description: "", hasLoading: false, visible: false, isLoginPage };
}

export class ScenarioEngine<Ctx> {
  state: ScenarioState<Ctx>;
  private readonly scenarios: Map<string, Scenario<Ctx>>;
  private hops = 0;

  constructor(
    scenarios: Scenario<Ctx>[],
    private readonly ctx: () => Ctx,
    private readonly hooks: EngineHooks = {},
    isLoginPage = false,
  ) {
    this.scenarios = new Map(scenarios.map((s) => [s.id, s]));
    this.state = emptyState(isLoginPage);
  }

  /** The context middleware sees (settings, who is signed in), for screens that need the same view. */
  get context(): Ctx {
    return this.ctx();
  }

  setLoginPage(isLoginPage: boolean) {
    this.state = { ...this.state, isLoginPage };
  }

  private set(patch: Partial<ScenarioState<Ctx>>) {
    this.state = { ...this.state, ...patch };
    this.hooks.onChange?.();
  }

  private track(type: "scenario_start" | "scenario_step", stepId?: string) {
    if (this.state.isLoginPage || !this.state.scenario) return;
    this.hooks.track?.({ type, scenarioId: this.state.scenario.id, ...(stepId ? { stepId } : {}) });
  }

  /** Seed §4.1-2: reset, merge options, find by id, scenario middleware, then stepId or the next step. */
  async start(id: string = DEFAULT_SCENARIO_ID, options: ScenarioOptions = {}): Promise<void> {
    if (++this.hops > MAX_HOPS) {
      this.hops = 0;
      this.hooks.log?.("Scenario hand-over loop stopped", id);
      return this.close();
    }
    const scenario = this.scenarios.get(id);
    this.state = emptyState(this.state.isLoginPage);
    if (!scenario) {
      this.hooks.log?.(SCENARIO_NOT_FOUND, id);
      this.hooks.onChange?.();
      return;
    }
    this.set({ scenario, options: { ...scenario.options, ...options } });
    this.track("scenario_start");
    const decision = await this.runMiddleware(scenario.middleware);
    if (decision.action === "start") return this.start(decision.scenarioId, decision.options);
    if (decision.action === "skip") return this.finalize();
    if (decision.action === "jump") return this.next(decision.stepId);
    await this.next(this.state.options.stepId);
  }

  /** Seed §4.3: to the step with that id if found, else one forward; past the end, finalize. */
  async next(stepId?: string): Promise<void> {
    const { scenario, cursor } = this.state;
    if (!scenario) return;
    const found = stepId ? scenario.steps.findIndex((s) => s.id === stepId) : -1;
    const target = found >= 0 ? found : cursor + 1;
    const step = scenario.steps[target];
    if (!step) return this.finalize();
    this.set({ cursor: target, step });
    const decision = await this.runMiddleware(step.middleware);
    if (this.state.scenario !== scenario || this.state.step !== step) return; // middleware moved on already
    if (decision.action === "start") return this.start(decision.scenarioId, decision.options);
    if (decision.action === "skip") return this.next();
    if (decision.action === "jump") return this.next(decision.stepId);
    this.show(step);
  }

  /** Seed §4.4: showing a step opens the popup and sets title, description and loading. */
  private show(step: Step<Ctx>) {
    this.hops = 0;
    this.set({ visible: true, title: step.title ?? "", description: step.description ?? "", hasLoading: step.hasLoading ?? false });
    this.track("scenario_step", step.id);
  }

  setLoading(hasLoading: boolean) {
    this.set({ hasLoading });
  }

  /** Reads an option by name; an empty name is a programming error (seed §8). */
  option<T = unknown>(name: string): T | undefined {
    if (!name) throw new Error(OPTION_NOT_PROVIDED);
    return this.state.options[name] as T | undefined;
  }

  setOption(name: string, value: unknown) {
    if (!name) throw new Error(OPTION_NOT_PROVIDED);
    this.set({ options: { ...this.state.options, [name]: value } });
  }

  /** Seed §4.5: the caller's or the scenario's finalize, else close the popup and clear loading. */
  async finalize(): Promise<void> {
    this.hops = 0;
    const { scenario, options } = this.state;
    const handler = options.finalize ?? (scenario?.finalize ? () => scenario.finalize!(this.ctx(), this) : undefined);
    if (handler) {
      await handler();
      if (this.state.scenario === scenario) this.close();
      return;
    }
    this.close();
  }

  close() {
    this.set({ visible: false, hasLoading: false, step: null, cursor: -1, scenario: null });
  }

  private async runMiddleware(mw: Middleware<Ctx> | undefined): Promise<MiddlewareResult> {
    if (!mw) return { action: "continue" };
    try {
      return (await mw(this.ctx(), this)) ?? { action: "continue" };
    } catch (e) {
      this.hooks.log?.("Scenario middleware failed", e);
      return { action: "continue" };
    }
  }
}
