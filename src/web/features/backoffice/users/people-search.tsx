import { Form, Link } from "react-router";
import type { TPeoplePage, TPersonSummary } from "../../../../domain/people";
import { Alert } from "../../../components/ui/alert";
import { Badge } from "../../../components/ui/badge";
import { Button, ButtonLink } from "../../../components/ui/button";
import { Checkbox } from "../../../components/ui/checkbox";
import { Container } from "../../../components/ui/container";
import { TextField } from "../../../components/ui/text-field";
import { useTranslation } from "../../../i18n/use-translation";
import { useLang } from "../../../root-data";
import { StudioHeader } from "../../studio/studio-header";
import { personPath } from "../backoffice-screen";
import { formatDate } from "./format";

export interface PeopleSearchProps {
  q: string;
  sessions: boolean;
  page: TPeoplePage;
  /** The translated reason the query was refused, if it was. */
  error: string | null;
}

function PersonRow({ person }: { person: TPersonSummary }) {
  const { t } = useTranslation("backoffice");
  const lang = useLang();
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 border-b border-line py-3 last:border-b-0" data-testid="person-row">
      <div className="min-w-0">
        <Link to={personPath(lang, person.id)} className="font-semibold text-primary-strong hover:underline" data-testid="person-link">
          {person.fullName || person.username || person.email || person.id}
        </Link>
        <p className="text-sm text-muted">
          <span dir="ltr">{[person.email, person.phone].filter(Boolean).join(" · ") || person.id}</span>
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone="neutral">{t(`users.kind.${person.kind}`)}</Badge>
        {person.roles
          .filter((r) => r !== "disciple")
          .map((r) => (
            <Badge key={r}>{t(`users.role.${r}`, { defaultValue: r })}</Badge>
          ))}
        {person.blocked ? <Badge tone="danger">{t("users.blocked")}</Badge> : null}
        <span className="text-sm text-muted">{formatDate(person.registered ?? person.createdAt, lang)}</span>
      </div>
    </li>
  );
}

/** /{lang}/studio/users: one box searches name, e-mail, phone and id; a GET form, so it works before scripts load. */
export function PeopleSearch({ q, sessions, page, error }: PeopleSearchProps) {
  const { t } = useTranslation("backoffice");
  const lang = useLang();
  const nextHref = page.next ? `?${new URLSearchParams({ ...(q ? { q } : {}), ...(sessions ? { sessions: "include" } : {}), after: page.next })}` : null;
  return (
    <>
      <StudioHeader />
      <Container className="py-8">
        <h1 className="font-title text-3xl font-bold text-ink">{t("users.title")}</h1>
        <Form method="get" role="search" className="mt-6 flex flex-wrap items-end gap-4" aria-label={t("users.searchLabel")}>
          <TextField
            name="q"
            type="search"
            label={t("users.searchLabel")}
            hint={t("users.searchHint")}
            defaultValue={q}
            maxLength={120}
            className="min-w-64 flex-1"
            data-testid="people-query"
          />
          <Checkbox name="sessions" value="include" label={t("users.includeSessions")} defaultChecked={sessions} />
          <Button type="submit" variant="gradient" data-testid="people-search">
            {t("users.search")}
          </Button>
        </Form>
        {error ? (
          <div className="mt-6">
            <Alert tone="danger">{error}</Alert>
          </div>
        ) : null}
        <section aria-labelledby="people-results" className="mt-6">
          <h2 id="people-results" className="sr-only">
            {t("users.results")}
          </h2>
          {page.people.length === 0 ? (
            <p className="text-muted">{t("users.empty")}</p>
          ) : (
            <ul className="rounded-component border border-line bg-surface px-4">
              {page.people.map((p) => (
                <PersonRow key={p.id} person={p} />
              ))}
            </ul>
          )}
          {nextHref ? (
            <div className="mt-4">
              <ButtonLink to={`/${lang}/studio/users${nextHref}`} variant="outline">
                {t("users.next")}
              </ButtonLink>
            </div>
          ) : null}
        </section>
      </Container>
    </>
  );
}
