import { useEffect } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { closeWelcome, useNoticeTurn, useOthersWaiting, useWelcomeWanted } from "../shell/popup-queue";
import { QueuedNotice } from "../shell/queued-notice";

/**
 * The sign-in's success notice (seed 001 §8 env.scenarious.auth.success), in its turn of the popup
 * queue: shown on the page the sign-in led to, until it is closed or another notice (an award's)
 * wants its turn: the welcome never holds back what comes after it.
 */
export function WelcomeNotice() {
  const wanted = useWelcomeWanted();
  const turn = useNoticeTurn("welcome", wanted);
  const othersWaiting = useOthersWaiting("welcome");
  useEffect(() => {
    if (wanted && othersWaiting) closeWelcome();
  }, [wanted, othersWaiting]);
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
