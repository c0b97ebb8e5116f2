import { useState } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { CONSENT_CATEGORIES } from "../../../domain/constants";
import { Button } from "../../components/ui/button";
import type { Consent } from "../../cookies";
import { allConsent, useConsent } from "../consent/use-consent";
import { CookiePolicyNote } from "../policy/policy-link";
import { useFramed } from "./use-framed";
import { useNoticeTurn } from "./popup-queue";
import { reserveBottomSpace } from "../../lib/reserve-bottom-space";

/**
 * Cookie notice with per-category consent: analytics, youtube, vimeo, hotjar (seed 9). Not inside a
 * frame: consent belongs to the page around it, and the notice would cover what a preview shows.
 */
export function CookieNotice() {
  const { t } = useTranslation("common");
  const { consent, decide, noticeOpen } = useConsent();
  const [customising, setCustomising] = useState(false);
  const [draft, setDraft] = useState<Consent>(consent ?? allConsent(false));
  const framed = useFramed();
  // One popup at a time (popup-queue.ts): it waits while a popup or another notice is showing.
  const turn = useNoticeTurn("cookies", noticeOpen && !framed, { background: true });
  if (!turn) return null;

  return (
    <section
      ref={reserveBottomSpace}
      aria-labelledby="cookie-notice-title"
      data-testid="cookie-notice"
      className="fixed inset-x-3 bottom-3 z-50 mx-auto max-w-3xl rounded-component border border-line bg-surface p-5 shadow-2xl sm:inset-x-6"
    >
      <h2 id="cookie-notice-title" className="font-title text-lg font-bold text-ink">
        {t("consent.title")}
      </h2>
      <p className="mt-1 text-sm text-muted">
        {t("consent.text")} <CookiePolicyNote />
      </p>
      {customising ? (
        <fieldset className="mt-4 grid gap-3 sm:grid-cols-2">
          <legend className="sr-only">{t("consent.categoriesLegend")}</legend>
          {CONSENT_CATEGORIES.map((c) => (
            <label key={c} className="flex cursor-pointer items-start gap-3 rounded-xl border border-line p-3">
              <input
                type="checkbox"
                className="mt-1 size-4 accent-primary"
                checked={draft[c]}
                onChange={(e) => setDraft({ ...draft, [c]: e.target.checked })}
                name={`consent-${c}`}
              />
              <span>
                <span className="block font-medium text-ink">{t(`consent.categories.${c}.title`)}</span>
                <span className="block text-sm text-muted">{t(`consent.categories.${c}.text`)}</span>
              </span>
            </label>
          ))}
        </fieldset>
      ) : null}
      <div className="mt-4 flex flex-wrap gap-2">
        <Button size="sm" onClick={() => decide(allConsent(true))}>
          {t("consent.acceptAll")}
        </Button>
        <Button variant="outline" size="sm" onClick={() => decide(allConsent(false))}>
          {t("consent.rejectAll")}
        </Button>
        {customising ? (
          <Button variant="ghost" size="sm" onClick={() => decide(draft)}>
            {t("consent.save")}
          </Button>
        ) : (
          <Button variant="ghost" size="sm" onClick={() => setCustomising(true)}>
            {t("consent.customise")}
          </Button>
        )}
      </div>
    </section>
  );
}
