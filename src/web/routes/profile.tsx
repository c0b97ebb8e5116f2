import { useTranslation } from "../i18n/use-translation";
import { Link, type LoaderFunctionArgs, type MetaFunction, useLoaderData } from "react-router";
import { isSignedIn } from "../../domain/user";
import { Alert } from "../components/ui/alert";
import { Button, ButtonLink } from "../components/ui/button";
import { Card } from "../components/ui/card";
import { Icon } from "../components/ui/icon";
import { learnT } from "../features/learning/learning.server";
import { ownProgress, ownProgressSummary, profileUser } from "../features/learning/profile.server";
import { ProgressCourseList } from "../features/learning/progress-course-list";
import { MyOrders } from "../features/orders/my-orders";
import { MyRewards } from "../features/rewards/my-rewards";
import { DigestSetting } from "../features/discussion-follow/digest-setting";
import { MyCertificates } from "../features/certificates/my-certificates";
import { certificateDate, type TCertificate } from "../../domain/certificate";
import { viewerOf } from "../../domain/learning-access";
import { useScenario } from "../features/scenario/use-scenario";
import type { PacksHandle } from "../i18n/page-packs";
import { useLang } from "../root-data";

/** /{lang}/profile: the learner's account facts and the courses under way. */
export async function loader({ context, params, request }: LoaderFunctionArgs) {
  const lang = params.lang!;
  const user = await profileUser(context, request, lang);
  // The three newest courses under way and a summary: never every course the learner has.
  const [progress, summary] = await Promise.all([ownProgress(context, user, { lang, tab: "active", limit: 3 }), ownProgressSummary(context, user)]);
  const t = await learnT(context, lang);
  // Orders belong to registered accounts (an anonymous session cannot buy).
  // Certificates too (an anonymous session earns none: no name to print).
  // A finished course whose certificate is not issued (switched on after the finish) offers it here.
  const finished = summary.finished;
  const [orders, rewards, ownCertificates, digest] = await Promise.all([
    isSignedIn(user) ? context.services.orders.listMyOrders(user, lang) : null,
    context.services.rewards.mine(user, lang),
    isSignedIn(user) ? context.services.certificates.overview(viewerOf(user), lang, context.origin, finished) : null,
    // Discussion e-mails belong to registered accounts (only they follow threads).
    isSignedIn(user) ? context.services.discussions.digestSetting(user) : null,
  ]);
  const certificates = ownCertificates?.certificates ?? null;
  return {
    orders,
    rewards,
    digest,
    certificates,
    offeredCertificates: ownCertificates?.offered ?? [],
    certificateDates: Object.fromEntries((certificates ?? []).map((c: TCertificate) => [c.number, certificateDate(lang, new Date(c.issuedAt))])),
    user: { fullName: user.fullName, email: user.email, phone: user.phone, username: user.username, signedIn: isSignedIn(user) },
    active: progress.courses,
    courseCount: summary.count,
    seo: [{ title: t("profile.title") }, { name: "robots", content: "noindex" }],
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => data?.seo ?? [];

/** The language packs this screen adds to the page's (docs/decisions/0020-lean-client.md): the orders and certificates lists'. */
export const handle: PacksHandle = { packs: ["orders", "certificates"] };

export default function Profile() {
  const { user, active, courseCount, orders: myOrders, rewards, certificates, offeredCertificates, certificateDates, digest } = useLoaderData<typeof loader>();
  const certificatesT = useTranslation("certificates").t;
  const { t } = useTranslation("learn");
  const lang = useLang();
  const engine = useScenario();
  const orders = useTranslation("orders").t;
  const facts: Array<[string, string | null]> = [
    [t("profile.email"), user.email],
    [t("profile.phone"), user.phone],
    [t("profile.username"), user.username],
  ];
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-8 px-4 py-10" data-testid="profile">
      <Link to={`/${lang}/courses/`} className="inline-flex items-center gap-2 self-start text-sm font-medium text-primary-strong hover:underline">
        <Icon name="arrow-start" className="size-4 rtl:-scale-x-100" />
        {t("catalogue.title")}
      </Link>
      <header className="flex items-center gap-4">
        <span className="flex size-14 items-center justify-center rounded-full bg-primary-soft text-primary-strong">
          <Icon name="user" className="size-7" />
        </span>
        <div>
          <h1 className="font-title text-3xl font-bold text-ink">{t("profile.title")}</h1>
          <p className="text-muted">{user.fullName || user.username || t("profile.anonymous")}</p>
        </div>
      </header>
      {user.signedIn ? null : (
        <Alert tone="info" title={t("profile.sessionTitle")}>
          <p>{t("profile.sessionText")}</p>
          <Button className="mt-3" size="sm" onClick={() => void engine.start("sign-in")} data-testid="profile-sign-up">
            {t("profile.createAccount")}
          </Button>
        </Alert>
      )}
      <Card>
        <dl className="grid gap-4 sm:grid-cols-3">
          {facts.map(([label, value]) => (
            <div key={label}>
              <dt className="text-sm text-muted">{label}</dt>
              <dd className="break-words font-medium text-ink">{value || t("profile.notSet")}</dd>
            </div>
          ))}
        </dl>
      </Card>
      <section aria-labelledby="profile-active" className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="profile-active" className="font-title text-2xl font-bold text-ink">
            {t("profile.inProgress")}
          </h2>
          <ButtonLink to={`/${lang}/profile/progress`} variant="outline" size="sm" data-testid="profile-progress-link">
            {t("profile.allProgress", { count: courseCount })}
          </ButtonLink>
        </div>
        {active.length === 0 ? <p className="text-muted">{t("profile.nothingActive")}</p> : <ProgressCourseList courses={active} headingLevel={3} />}
      </section>
      {certificates ? (
        <section aria-labelledby="profile-certificates" className="flex flex-col gap-4" data-testid="profile-certificates">
          <h2 id="profile-certificates" className="font-title text-2xl font-bold text-ink">
            {certificatesT("profile.heading")}
          </h2>
          <MyCertificates certificates={certificates} offered={offeredCertificates} dates={certificateDates} />
        </section>
      ) : null}
      <MyRewards rewards={rewards} />
      {digest ? <DigestSetting period={digest.period} /> : null}
      {myOrders ? (
        <section aria-labelledby="profile-orders" className="flex flex-col gap-4" data-testid="profile-orders">
          <h2 id="profile-orders" className="font-title text-2xl font-bold text-ink">
            {orders("mine.title")}
          </h2>
          <MyOrders orders={myOrders} />
        </section>
      ) : null}
    </div>
  );
}
