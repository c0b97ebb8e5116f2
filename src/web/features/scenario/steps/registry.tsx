import type { ScenarioEngine } from "../../../../domain/scenario/engine";
import type { ScenarioCtx } from "../scenarios";
import { AnonymousSignInStep, AnonymousSignUpStep } from "./anonymous-steps";
import { FinalActionStep, ForgotPasswordStep, RestorePasswordStep } from "./password-steps";
import { LoginByEmailStep, LoginStep, SignUpStep, SuccessStep } from "./login-steps";

export type StepProps = { engine: ScenarioEngine<ScenarioCtx> };

/** Step component name -> screen and its title key in the auth pack. */
export const STEP_COMPONENTS: Record<string, { Component: React.ComponentType<StepProps>; titleKey: string }> = {
  login: { Component: LoginStep, titleKey: "login.title" },
  "login-by-email": { Component: LoginByEmailStep, titleKey: "loginByEmail.title" },
  "sign-up": { Component: SignUpStep, titleKey: "signUp.title" },
  "forgot-password": { Component: ForgotPasswordStep, titleKey: "forgot.title" },
  "final-action": { Component: FinalActionStep, titleKey: "finalAction.title" },
  "restore-password": { Component: RestorePasswordStep, titleKey: "restore.title" },
  "anonymous-sign-in": { Component: AnonymousSignInStep, titleKey: "anonymousSignIn.title" },
  "anonymous-sign-up": { Component: AnonymousSignUpStep, titleKey: "anonymousSignUp.title" },
  success: { Component: SuccessStep, titleKey: "success.title" },
};
