import { useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import type { TAwardRef } from "../../../domain/award-ref";
import type { TEarnedAward } from "../../../domain/rewards";
import { ButtonLink } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { useTranslation } from "../../i18n/use-translation";
import { useLang } from "../../root-data";
import { AwardBadge } from "./award-badge";

/**
 * The award-popup: opened by the page a finish led to when that finish earned an award, or by the
 * test runner when a submission did. The award's words are read in the page's language; closing it
 * drops the navigation state (or tells `onClose`), so a reload does not reopen it.
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
  if (!earned) return null;
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : close())} title={t("rewards.popupTitle")} closeLabel={t("rewards.close")} width={480}>
      <div className="flex flex-col items-center gap-4 text-center" data-testid="award-popup">
        <AwardBadge badge={earned.badge} size={96} />
        <div>
          <p className="font-title text-2xl font-bold text-ink">{earned.title}</p>
          <p className="mt-1 text-muted">{earned.description}</p>
        </div>
        <div className="flex flex-wrap justify-center gap-3">
          <ButtonLink to={`/${lang}/profile`} variant={offersGift ? undefined : "outline"} data-testid="award-popup-profile">
            {offersGift ? t("rewards.giftWaiting") : t("rewards.seeProfile")}
          </ButtonLink>
        </div>
      </div>
    </Dialog>
  );
}
