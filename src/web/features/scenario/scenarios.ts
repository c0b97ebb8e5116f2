import { type CourseTarget, MICROCOURSE_MISSING, type MicrocourseTarget, microcourseOpenToGuests } from "../../../domain/scenario/course-target";
import type { Middleware, Scenario, ScenarioEngine, Step } from "../../../domain/scenario/engine";
import { hasProviderButtons, type TProviders } from "../../../domain/providers";
import type { TUser } from "../../../domain/user";
import { isSafeReturnPath } from "../../../domain/validation/return-path";
import { dynamicFormScenario } from "../forms/form-scenario";

export interface ScenarioCtx {
  signedIn: boolean;
  lang: string;
  registration: { email: boolean; anonymous: boolean; swapPopups: boolean; gdpr: boolean };
  /** Sign-in paths the portal offers (domain/providers.ts). */
  providers: TProviders;
  /** The latest known user, read at the moment a middleware runs (it may have just signed in). */
  user(): TUser;
  /** Creates an anonymous session for a guest (seed 001 §4 "Session"); false when it failed (only logged). */
  createSession(): Promise<boolean>;
  /** Client-side navigation to a same-site path. */
  navigate(path: string): void;
  /** Queues the welcome notice of a sign-in (shell/popup-queue.ts). */
  welcome(): void;
}

/** Steps have skip conditions for visitors who are already signed in (seed 001 §4). */
const skipIfSignedIn: Middleware<ScenarioCtx> = (ctx) => (ctx.signedIn ? { action: "skip" } : undefined);

/** Runs middleware in order; the first that decides something wins. */
function chain(...list: Middleware<ScenarioCtx>[]): Middleware<ScenarioCtx> {
  return async (ctx, engine) => {
    for (const mw of list) {
      const decision = await mw(ctx, engine);
      if (decision && decision.action !== "continue") return decision;
    }
    return undefined;
  };
}

/**
 * Seed 001 §4: the login component is chosen from settings. E-mail only gives e-mail login;
 * anonymous only gives the anonymous disclaimer; otherwise the mixed login choice screen.
 */
const chooseLogin: Middleware<ScenarioCtx> = (ctx) => {
  const { email, anonymous } = ctx.registration;
  const social = hasProviderButtons(ctx.providers);
  if (email && !anonymous && !social) return { action: "jump", stepId: "login-by-email" };
  if (anonymous && !email && !social) return { action: "jump", stepId: "anonymous-disclaimer" };
  return undefined;
};

/** The sign-in steps shared by every scenario that may need a signed-in learner. */
function loginSteps(): Step<ScenarioCtx>[] {
  return [
    { id: "login", component: "mixed-login", middleware: chain(skipIfSignedIn, chooseLogin) },
    { id: "login-by-email", component: "login-by-email", middleware: skipIfSignedIn },
    { id: "forgot-password", component: "forgot-password", middleware: skipIfSignedIn },
    { id: "final-action", component: "final-action", middleware: skipIfSignedIn },
    { id: "anonymous-disclaimer", component: "anonymous-disclaimer", middleware: skipIfSignedIn },
  ];
}

/**
 * Seed 001 §4: sign-up, login and password restore end with the success step; its "success notice"
 * (§8 env.scenarious.auth.success) is a welcome notice in the page, never a dialog in the way: the
 * popup closes and the scenario finalizes at once, so the learner lands where they were going (the
 * saved return address or the course element) instead of behind a "Welcome!" dialog (issue 28).
 */
const welcomeAndFinish: Middleware<ScenarioCtx> = (ctx) => {
  if (ctx.signedIn) ctx.welcome();
  return { action: "skip" };
};
const success: Step<ScenarioCtx> = { id: "success", component: "success", middleware: welcomeAndFinish };

/**
 * Seed 001 §4: finishing returns to the saved return address, else to the opened course element
 * (the one clicked or the course's current opened element).
 */
