import type { Middleware, Scenario } from "../../../domain/scenario/engine";

export interface ScenarioCtx {
  signedIn: boolean;
  lang: string;
  registration: { email: boolean; anonymous: boolean; swapPopups: boolean; gdpr: boolean };
  providers: { google: boolean };
}

/** Steps have skip conditions for visitors who are already signed in (seed 001 §4). */
const skipIfSignedIn: Middleware<ScenarioCtx> = (ctx) => (ctx.signedIn ? { action: "skip" } : undefined);

/**
 * The login component is chosen from settings: e-mail only goes straight to e-mail login;
 * otherwise the choice screen (mixed login, or the anonymous disclaimer when only anonymous is on).
 */
const chooseLogin: Middleware<ScenarioCtx> = (ctx) =>
  ctx.registration.email && !ctx.registration.anonymous && !ctx.providers.google ? { action: "jump", stepId: "login-by-email" } : undefined;

/** The sign-in and sign-up scenarios of seed 001 §4. */
export function identityScenarios(): Scenario<ScenarioCtx>[] {
  return [
    {
      id: "login",
      middleware: skipIfSignedIn,
      steps: [
        { id: "login", component: "login", middleware: chooseLogin },
        { id: "login-by-email", component: "login-by-email" },
        { id: "forgot-password", component: "forgot-password" },
        { id: "final-action", component: "final-action" },
        { id: "success", component: "success" },
      ],
    },
    { id: "sign-in", middleware: skipIfSignedIn, steps: [{ id: "sign-in", component: "sign-up" }, { id: "success", component: "success" }] },
    {
      id: "restore-password",
      steps: [
        { id: "restore-password", component: "restore-password" },
        { id: "login-by-email", component: "login-by-email" },
        { id: "success", component: "success" },
      ],
    },
    {
      id: "anonymous-sign-in",
      middleware: skipIfSignedIn,
      steps: [{ id: "anonymous-sign-in", component: "anonymous-sign-in" }, { id: "success", component: "success" }],
    },
    {
      id: "anonymous-sign-up",
      middleware: skipIfSignedIn,
      steps: [{ id: "anonymous-sign-up", component: "anonymous-sign-up" }, { id: "success", component: "success" }],
    },
  ];
}
