import { createContext, useContext } from "react";
import { CONSENT_CATEGORIES } from "../../../domain/constants";
import type { Consent } from "../../cookies";

export interface ConsentState {
  /** null until the visitor has decided. */
  consent: Consent | null;
  decide(consent: Consent): void;
  /** Re-open the notice (e.g. from a footer link). */
  reopen(): void;
  noticeOpen: boolean;
}

/** The visitor's cookie consent; ConsentProvider (consent-context.tsx) provides it. */
export const ConsentContext = createContext<ConsentState | null>(null);

export const allConsent = (value: boolean): Consent => Object.fromEntries(CONSENT_CATEGORIES.map((c) => [c, value])) as Consent;

export function useConsent(): ConsentState {
  const ctx = useContext(ConsentContext);
  if (!ctx) throw new Error("useConsent outside ConsentProvider");
  return ctx;
}
