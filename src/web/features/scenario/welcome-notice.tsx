import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { useTranslation } from "../../i18n/use-translation";
import { closeWelcome, useNoticeTurn, useWelcomeWanted } from "../shell/popup-queue";
import { QueuedNotice } from "../shell/queued-notice";

/**
 * The sign-in's success notice (seed 001 §8 env.scenarious.auth.success), in its turn of the popup
 * queue: shown on the page the sign-in led to, until it is closed or the learner goes on to another
 * page (it then never holds back the notices that come after it, an award's).
 */
export function WelcomeNotice() {
  const wanted = useWelcomeWanted();
  const turn = useNoticeTurn("welcome", wanted);
  const { pathname } = useLocation();
  const shownOn = useRef<string | null>(null);
  useEffect(() => {
    if (!turn) return;
    if (shownOn.current === null) shownOn.current = pathname;
    else if (shownOn.current !== pathname) closeWelcome();
  }, [turn, pathname]);
  useEffect(() => {
    if (!wanted) shownOn.current = null;
  }, [wanted]);
  // The auth pack is loaded by then (the sign-in popup used it); other pages never ask for it.
  return turn ? <Welcome /> : null;
}

function Welcome() {
  const { t } = useTranslation("auth");
  return (
    <QueuedNotice testId="auth-success" title={t("success.title")} closeLabel={t("popup.close")} onClose={closeWelcome}>
      <p className="font-semibold">{t("success.title")}</p>
      <p>{t("env.scenarious.auth.success")}</p>
    </QueuedNotice>
  );
}
