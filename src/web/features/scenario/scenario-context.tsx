import { Suspense, useEffect, useMemo, useReducer, useRef } from "react";
import { useLocation, useNavigate } from "react-router";
import { ScenarioEngine } from "../../../domain/scenario/engine";
import { isMessengerMethod } from "../../../domain/messenger-ids";
import { NO_PROVIDERS } from "../../../domain/providers";
import { isSignedIn, linkMethod } from "../../../domain/user";
import { isSafeReturnPath } from "../../../domain/validation/return-path";
import { useLang, useRootData } from "../../root-data";
import { useAuth } from "../auth/use-auth";
import { OneTap } from "../auth/one-tap";
import { EmailVerifyNotice } from "../auth/email-verify-notice";
import { useChromeless } from "../shell/chromeless";
import { scenarioPopup } from "./scenario-popup-part";
import { queueWelcome } from "../shell/popup-queue";
import { WelcomeNotice } from "./welcome-notice";
import { identityScenarios, type ScenarioCtx } from "./scenarios";
import { ScenarioContext } from "./use-scenario";

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/**
 * Owns the scenario engine for the page: popups render from its state; a `pwdtoken` in the address
 * opens restore-password. Finishing returns to the saved return address when it is a safe path.
 */
export function ScenarioProvider({ children }: { children: React.ReactNode }) {
  const { latest, refresh, user } = useAuth();
  const settings = useRootData()?.settings;
  const registration = settings?.portal.registration;
  const lang = useLang();
  const navigate = useNavigate();
  const location = useLocation();
  const chromeless = useChromeless();
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  const current: ScenarioCtx = {
    get signedIn() {
      return isSignedIn(latest());
    },
    user: latest,
    createSession: async () => {
      const { createSession } = await import("../auth/auth-calls");
      const res = await createSession();
      // Seed 001 §8: a failed session creation is only logged.
      if (!res.ok) console.error("Session creation failed", res.error.message);
      else await refresh();
      return res.ok;
    },
    navigate: (path) => navigateRef.current(path),
    welcome: queueWelcome,
    lang,
    registration: {
      email: registration?.email ?? true,
      anonymous: registration?.anonymous ?? false,
      swapPopups: registration?.swapPopups ?? false,
      gdpr: registration?.gdpr ?? false,
    },
    providers: settings?.providers ?? NO_PROVIDERS,
  };
  const ctx = useRef<ScenarioCtx>(current);
  ctx.current = current;

  const engine = useMemo(() => {
    const scenarios = identityScenarios().map((s) => ({
      ...s,
      finalize:
        s.finalize ??
        ((_: ScenarioCtx, e: ScenarioEngine<ScenarioCtx>) => {
          const returnTo = e.option<string>("returnTo");
          e.close();
          if (returnTo && isSafeReturnPath(returnTo)) navigateRef.current(returnTo);
        }),
    }));
    return new ScenarioEngine<ScenarioCtx>(scenarios, () => ctx.current, {
      onChange: rerender,
      log: (message, detail) => console.error(message, detail),
      track: (event) => {
        window.dataLayer ??= [];
        window.dataLayer.push({ event: event.type, scenario: event.scenarioId, step: event.stepId });
      },
    });
  }, []);

  // Query parameters that open a popup (seed 001 §2): pwdtoken -> restore-password; login (with an
  // optional returnTo) -> login, "failed" after a provider sign-in that did not complete ("unverified"
  // when an account holds the provider's address without having confirmed it); scenario
  // (and step) -> that scenario, as a redirect sign-in comes back to continue where it left. They are
  // removed from the address once read.
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const token = params.get("pwdtoken");
    const login = params.get("login");
    const scenarioId = params.get("scenario");
    if (!token && !login && !scenarioId) return;
    const returnTo = params.get("returnTo");
    const stepId = params.get("step") ?? undefined;
    for (const key of ["pwdtoken", "login", "returnTo", "scenario", "step"]) params.delete(key);
    const search = params.toString();
    navigate({ pathname: location.pathname, search: search ? `?${search}` : "", hash: location.hash }, { replace: true });
    const safeReturn = returnTo && isSafeReturnPath(returnTo) ? returnTo : undefined;
    if (token) void engine.start("restore-password", { token });
    else if (scenarioId) void engine.start(scenarioId, { returnTo: safeReturn, stepId });
    else
      void engine.start("login", {
        returnTo: safeReturn,
        alertText: login === "failed" ? "login.failed" : login === "unverified" ? "login.unverified" : undefined,
      });
  }, [location.search, location.pathname, location.hash, navigate, engine]);

  // Seed 001 §4: a signed-in learner of an authMigration portal without a messenger login method
  // is asked to connect one; once per page load, and never over another popup.
  const migrationAsked = useRef(false);
  const needsMessenger =
    !chromeless &&
    isSignedIn(user) &&
    !!settings?.portal.authMigration &&
    !user.links.some((l) => isMessengerMethod(linkMethod(l))) &&
    (settings?.providers.messengers.length ?? 0) > 0;
  useEffect(() => {
    if (!needsMessenger || migrationAsked.current || engine.state.visible || engine.state.scenario) return;
    migrationAsked.current = true;
    void engine.start("messengers-login-hs");
  }, [needsMessenger, engine]);

  // The popup's chunk is fetched when a scenario first shows a step; it stays mounted from then on.
  const popupWanted = useRef(false);
  if (engine.state.step) popupWanted.current = true;

  return (
    <ScenarioContext.Provider value={engine}>
      {chromeless ? null : <EmailVerifyNotice />}
      {chromeless ? null : <WelcomeNotice />}
      {children}
      {popupWanted.current ? (
        <Suspense fallback={null}>
          <scenarioPopup.Component engine={engine} />
        </Suspense>
      ) : null}
      {chromeless ? null : <OneTap />}
    </ScenarioContext.Provider>
  );
}
