import { Link } from "react-router";
import type { TPersonDetail } from "../../../../domain/people";
import { Badge } from "../../../components/ui/badge";
import { Card } from "../../../components/ui/card";
import { Container } from "../../../components/ui/container";
import { useTranslation } from "../../../i18n/use-translation";
import { useLang } from "../../../root-data";
import { StudioHeader } from "../../studio/studio-header";
import { formatDate } from "./format";
import { PersonActions } from "./person-actions";

/** Providers are brand names, the same in every language; only "password" is translated. */
const PROVIDER_NAMES: Record<string, string> = {
  google: "Google",
  facebook: "Facebook",
  telegram: "Telegram",
  whatsapp: "WhatsApp",
  viber: "Viber",
  facebookmessenger: "Messenger",
  onetap: "Google One Tap",
};

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card className="p-5">
      <h2 className="font-title text-lg font-bold text-ink">{title}</h2>
      <div className="mt-3 text-ink">{children}</div>
    </Card>
  );
}

/** /{lang}/studio/users/:userId: what the portal keeps about one person, and what the back office may do. */
export function PersonView({ person, selfId }: { person: TPersonDetail; selfId: string }) {
  const { t } = useTranslation("backoffice");
  const lang = useLang();
  const none = <p className="text-muted">{t("users.none")}</p>;
  return (
    <>
      <StudioHeader />
      <Container className="flex flex-col gap-6 py-8">
        <Link to={`/${lang}/studio/users`} className="text-primary-strong hover:underline">
          {t("users.back")}
        </Link>
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="font-title text-3xl font-bold text-ink">{person.fullName || person.username || person.email || person.id}</h1>
          <Badge tone="neutral">{t(`users.kind.${person.kind}`)}</Badge>
          {person.blocked ? (
            <Badge tone="danger">
              <span data-testid="person-blocked">{t("users.blocked")}</span>
            </Badge>
          ) : null}
        </div>
        <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]">
          <dt className="font-semibold">{t("users.id")}</dt>
          <dd dir="ltr" className="text-start">
            {person.id}
          </dd>
          <dt className="font-semibold">{t("users.email")}</dt>
          <dd>
            {person.email ? <span dir="ltr">{person.email}</span> : t("users.none")}{" "}
            {person.email ? <span className="text-sm text-muted">({t(person.emailVerified ? "users.verified" : "users.notVerified")})</span> : null}
          </dd>
          <dt className="font-semibold">{t("users.phone")}</dt>
          <dd dir="ltr" className="text-start">
            {person.phone ?? t("users.none")}
          </dd>
          <dt className="font-semibold">{t("users.registered")}</dt>
          <dd>{formatDate(person.registered, lang) || t("users.none")}</dd>
          {person.blockedAt ? (
            <>
              <dt className="font-semibold">{t("users.blockedSince")}</dt>
              <dd>{formatDate(person.blockedAt, lang)}</dd>
            </>
          ) : null}
        </dl>

        <PersonActions person={person} selfId={selfId} />

        <div className="grid gap-6 md:grid-cols-2">
          <Section title={t("users.signIn")}>
            {person.signIn.length === 0 ? (
              none
            ) : (
              <ul className="flex flex-col gap-1">
                {person.signIn.map((m) => (
                  <li key={`${m.method}-${m.email ?? ""}`}>
                    {m.method === "password" ? t("users.method.password") : (PROVIDER_NAMES[m.method] ?? m.method)}
                    {m.email ? (
                      <span dir="ltr" className="ms-2 text-sm text-muted">
                        {m.email}
                      </span>
                    ) : null}
                  </li>
                ))}
              </ul>
            )}
          </Section>
          <Section title={t("users.courses")}>
            {person.courses.length === 0 ? (
              none
            ) : (
              <ul className="flex flex-col gap-1">
                {person.courses.map((c) => (
                  <li key={c.courseId}>
                    <span dir="ltr">{c.courseId}</span>: {t("users.progress", { done: c.done, started: c.started })}
                  </li>
                ))}
              </ul>
            )}
          </Section>
          <Section title={t("users.orders")}>
            {person.orders.length === 0 ? (
              none
            ) : (
              <ul className="flex flex-col gap-1">
                {person.orders.map((o) => (
                  <li key={o.id}>
                    {o.courseTitle || o.courseId} · {new Intl.NumberFormat(lang, { style: "currency", currency: o.currency }).format(o.amount)} ·{" "}
                    {t(`users.orderStatus.${o.status}`, { defaultValue: o.status })} · {formatDate(o.createdAt, lang)}
                  </li>
                ))}
              </ul>
            )}
          </Section>
          <Section title={t("users.chats")}>
            {person.chats.length === 0 ? (
              none
            ) : (
              <ul className="flex flex-col gap-1">
                {person.chats.map((c) => (
                  <li key={c.id}>
                    {t(`users.chatStatus.${c.status}`, { defaultValue: c.status })} · {formatDate(c.lastMessageAt, lang) || t("users.none")}
                  </li>
                ))}
              </ul>
            )}
          </Section>
          <Section title={t("users.consents")}>
            {person.consents.length === 0 ? (
              none
            ) : (
              <ul className="flex flex-col gap-1">
                {person.consents.flatMap((c) =>
                  Object.entries(c.cookies).map(([name, value]) => (
                    <li key={`${c.learningPortalId}-${name}`}>
                      <span dir="ltr">{name}</span>: {t(value === "granted" ? "users.granted" : "users.denied")}
                    </li>
                  )),
                )}
              </ul>
            )}
          </Section>
        </div>
      </Container>
    </>
  );
}
