import type { StepProps } from "./step-props";
import { DynamicFormStep, DynamicFormSuccessStep } from "../../forms/form-steps";
import { AnonymousDisclaimerStep, AnonymousSignInStep, AnonymousSignUpStep } from "./anonymous-steps";
import { BuyCourseStep } from "./buy-step";
import { ProfileFillStep, ProfileFillTwoStep } from "./profile-steps";
import { UserTerminatedStep, UserTerminateStep } from "./terminate-steps";
import { FinalActionStep, ForgotPasswordStep, RestorePasswordStep } from "./password-steps";
import { LoginByEmailStep, MixedLoginStep, SuccessStep } from "./login-steps";
import { SignUpStep } from "./sign-up-step";
import { MessengersLoginHsStep, MessengersLoginStep } from "./messenger-steps";

/** Step component name -> screen and its title key in the auth pack. */
export const STEP_COMPONENTS: Record<string, { Component: React.ComponentType<StepProps>; titleKey: string }> = {
  login: { Component: MixedLoginStep, titleKey: "login.title" },
  "mixed-login": { Component: MixedLoginStep, titleKey: "login.title" },
  "messengers-login": { Component: MessengersLoginStep, titleKey: "social:messengersLogin.title" },
  "messengers-login-hs": { Component: MessengersLoginHsStep, titleKey: "social:messengersLoginHs.title" },
  "login-by-email": { Component: LoginByEmailStep, titleKey: "loginByEmail.title" },
  "sign-up": { Component: SignUpStep, titleKey: "signUp.title" },
  "forgot-password": { Component: ForgotPasswordStep, titleKey: "forgot.title" },
  "final-action": { Component: FinalActionStep, titleKey: "finalAction.title" },
  "restore-password": { Component: RestorePasswordStep, titleKey: "restore.title" },
  "anonymous-sign-in": { Component: AnonymousSignInStep, titleKey: "anonymousSignIn.title" },
  "anonymous-sign-up": { Component: AnonymousSignUpStep, titleKey: "anonymousSignUp.title" },
  "anonymous-disclaimer": { Component: AnonymousDisclaimerStep, titleKey: "anonymousDisclaimer.title" },
  "profile-fill": { Component: ProfileFillStep, titleKey: "profileFill.title" },
  "profile-fill-two": { Component: ProfileFillTwoStep, titleKey: "profileFill.titleBuy" },
  "buy-course": { Component: BuyCourseStep, titleKey: "buy.title" },
  "user-terminate": { Component: UserTerminateStep, titleKey: "terminate.title" },
  "user-terminated": { Component: UserTerminatedStep, titleKey: "terminate.doneTitle" },
  success: { Component: SuccessStep, titleKey: "success.title" },
  "dynamic-form": { Component: DynamicFormStep, titleKey: "forms:popup.title" },
  "dynamic-form-success": { Component: DynamicFormSuccessStep, titleKey: "forms:popup.title" },
};
