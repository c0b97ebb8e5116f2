import { createContext, useCallback, useContext, useMemo, useState } from "react";
import { COOKIES, CONSENT_CATEGORIES } from "../../../domain/constants";
import { type Consent, serializeConsent, writeBrowserCookie } from "../../cookies";

interface ConsentState {
  /** null until the visitor has decided. */
  consent: Consent | null;
  decide(consent: Consent): void;
  /** Re-open the notice (e.g. from a footer link). */
  reopen(): void;
  noticeOpen: boolean;
}

const ConsentContext = createContext<ConsentState | null>(null);

export const allConsent = (value: boolean): Consent =>
  Object.fromEntries(CONSENT_CATEGORIES.map((c) => [c, value])) as Consent;

export function ConsentProvider({ initial, children }: { initial: Consent | null; children: React.ReactNode }) {
  const [consent, setConsent] = useState<Consent | null>(initial);
  const [forcedOpen, setForcedOpen] = useState(false);
  const decide = useCallback((next: Consent) => {
    writeBrowserCookie(COOKIES.consent, serializeConsent(next));
    setConsent(next);
    setForcedOpen(false);
  }, []);
  const value = useMemo(
    () => ({ consent, decide, reopen: () => setForcedOpen(true), noticeOpen: consent === null || forcedOpen }),
    [consent, decide, forcedOpen],
  );
  return <ConsentContext.Provider value={value}>{children}</ConsentContext.Provider>;
}

export function useConsent(): ConsentState {
  const ctx = useContext(ConsentContext);
  if (!ctx) throw new Error("useConsent outside ConsentProvider");
  return ctx;
}