async function openCourseElement(ctx: ScenarioCtx, engine: ScenarioEngine<ScenarioCtx>) {
  const returnTo = engine.option<string>("returnTo");
  const course = engine.option<CourseTarget>("course");
  engine.close();
  if (isSafeReturnPath(returnTo)) return ctx.navigate(returnTo);
  const path = course ? await course.resolveElementPath() : null;
  if (isSafeReturnPath(path)) ctx.navigate(path);
}

/** Seed 001 §4 "Free lesson start". */
const freeLessonStart: Middleware<ScenarioCtx> = async (ctx, engine) => {
  const course = engine.option<CourseTarget>("course");
  if (!course) return { action: "skip" };
  if (ctx.signedIn) return { action: "skip" };
  const user = ctx.user();
  if (course.accessibleWithoutRegistration && !course.isCommercial) {
    if (user.status === "session" || (await ctx.createSession())) return { action: "skip" };
  }
  engine.setOption("alertText", user.status === "session" ? "scenario.alert.session" : "scenario.alert.guest");
  return undefined;
};

/** Seed 001 §4 "Free microcourse start". */
const freeMicrocourseStart: Middleware<ScenarioCtx> = async (ctx, engine) => {
  const microcourse = engine.option<MicrocourseTarget>("microcourse");
  if (!microcourse) {
    console.error(MICROCOURSE_MISSING);
    return { action: "skip" };
  }
  if (ctx.signedIn) return { action: "skip" };
  const user = ctx.user();
  if (microcourseOpenToGuests(microcourse)) {
    if (user.status === "session" || (await ctx.createSession())) return { action: "skip" };
  }
  engine.setOption("alertText", user.status === "session" ? "scenario.alert.session" : "scenario.alert.guest");
  return undefined;
};

/** Buying is skipped when the learner already ordered the course (checked again after signing in). */
const skipIfBought: Middleware<ScenarioCtx> = (ctx, engine) => {
  const course = engine.option<CourseTarget>("course");
  return !course || course.isBought || ctx.user().orders.courses.includes(course.courseId) ? { action: "skip" } : undefined;
};

/** Signed in, buy-course goes straight to the profile check and payment. */
const buyCourseStart: Middleware<ScenarioCtx> = chain(skipIfBought, (ctx, engine) =>
  ctx.signedIn ? { action: "start", scenarioId: "fill-profile-buy", options: engine.state.options } : undefined,
);

const toFillProfileBuy: Middleware<ScenarioCtx> = (_ctx, engine) => ({ action: "start", scenarioId: "fill-profile-buy", options: engine.state.options });

/**
 * A guest who chooses "create an account" (or "I have an account") inside buy-course leaves it for the
 * sign-in or login scenario, which carry the options along: once signed in there, the purchase goes on
 * to fill-profile-buy instead of ending with the sign-in (seed 001 §4 buy-course: login, then fill-profile-buy).
 */
const RESUMABLE = new Set(["fill-profile-buy"]);
const resumeAfterSignIn: Middleware<ScenarioCtx> = (ctx, engine) => {
  const next = engine.option<string>("afterSignIn");
  return ctx.signedIn && next && RESUMABLE.has(next) ? { action: "start", scenarioId: next, options: engine.state.options } : undefined;
};
const successOrResume: Step<ScenarioCtx> = { ...success, middleware: chain(resumeAfterSignIn, welcomeAndFinish) };

/** Profile steps need an account: guests sign in first and come back. */
const needsAccount: Middleware<ScenarioCtx> = (ctx, engine) =>
  ctx.user().id === "guest" ? { action: "start", scenarioId: "login", options: { returnTo: engine.option<string>("returnTo") } } : undefined;

