import { useState } from "react";
import { useRevalidator } from "react-router";
import { formatDate } from "../../../domain/locale";
import type { TMyRewards, TOfferedGift } from "../../../domain/rewards";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Icon } from "../../components/ui/icon";
import { loadKeyNamespace } from "../../i18n/key-namespace";
import { useTranslation } from "../../i18n/use-translation";
import { useLang } from "../../root-data";
import { AwardBadge } from "./award-badge";

/** The profile's awards and gifts: what the learner holds, and the gifts of finished courses to ask for. */
export function MyRewards({ rewards }: { rewards: TMyRewards }) {
  const { t } = useTranslation("learn");
  const lang = useLang();
  return (
    <>
      <section aria-labelledby="profile-awards" className="flex flex-col gap-4" data-testid="profile-awards">
        <h2 id="profile-awards" className="font-title text-2xl font-bold text-ink">
          {t("rewards.awardsTitle")}
        </h2>
        {rewards.awards.length === 0 ? (
          <p className="text-muted">{t("rewards.noAwards")}</p>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2">
            {rewards.awards.map((a) => (
              <li key={a.awardId}>
                <Card className="flex items-center gap-4">
                  <AwardBadge badge={a.badge} />
                  <div className="min-w-0">
                    <h3 className="font-semibold text-ink">{a.title}</h3>
                    <p className="text-sm text-muted">{a.description}</p>
                    <p className="mt-1 text-xs text-muted">{t("rewards.earnedOn", { date: formatDate(a.earnedAt, lang) })}</p>
                  </div>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </section>
      {rewards.gifts.length > 0 || rewards.offered.length > 0 ? (
        <section aria-labelledby="profile-gifts" className="flex flex-col gap-4" data-testid="profile-gifts">
          <h2 id="profile-gifts" className="font-title text-2xl font-bold text-ink">
            {t("rewards.giftsTitle")}
          </h2>
          <ul className="flex flex-col gap-3">
            {rewards.offered.map((g) => (
              <li key={`offered-${g.courseId}`}>
                <OfferedGift gift={g} />
              </li>
            ))}
            {rewards.gifts.map((g) => (
              <li key={`received-${g.courseId}`}>
                <Card className="flex flex-wrap items-center justify-between gap-3">
                  <GiftName title={g.title} note={t("rewards.fromCourse", { course: g.courseTitle })} />
                  <a
                    href={g.link}
                    {...(g.kind === "file" ? { download: "" } : {})}
                    className="inline-flex items-center gap-2 font-medium text-primary-strong hover:underline"
                    data-testid="gift-link"
                  >
                    {g.kind === "file" ? t("rewards.download") : t("rewards.openCourse")}
                    <Icon name="arrow-end" className="size-4 rtl:-scale-x-100" />
                  </a>
                </Card>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

function GiftName({ title, note }: { title: string; note: string }) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      <Icon name="gift" className="size-6 text-primary-strong" />
      <div className="min-w-0">
        <p className="font-semibold text-ink">{title}</p>
        <p className="text-sm text-muted">{note}</p>
      </div>
    </div>
  );
}

function OfferedGift({ gift }: { gift: TOfferedGift }) {
  const { t } = useTranslation("learn");
  const { t: tAny, i18n } = useTranslation();
  const lang = useLang();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const receive = async () => {
    setBusy(true);
    setError(null);
    const { requestGift } = await import("./rewards-calls");
    const res = await requestGift(gift.courseId, lang);
    if (!res.ok) {
      await loadKeyNamespace(i18n, res.error.key);
      setError(res.error.key);
      setBusy(false);
      return;
    }
    await revalidator.revalidate();
    setBusy(false);
  };
  return (
    <Card className="flex flex-col gap-3 border-primary">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <GiftName title={gift.title} note={t("rewards.offeredFor", { course: gift.courseTitle })} />
        <Button size="sm" onClick={() => void receive()} disabled={busy} data-testid="gift-receive">
          {t("rewards.receive")}
        </Button>
      </div>
      {error ? <Alert tone="danger" title={tAny(error)} /> : null}
    </Card>
  );
}
