import { lazy, Suspense, useCallback, useEffect, useState } from "react";
import type { TTestState } from "../../../domain/assessment/public";
import { useTranslation } from "../../i18n/use-translation";
import { Link } from "react-router";
import { formatDuration } from "../../../domain/blocks/course-format";
import type { TElementPage } from "../../../domain/element";
import { Badge } from "../../components/ui/badge";
import { Icon } from "../../components/ui/icon";
import { useLang } from "../../root-data";
import { PageRenderer } from "../blocks/page-renderer";
import { DiscussionLauncher } from "../discussions/discussion-launcher";
import { DiscussionButton } from "./discussion-button";
import { ElementFooter, type ElementFooterProps } from "./element-footer";
import { ELEMENT_ICON } from "./element-type";

/** Only test elements load the test's screen (lessons and webinars stay lean, decision 0034). */
const TestRunner = lazy(() => import("./test-runner").then((m) => ({ default: m.TestRunner })));

export interface ElementViewProps {
  element: TElementPage;
  course: ElementFooterProps["course"] & { title: string };
  backTo: string;
  viewer: "guest" | "session" | "user";
  /** The learner's test state when the element is a test with questions (issue 13). */
  test?: TTestState | null;
}

/**
 * A lesson, test or webinar page (seed 000 §2.5): its blocks, the finish action, previous and next,
 * and the discussion button when the element's discussion is active. Opening it records the start.
 */
export function ElementView({ element, course, backTo, viewer, test = null }: ElementViewProps) {
  const { t } = useTranslation("learn");
  const lang = useLang();
  // Element pages often open with a text block titled like the element: the title is shown once.
  const first = element.components[0];
  const repeatsTitle = first?.type === "text" && first.props.title?.trim() === element.title.trim();
  // The finish button of a test waits for a passed attempt (the server checks it too).
  const [testPassed, setTestPassed] = useState(test?.passed ?? false);
  const onPassed = useCallback((p: boolean) => setTestPassed(p), []);
  const record = element.tracksProgress && !element.preview && element.state === "opened" && !element.progress?.started;
  useEffect(() => {
    // Seed 000 §4: the started time is set once; the server ignores repeats.
    if (record) void import("./progress-calls").then(({ startElement }) => startElement(element.id));
  }, [record, element.id]);
  return (
    <article className="mx-auto flex max-w-4xl flex-col gap-8" data-testid="element-page" data-element={element.id} data-state={element.state ?? "locked"}>
      <header className="flex flex-col gap-3">
        <Link
          to={backTo}
          className="inline-flex items-center gap-2 self-start text-sm font-medium text-primary-strong hover:underline"
          data-testid="back-to-course"
        >
          <Icon name="arrow-start" className="size-4 rtl:-scale-x-100" />
          {course.title}
        </Link>
        <p className="flex flex-wrap items-center gap-2 text-sm font-semibold uppercase tracking-wide text-muted">
          <Icon name={ELEMENT_ICON[element.type]} className="size-4" />
          {t(`element.type.${element.type}`)} {element.number}
          <span aria-hidden="true">·</span>
          <span className="normal-case">{formatDuration(element.duration, lang)}</span>
          {element.state === "done" ? <Badge tone="success">{t("element.status.done")}</Badge> : null}
          {element.preview ? <Badge tone="neutral">{t("preview.badge")}</Badge> : null}
        </p>
        <h1 className={repeatsTitle ? "sr-only" : "font-title text-3xl font-extrabold text-ink sm:text-4xl"}>{element.title}</h1>
      </header>
      {element.components.length > 0 ? (
        <PageRenderer blocks={element.components} place={{ courseId: course.id, elementId: element.id }} />
      ) : test ? null : (
        <p className="text-muted">{t("element.empty")}</p>
      )}
      {test && !element.preview ? (
        <Suspense fallback={null}>
          <TestRunner elementId={element.id} initial={test} onPassed={onPassed} />
        </Suspense>
      ) : null}
      {element.preview ? null : (
        <>
          <ElementFooter
            element={element}
            course={course}
            tracksProgress={element.tracksProgress}
            guest={viewer === "guest"}
            finishBlocked={!!test && !testPassed && element.state !== "done"}
          />
          {element.discussion.active ? (
            <>
              <DiscussionButton discussionId={element.discussion.id} courseId={course.id} elementId={element.id} />
              <DiscussionLauncher />
            </>
          ) : null}
        </>
      )}
    </article>
  );
}