/** Seed 001 §4: the sign-in, sign-up, profile, course and account scenarios. */
export function identityScenarios(): Scenario<ScenarioCtx>[] {
  return [
    { id: "login", middleware: skipIfSignedIn, steps: [...loginSteps(), successOrResume] },
    dynamicFormScenario<ScenarioCtx>(),
    { id: "sign-in", middleware: skipIfSignedIn, steps: [{ id: "sign-in", component: "sign-up" }, successOrResume] },
    {
      id: "restore-password",
      steps: [{ id: "restore-password", component: "restore-password" }, { id: "login-by-email", component: "login-by-email" }, success],
    },
    { id: "anonymous-sign-in", middleware: skipIfSignedIn, steps: [{ id: "anonymous-sign-in", component: "anonymous-sign-in" }, success] },
    { id: "anonymous-sign-up", middleware: skipIfSignedIn, steps: [{ id: "anonymous-sign-up", component: "anonymous-sign-up" }, success] },
    { id: "profile-fill", middleware: needsAccount, steps: [{ id: "profile-fill", component: "profile-fill" }, success] },
    { id: "start-free-lesson", middleware: freeLessonStart, steps: [...loginSteps(), success], finalize: openCourseElement },
    { id: "start-free-microcourse", middleware: freeMicrocourseStart, steps: [...loginSteps(), success], finalize: openMicrocourse },
    {
      id: "buy-course",
      options: { afterSignIn: "fill-profile-buy" },
      middleware: buyCourseStart,
      steps: [...loginSteps(), { ...success, middleware: toFillProfileBuy }],
      finalize: openCourseElement,
    },
    {
      id: "fill-profile-buy",
      middleware: skipIfBought,
      steps: [
        { id: "profile-fill-two", component: "profile-fill-two" },
        { id: "buy-course", component: "buy-course" },
      ],
      finalize: openCourseElement,
    },
    {
      id: "user-terminate-by-email",
      steps: [
        { id: "login-by-email", component: "login-by-email", middleware: skipIfSignedIn },
        { id: "forgot-password", component: "forgot-password", middleware: skipIfSignedIn },
        { id: "final-action", component: "final-action", middleware: skipIfSignedIn },
        { id: "user-terminate", component: "user-terminate" },
        { id: "user-terminated", component: "user-terminated" },
      ],
    },
    {
      id: "user-terminate-by-messenger",
      steps: [
        { id: "messengers-login", component: "messengers-login", middleware: skipIfSignedIn },
        { id: "user-terminate", component: "user-terminate" },
        { id: "user-terminated", component: "user-terminated" },
      ],
    },
    ...messengerScenarios(),
  ];
}

async function openMicrocourse(ctx: ScenarioCtx, engine: ScenarioEngine<ScenarioCtx>) {
  const returnTo = engine.option<string>("returnTo");
  const microcourse = engine.option<MicrocourseTarget>("microcourse");
  engine.close();
  const path = isSafeReturnPath(returnTo) ? returnTo : microcourse?.path;
  if (isSafeReturnPath(path)) ctx.navigate(path);
}

/** Messenger buttons lead away to /connect/...: these popups end when the browser leaves. */
const needsMessengers: Middleware<ScenarioCtx> = (ctx) => (ctx.providers.messengers.length === 0 ? { action: "skip" } : undefined);

/**
 * Seed 001 §4: mixed-login (the choice screen on its own), messengers-login (messenger buttons only)
 * and messengers-login-hs (a signed-in learner of an authMigration portal asked to connect one).
 */
function messengerScenarios(): Scenario<ScenarioCtx>[] {
  return [
    { id: "mixed-login", middleware: skipIfSignedIn, steps: [{ id: "mixed-login", component: "mixed-login" }, success] },
    { id: "messengers-login", middleware: chain(skipIfSignedIn, needsMessengers), steps: [{ id: "messengers-login", component: "messengers-login" }] },
    { id: "messengers-login-hs", middleware: needsMessengers, steps: [{ id: "messengers-login-hs", component: "messengers-login-hs" }] },
  ];
}
