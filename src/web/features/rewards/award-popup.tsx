import { useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import type { TAwardRef } from "../../../domain/award-ref";
import type { TEarnedAward } from "../../../domain/rewards";
import { ButtonLink } from "../../components/ui/button";
import { useTranslation } from "../../i18n/use-translation";
import { useLang } from "../../root-data";
import { useNoticeTurn } from "../shell/popup-queue";
import { QueuedNotice } from "../shell/queued-notice";
import { AwardBadge } from "./award-badge";

/**
 * The award-popup (seed 000 §2.4, awardId and courseId): opened by the page a finish led to when that
 * finish earned an award, or by the test runner when a submission did. A non-modal notice in the
 * page's flow, in its turn of the popup queue (shell/popup-queue.ts): it never covers "Finish the
 * test" or the course's main action, and never opens over another popup. The award's words are read
 * in the page's language; closing it drops the navigation state (or tells `onClose`), so a reload
 * does not reopen it.
 */
export default function AwardPopup({ award, onClose }: { award: TAwardRef; onClose?: () => void }) {
  const { t } = useTranslation("learn");
  const lang = useLang();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [earned, setEarned] = useState<TEarnedAward | null>(null);
  const [offersGift, setOffersGift] = useState(false);
  useEffect(() => {
    let live = true;
    void import("./rewards-calls")
      .then(({ myRewards }) => myRewards(lang))
      .then((res) => {
        if (!live || !res.ok) return;
        setEarned(res.data.awards.find((a) => a.awardId === award.awardId) ?? null);
        setOffersGift(res.data.offered.some((g) => g.courseId === award.courseId));
      });
    return () => {
      live = false;
    };
  }, [award.awardId, award.courseId, lang]);
  const close = onClose ?? (() => void navigate(pathname + search, { replace: true, state: null, preventScrollReset: true }));
  const turn = useNoticeTurn(`award:${award.awardId}`, earned !== null);
  if (!earned || !turn) return null;
  return (
    <QueuedNotice testId="award-popup" title={t("rewards.popupTitle")} closeLabel={t("rewards.close")} onClose={close}>
      <AwardBadge badge={earned.badge} size={56} />
      <div className="min-w-0 flex-1">
        <p className="text-sm text-muted">{t("rewards.popupTitle")}</p>
        <p className="font-title text-xl font-bold text-ink">{earned.title}</p>
        <p className="text-sm text-muted">{earned.description}</p>
      </div>
      <ButtonLink to={`/${lang}/profile`} size="sm" variant={offersGift ? undefined : "outline"} data-testid="award-popup-profile">
        {offersGift ? t("rewards.giftWaiting") : t("rewards.seeProfile")}
      </ButtonLink>
    </QueuedNotice>
  );
}
