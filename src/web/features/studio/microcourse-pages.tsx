import { Link } from "react-router";
import { localized } from "../../../domain/localized";
import { type TStudioMicrocourse, ZMicrocoursePatch } from "../../../domain/studio-microcourses";
import { Container } from "../../components/ui/container";
import { useTranslation } from "../../i18n/use-translation";
import { useLang } from "../../root-data";
import { EntityList } from "./entity-list";
import { NewEntityForm } from "./new-entity-form";
import { SettingsForm } from "./settings-form";
import { createMicrocourse, patchMicrocourse } from "./studio-calls";
import { StudioHeader } from "./studio-header";

/** /{lang}/studio/microcourses (issue 15): every microcourse, drafts and hidden ones marked, and a new one. */
export function MicrocourseListPage({ microcourses, primaryLang }: { microcourses: TStudioMicrocourse[]; primaryLang: string }) {
  const { t } = useTranslation("studio");
  return (
    <>
      <StudioHeader />
      <Container className="flex flex-col gap-8 py-8">
        <div className="flex flex-col gap-2" data-testid="studio-microcourses">
          <h1 className="font-title text-3xl font-bold text-ink">{t("microcourses.title")}</h1>
          <p className="text-muted">{t("microcourses.intro")}</p>
        </div>
        {microcourses.length === 0 ? <p className="text-ink">{t("microcourses.empty")}</p> : null}
        <EntityList items={microcourses} base="microcourses" primaryLang={primaryLang} testId="studio-microcourse" />
        <NewEntityForm kind="microcourse" primaryLang={primaryLang} create={(body) => createMicrocourse(body as Parameters<typeof createMicrocourse>[0])} />
      </Container>
    </>
  );
}

const settingsOf = (m: TStudioMicrocourse): Record<string, unknown> => {
  const { title, description, cover, duration, accessType, pageAlias, visible, published, hidden } = m;
  return { title, description, cover, duration, accessType, pageAlias, visible, published, hidden };
};

/** /{lang}/studio/microcourses/{id} (issue 15): one microcourse's settings in the form generated from ZMicrocoursePatch. */
export function MicrocoursePage({
  microcourse,
  languages,
  primaryLang,
}: {
  microcourse: TStudioMicrocourse;
  languages: readonly string[];
  primaryLang: string;
}) {
  const { t } = useTranslation("studio");
  const lang = useLang();
  return (
    <>
      <StudioHeader />
      <Container className="flex flex-col gap-6 py-8">
        <Link to={`/${lang}/studio/microcourses`} className="font-medium text-primary-strong hover:underline">
          {t("microcourses.back")}
        </Link>
        <h1 className="font-title text-3xl font-bold text-ink" data-testid="studio-microcourse-title">
          {localized(microcourse.title, lang, primaryLang) || microcourse.id}
        </h1>
        <section aria-labelledby="mc-settings" className="flex flex-col gap-4 rounded-component border border-line bg-surface p-5">
          <h2 id="mc-settings" className="font-title text-xl font-bold text-ink">
            {t("course.settings")}
          </h2>
          <SettingsForm
            schema={ZMicrocoursePatch}
            initial={settingsOf(microcourse)}
            languages={languages}
            save={(patch) => patchMicrocourse(microcourse.id, patch)}
            settingsOf={settingsOf}
            testId="microcourse-settings"
          />
        </section>
      </Container>
    </>
  );
}
