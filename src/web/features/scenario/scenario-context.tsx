import { createContext, useContext, useEffect, useMemo, useReducer, useRef } from "react";
import { useLocation, useNavigate } from "react-router";
import { ScenarioEngine } from "../../../domain/scenario/engine";
import { isSafeReturnPath } from "../../../domain/validation/fields";
import { useLang, useRootData } from "../../root";
import { useAuth } from "../auth/auth-context";
import { ScenarioPopup } from "./scenario-popup";
import { identityScenarios, type ScenarioCtx } from "./scenarios";

const ScenarioContext = createContext<ScenarioEngine<ScenarioCtx> | null>(null);

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
  const { signedIn } = useAuth();
  const settings = useRootData()?.settings;
  const registration = settings?.portal.registration;
  const lang = useLang();
  const navigate = useNavigate();
  const location = useLocation();
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const current: ScenarioCtx = {
    signedIn,
    lang,
    registration: {
      email: registration?.email ?? true,
      anonymous: registration?.anonymous ?? false,
      swapPopups: registration?.swapPopups ?? false,
      gdpr: registration?.gdpr ?? false,
    },
    providers: { google: settings?.providers.google ?? false },
  };
  const ctx = useRef<ScenarioCtx>(current);
  ctx.current = current;
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;

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
  // optional returnTo) -> login, "failed" after a provider sign-in that did not complete. They are
  // removed from the address once read.
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const token = params.get("pwdtoken");
    const login = params.get("login");
    if (!token && !login) return;
    const returnTo = params.get("returnTo");
    for (const key of ["pwdtoken", "login", "returnTo"]) params.delete(key);
    const search = params.toString();
    navigate({ pathname: location.pathname, search: search ? `?${search}` : "", hash: location.hash }, { replace: true });
    if (token) void engine.start("restore-password", { token });
    else
      void engine.start("login", {
        returnTo: returnTo && isSafeReturnPath(returnTo) ? returnTo : undefined,
        alertText: login === "failed" ? "login.failed" : undefined,
      });
  }, [location.search, location.pathname, location.hash, navigate, engine]);

  return (
    <ScenarioContext.Provider value={engine}>
      {children}
      <ScenarioPopup engine={engine} />
    </ScenarioContext.Provider>
  );
}

export function useScenario(): ScenarioEngine<ScenarioCtx> {
  const engine = useContext(ScenarioContext);
  if (!engine) throw new Error("useScenario outside ScenarioProvider");
  return engine;
}
