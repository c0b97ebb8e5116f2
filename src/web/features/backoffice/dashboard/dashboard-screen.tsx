import { Form } from "react-router";
import { BackOfficeScreen } from "../backoffice-screen";
import type { TDashboard } from "../../../../domain/dashboard";
import { dateTimeFormat, numberFormat } from "../../../../domain/intl";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { SelectField } from "../../../components/ui/select-field";
import { TextField } from "../../../components/ui/text-field";
import { useTranslation } from "../../../i18n/use-translation";
import { useLang } from "../../../root-data";
import { BarChart } from "./bar-chart";
import { ColumnChart } from "./column-chart";
import { StuckList } from "./stuck-list";

/**
 * /{lang}/studio/dashboard (issue 16): who needs help now, then the charts of the chosen range. The
 * range form is a plain GET form: the loader reads the range from the address, so it can be shared.
 */
export function DashboardScreen({
  data,
  courses,
  rangeError,
}: {
  data: TDashboard;
  courses: Array<{ value: string; label: string }>;
  rangeError: string | null;
}) {
  const { t } = useTranslation("backoffice");
  const lang = useLang();
  const day = (d: string) => dateTimeFormat(lang, { dateStyle: "medium", timeZone: "UTC" }).format(new Date(`${d}T00:00:00Z`));
  const range = t("dashboard.range", { from: day(data.from), to: day(data.to) });
  const n = (v: number) => numberFormat(lang).format(v);
  const pct = (part: number, whole: number) => (whole === 0 ? "–" : numberFormat(lang, { style: "percent" }).format(part / whole));
  const money = (minor: number, currency: string) => numberFormat(lang, { style: "currency", currency }).format(minor / 100);
  const empty = t("dashboard.empty");
  const within = data.chat.answered ? pct(data.chat.withinPromise, data.chat.answered) : "–";
  const median = data.chat.medianMinutes === null ? "–" : t("dashboard.chat.minutes", { minutes: n(data.chat.medianMinutes) });

  return (
    <BackOfficeScreen title={t("dashboard.title")} intro={t("dashboard.intro")}>
      <StuckList stuck={data.stuck} mentors={data.mentors} stuckDays={data.stuckDays} />
      <section aria-labelledby="numbers-title" className="flex flex-col gap-4">
        <h2 id="numbers-title" className="font-title text-2xl font-bold text-ink">
          {t("dashboard.numbers")}
        </h2>
        <Form method="get" className="flex flex-wrap items-end gap-4" data-testid="dashboard-range">
          <TextField type="date" name="from" label={t("dashboard.from")} defaultValue={data.from} required />
          <TextField type="date" name="to" label={t("dashboard.to")} defaultValue={data.to} required />
          <TextField type="number" name="stuckDays" label={t("dashboard.stuckDays")} defaultValue={data.stuckDays} min={1} max={365} required />
          {courses.length > 0 ? (
            <SelectField
              name="courseId"
              label={t("dashboard.funnelCourse")}
              options={courses}
              placeholder={t("dashboard.firstCourse")}
              defaultValue={data.funnel.courseId ?? ""}
            />
          ) : null}
          <Button type="submit" variant="gradient" data-testid="dashboard-apply">
            {t("dashboard.apply")}
          </Button>
        </Form>
        {rangeError ? <Alert tone="danger" title={rangeError} /> : null}
        <div className="grid items-start gap-6 lg:grid-cols-2">
          <ColumnChart
            id="new-learners"
            title={t("dashboard.newLearners")}
            range={range}
            name={t("dashboard.learners")}
            rows={data.newLearners.map((d) => ({ key: d.day, label: day(d.day), values: [d.count] }))}
            empty={empty}
          />
          <BarChart
            id="courses"
            title={t("dashboard.courses")}
            range={range}
            series={[
              { name: t("dashboard.enrolled"), fill: "fill-primary-soft" },
              { name: t("dashboard.completed"), fill: "fill-primary" },
            ]}
            rows={data.courses.map((c) => ({ key: c.courseId, label: c.title, values: [c.enrolled, c.completed] }))}
            format={n}
            empty={empty}
          />
          <BarChart
            id="funnel"
            title={t("dashboard.funnel", { course: data.funnel.title })}
            range={range}
            series={[
              { name: t("dashboard.started"), fill: "fill-primary-soft" },
              { name: t("dashboard.finished"), fill: "fill-primary" },
            ]}
            rows={data.funnel.steps.map((s) => ({ key: s.elementId, label: s.title, values: [s.started, s.finished] }))}
            format={n}
            empty={empty}
          />
          <BarChart
            id="tests"
            title={t("dashboard.tests")}
            range={range}
            series={[{ name: t("dashboard.passRate"), fill: "fill-primary" }]}
            rows={data.tests.map((x) => ({ key: x.elementId, label: x.title, values: [x.graded === 0 ? 0 : Math.round((x.passed / x.graded) * 100)] }))}
            format={(v, _k) => `${n(v)}%`}
            empty={empty}
          />
          <BarChart
            id="revenue"
            title={t("dashboard.revenue")}
            range={range}
            series={[{ name: t("dashboard.paid"), fill: "fill-primary" }]}
            rows={data.revenue.map((r) => ({
              key: r.currency,
              label: `${r.currency} (${t("dashboard.orders", { count: r.orders })})`,
              values: [r.amountMinor],
            }))}
            format={(v, _k) => n(v / 100)}
            empty={empty}
          />
          <div className="flex flex-col gap-2">
            <BarChart
              id="chat"
              title={t("dashboard.chat.title")}
              range={range}
              series={[{ name: t("dashboard.chat.answers"), fill: "fill-primary" }]}
              rows={data.chat.buckets.map((b) => ({ key: b.key, label: t(`dashboard.chat.${b.key}`), values: [b.value] }))}
              format={n}
              empty={empty}
            />
            <p className="text-sm text-ink" data-testid="chat-summary">
              {t("dashboard.chat.summary", { within, median, waiting: n(data.chat.waitingOverPromise) })}
            </p>
          </div>
          <BarChart
            id="discussions"
            title={t("dashboard.discussions")}
            range={range}
            series={[
              { name: t("dashboard.waiting"), fill: "fill-primary-soft" },
              { name: t("dashboard.overPromise"), fill: "fill-primary" },
            ]}
            rows={data.discussions.map((d) => ({ key: d.courseId, label: d.title, values: [d.waiting, d.overPromise] }))}
            format={n}
            empty={empty}
          />
        </div>
        {data.revenue.length > 0 ? <p className="text-sm text-muted">{data.revenue.map((r) => money(r.amountMinor, r.currency)).join(" · ")}</p> : null}
      </section>
    </BackOfficeScreen>
  );
}
