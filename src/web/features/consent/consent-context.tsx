import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { consentCookieName, consentFromMap, consentMap, sameConsent } from "../../../domain/consent";
import { COOKIES, CONSENT_CATEGORIES } from "../../../domain/constants";
import { GUEST_ID } from "../../../domain/user";
import { type Consent, serializeConsent, writeBrowserCookie } from "../../cookies";
import { useRootData } from "../../root-data";
import { useAuth } from "../auth/use-auth";
import { ConsentContext } from "./use-consent";

/** gtag's calling convention: it pushes its `arguments` object onto the data layer. */
function gtag(..._args: unknown[]) {
  window.dataLayer ??= [];
  // eslint-disable-next-line prefer-rest-params
  window.dataLayer.push(arguments);
}

function writeConsentCookies(next: Consent) {
  writeBrowserCookie(COOKIES.consent, serializeConsent(next));
  const map = consentMap(next);
  for (const key of CONSENT_CATEGORIES) writeBrowserCookie(consentCookieName(key), map[key]);
}

/**
 * Seed 001 §3-4: consent per key, granted or denied. Tag managers get the default consent first,
 * then a consent_updated event whenever a decision is known. A signed-in user's decision is stored
 * on the account per portal (gdpr.portals), and a decision stored there is taken up on a new device.
 */
export function ConsentProvider({ initial, children }: { initial: Consent | null; children: React.ReactNode }) {
  const [consent, setConsent] = useState<Consent | null>(initial);
  const [forcedOpen, setForcedOpen] = useState(false);
  const { user } = useAuth();
  const portalId = useRootData()?.settings.portal.id;

  const announced = useRef(false);
  const sent = useRef<string | null>(null);
  useEffect(() => {
    if (!announced.current) {
      announced.current = true;
      gtag("consent", "default", consentMap(initial));
    }
    if (consent) window.dataLayer?.push({ event: "consent_updated", consent: consentMap(consent) });
  }, [consent, initial]);

  const decide = useCallback((next: Consent) => {
    writeConsentCookies(next);
    setConsent(next);
    setForcedOpen(false);
  }, []);

  useEffect(() => {
    if (user.id === GUEST_ID || !portalId) return;
    const stored = user.gdpr.portals.find((p) => p.learningPortalId === portalId)?.cookies;
    if (!consent) {
      const adopted = stored ? consentFromMap(stored) : null;
      if (adopted) decide(adopted);
      return;
    }
    const map = consentMap(consent);
    // The user object keeps its old copy until the next refresh: send each decision once per account.
    const sending = `${user.id}:${serializeConsent(consent)}`;
    if (sameConsent(stored, map) || sent.current === sending) return;
    sent.current = sending;
    void import("./consent-calls").then(async ({ storeCookieDecision }) => {
      const res = await storeCookieDecision({ learningPortalId: portalId, cookies: map });
      if (!res.ok) console.warn("Cookie settings were not stored on the account", res.error.message);
    });
  }, [user, consent, portalId, decide]);

  const value = useMemo(
    () => ({ consent, decide, reopen: () => setForcedOpen(true), noticeOpen: consent === null || forcedOpen }),
    [consent, decide, forcedOpen],
  );
  return <ConsentContext.Provider value={value}>{children}</ConsentContext.Provider>;
}
