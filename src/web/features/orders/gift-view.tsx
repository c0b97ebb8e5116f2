import { useState } from "react";
import { useLocation } from "react-router";
import type { TGift } from "../../../domain/order";
import { Alert } from "../../components/ui/alert";
import { Button, buttonClass } from "../../components/ui/button";
import { Icon } from "../../components/ui/icon";
import { TaggedText } from "../../i18n/tagged-text";
import { useTranslation } from "../../i18n/use-translation";
import type { ApiError } from "../../lib/api";
import { useLang } from "../../root-data";
import { useAuth } from "../auth/use-auth";
import { coursePath } from "../learning/rules";
import { useScenario } from "../scenario/use-scenario";
import { ApiErrorAlert } from "./api-error-alert";
import { giftScreen } from "./gift-state";
import { claimGift } from "./order-calls";

/** An e-mail address inside a sentence: left to right and whole, in Arabic too. */
const EMAIL = <bdi dir="ltr" className="font-semibold break-all" />;

function GiftCard({ gift, token }: { gift: TGift; token: string }) {
  const { t } = useTranslation("orders");
  const lang = useLang();
  const { user, signedIn, signOut } = useAuth();
  const engine = useScenario();
  const location = useLocation();
  const [claiming, setClaiming] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const screen = giftScreen(gift, { signedIn, email: user.email });
  const returnTo = `${location.pathname}${location.search}`;
  const courseHref = coursePath(lang, gift.courseId);

  async function claim() {
    setClaiming(true);
    setError(null);
    const res = await claimGift(token);
    // A full load: the course page comes back with the access the claim granted.
    if (res.ok) return window.location.assign(courseHref);
    setClaiming(false);
    setError(res.error);
  }

  return (
    <article className="flex flex-col gap-6 rounded-component border border-line bg-surface p-6 shadow-sm sm:p-8" data-testid="gift" data-screen={screen}>
      <header className="flex flex-col items-center gap-3 text-center">
        <span className="flex size-16 items-center justify-center rounded-full bg-primary-soft text-primary-strong" aria-hidden="true">
          <Icon name="gift" className="size-8" />
        </span>
        <p className="text-muted">{gift.from ? t("gift.from", { name: gift.from }) : t("gift.fromSomeone")}</p>
        <h1 className="font-title text-3xl font-bold text-ink" data-testid="gift-course">
          {gift.courseTitle}
        </h1>
      </header>
      {gift.message ? (
        <figure className="rounded-component bg-surface-alt p-4">
          <blockquote className="whitespace-pre-line text-ink" data-testid="gift-message">
            {gift.message}
          </blockquote>
          <figcaption className="mt-2 text-sm text-muted">{gift.from ? t("gift.messageFrom", { name: gift.from }) : t("gift.messageLabel")}</figcaption>
        </figure>
      ) : null}
      <p className="text-center text-ink">
        <TaggedText text={t("gift.for", { email: gift.email })} tags={{ email: EMAIL }} />
      </p>
      {screen === "sign-in" ? (
        <div className="flex flex-col items-center gap-3 text-center">
          <p className="text-muted">
            <TaggedText text={t("gift.signInText", { email: gift.email })} tags={{ email: EMAIL }} />
          </p>
          <Button onClick={() => void engine.start("login", { returnTo })} data-testid="gift-sign-in">
            <Icon name="user" className="size-4" />
            {t("gift.signIn")}
          </Button>
        </div>
      ) : null}
      {screen === "claim" ? (
        <div className="flex flex-col items-center gap-3">
          <Button size="lg" disabled={claiming} onClick={() => void claim()} data-testid="gift-claim">
            {claiming ? <span className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent" aria-hidden="true" /> : null}
            {t("gift.claim")}
          </Button>
        </div>
      ) : null}
      {screen === "other-account" ? (
        <Alert tone="warning" title={t("gift.otherAccount.title")}>
          <p>
            <TaggedText text={t("gift.otherAccount.text", { email: gift.email, current: user.email ?? "" })} tags={{ email: EMAIL, current: EMAIL }} />
          </p>
          <Button
            className="mt-3"
            size="sm"
            variant="outline"
            onClick={async () => {
              await signOut();
              void engine.start("login", { returnTo });
            }}
            data-testid="gift-switch-account"
          >
            {t("gift.otherAccount.action")}
          </Button>
        </Alert>
      ) : null}
      {screen === "claimed" ? (
        <Alert tone="info" title={t("gift.claimed.title")}>
          <p>{t("gift.claimed.text")}</p>
          <a href={courseHref} className={buttonClass("outline", "sm", "mt-3")} data-testid="gift-course-link">
            {t("gift.toCourse")}
          </a>
        </Alert>
      ) : null}
      {screen === "cancelled" ? (
        <Alert tone="warning" title={t("gift.cancelled.title")}>
          <p>{t("gift.cancelled.text")}</p>
        </Alert>
      ) : null}
      {error ? <ApiErrorAlert error={error} /> : null}
    </article>
  );
}

/**
 * /{lang}/gift/{token}/ (decision 0031 "Gifts"): a course someone bought for this address. Anyone
 * with the link sees the gift; only an account signed in with the gift's address can claim it, once.
 * A token that matches no gift (gift null) says the link is not valid.
 */
export function GiftView({ gift, token }: { gift: TGift | null; token: string }) {
  const { t } = useTranslation("orders");
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-6 py-6 sm:py-12">
      {gift ? (
        <GiftCard gift={gift} token={token} />
      ) : (
        <section className="flex flex-col items-center gap-3 text-center" data-testid="gift" data-screen="not-found">
          <h1 className="font-title text-3xl font-bold text-ink">{t("gift.notFound.title")}</h1>
          <p className="text-muted">{t("gift.notFound.text")}</p>
        </section>
      )}
    </div>
  );
}
