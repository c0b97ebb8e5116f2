import { useTranslation } from "../i18n/use-translation";
import { Link, type LoaderFunctionArgs, type MetaFunction, useLoaderData } from "react-router";
import { localized } from "../../domain/localized";
import { ZElementId } from "../../domain/element";
import { formatDate } from "../../domain/locale";
import { Badge } from "../components/ui/badge";
import { Card } from "../components/ui/card";
import { throwNotFound } from "../features/errors/error-pages.server";
import { learnT, learningFailure, requestViewer } from "../features/learning/learning.server";
import { ProgressBar } from "../features/learning/progress-bar";
import { coursePath } from "../features/learning/rules";
import { useLang } from "../root-data";
import { dateTimeFormat } from "../../domain/intl";

const USER_ID = /^[A-Za-z0-9_:-]{1,100}$/;

/**
 * /{lang}/progress/{userId}/{elementId}/{envId}: one learner's record of one element. Seen by the
 * learner, that learner's mentor and admins; everyone else gets the access-denied screen (403).
 */
export async function loader({ context, params }: LoaderFunctionArgs) {
  const lang = params.lang!;
  const settings = await context.settings();
  if (params.envId !== settings.environment.id || !USER_ID.test(params.userId ?? "") || !ZElementId.safeParse(params.elementId).success) {
    return throwNotFound(context, lang);
  }
  const viewer = await requestViewer(context);
  const { progress, courses, users } = context.services;
  let record;
  try {
    // The access check comes first: whether the learner or element exists is not told to strangers.
    record = await progress.elementProgress(viewer, params.elementId!, params.userId!);
  } catch (e) {
    return learningFailure(e, context, lang);
  }
  const l = await courses.lang(lang);
  const { course, element } = await courses.elementStructure(record.elementId, { unpublished: true });
  const learner = await users.get(record.userId);
  const t = await learnT(context, lang);
  return {
    record,
    learnerName: learner.fullName || learner.username || learner.id,
    element: courses.presentElement(element, l, record.state),
    course: { id: course.id, title: localized(course.title, l.lang, l.primaryLang) },
    seo: [{ title: t("learner.title") }, { name: "robots", content: "noindex" }],
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => data?.seo ?? [];

function dateTime(iso: string, lang: string): string {
  const time = dateTimeFormat(lang, { hour: "2-digit", minute: "2-digit", timeZone: "UTC" }).format(new Date(iso));
  return `${formatDate(iso, lang)} ${time} UTC`;
}

export default function LearnerProgress() {
  const { record, learnerName, element, course } = useLoaderData<typeof loader>();
  const { t } = useTranslation("learn");
  const lang = useLang();
  const state = record.state ?? "locked";
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-8" data-testid="learner-progress" data-state={state}>
      <header className="flex flex-col gap-2">
        <p className="text-sm font-semibold uppercase tracking-wide text-muted">{t("learner.title")}</p>
        <h1 className="font-title text-3xl font-bold text-ink">{learnerName}</h1>
        <p className="text-muted">
          <Link to={coursePath(lang, course.id)} className="text-primary-strong hover:underline">
            {course.title}
          </Link>
          <span aria-hidden="true"> · </span>
          {t(`element.type.${element.type}`)} {element.number}: {element.title}
        </p>
      </header>
      <Card>
        <dl className="grid gap-4 sm:grid-cols-3">
          <div>
            <dt className="text-sm text-muted">{t("learner.state")}</dt>
            <dd>
              <Badge tone={state === "done" ? "success" : state === "opened" ? "primary" : "neutral"}>{t(`element.status.${state}`)}</Badge>
            </dd>
          </div>
          <div>
            <dt className="text-sm text-muted">{t("learner.started")}</dt>
            <dd className="font-medium text-ink">{record.started ? dateTime(record.started, lang) : t("learner.never")}</dd>
          </div>
          <div>
            <dt className="text-sm text-muted">{t("learner.finished")}</dt>
            <dd className="font-medium text-ink">{record.finished ? dateTime(record.finished, lang) : t("learner.never")}</dd>
          </div>
        </dl>
        <div className="mt-4 flex flex-col gap-1">
          <span className="text-sm text-muted">{t("learner.percent", { percent: record.percent })}</span>
          <ProgressBar done={record.percent} total={100} label={t("learner.percent", { percent: record.percent })} />
        </div>
      </Card>
      <section aria-labelledby="learner-history" className="flex flex-col gap-3">
        <h2 id="learner-history" className="font-title text-2xl font-bold text-ink">
          {t("learner.history")}
        </h2>
        {record.history.length === 0 ? (
          <p className="text-muted">{t("learner.noHistory")}</p>
        ) : (
          <table className="w-full text-start text-sm">
            <thead>
              <tr className="border-b border-line text-muted">
                <th scope="col" className="py-2 text-start font-medium">
                  {t("learner.when")}
                </th>
                <th scope="col" className="py-2 text-start font-medium">
                  {t("learner.event")}
                </th>
                <th scope="col" className="py-2 text-end font-medium">
                  {t("learner.percentColumn")}
                </th>
              </tr>
            </thead>
            <tbody data-testid="learner-history">
              {[...record.history].reverse().map((h, i) => (
                <tr key={`${h.at}-${i}`} className="border-b border-line">
                  <td className="py-2">{dateTime(h.at, lang)}</td>
                  <td className="py-2">{t(`learner.events.${h.event}`)}</td>
                  <td className="py-2 text-end">{h.percent ?? "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}
