import { useState } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { loadKeyNamespace } from "../../i18n/key-namespace";
import { Link, useLocation, useNavigate } from "react-router";
import type { TElementPage, TElementType } from "../../../domain/element";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Icon } from "../../components/ui/icon";
import { useLang } from "../../root-data";
import { useScenario } from "../scenario/use-scenario";
import { courseTarget } from "./course-target";
import { finishDestination } from "./rules";

export interface ElementFooterProps {
  element: { id: string; type: TElementType; state: "opened" | "done" | null; isLast: boolean; previous: TElementPage["previous"]; next: TElementPage["next"] };
  course: { id: string; isCommercial: boolean; isBought: boolean; requiresRegistration: boolean; price: number | null; currency: string | null };
  /** Finishing is recorded for this viewer (a disciple, a session user). */
  tracksProgress: boolean;
  /** A visitor without any account: finishing first starts the free lesson (a session, or the login). */
  guest: boolean;
  /** A test not passed yet: finishing waits for a pass (issue 13). */
  finishBlocked?: boolean;
}

/**
 * Below an element: previous and next (the server never offers a locked one) and the finish action,
 * which marks the element done on the server and then opens the element that finishing opened.
 */
export function ElementFooter({ element, course, tracksProgress, guest, finishBlocked = false }: ElementFooterProps) {
  const { t } = useTranslation("learn");
  const { t: tAny, i18n } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const engine = useScenario();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const finish = async () => {
    setBusy(true);
    setError(null);
    const { finishElement } = await import("./progress-calls");
    const res = await finishElement(element.id);
    if (!res.ok) {
      await loadKeyNamespace(i18n, res.error.key);
      setBusy(false);
      setError(res.error.key);
      return;
    }
    const [award] = res.data.awards;
    // A finish that earned an award opens the award-popup on the page it leads to.
    navigate(finishDestination({ lang, courseId: course.id, reply: res.data, next: element.next }), award ? { state: { awardPopup: award } } : undefined);
    setBusy(false);
  };

  const onFinish = () => {
    if (tracksProgress) return void finish();
    // Seed 001 "Free lesson start": a session is created (or the login opens), then the finish counts.
    void engine.start("start-free-lesson", {
      course: courseTarget(course, lang, async () => pathname),
      finalize: async () => {
        engine.close();
        await finish();
      },
    });
  };

  const done = element.state === "done";
  const canFinish = tracksProgress || guest;
  return (
    <nav aria-label={t("element.navigation")} className="flex flex-col gap-4 border-t border-line pt-6">
      {error ? <Alert tone="danger" title={tAny(error)} /> : null}
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div className="min-w-0">
          {element.previous ? (
            <Link
              to={element.previous.path}
              rel="prev"
              className="inline-flex items-center gap-2 font-medium text-primary-strong hover:underline"
              data-testid="element-previous"
            >
              <Icon name="arrow-start" className="size-4 rtl:-scale-x-100" />
              <span>
                <span className="sr-only">{t("element.previous")}: </span>
                {element.previous.title}
              </span>
            </Link>
          ) : null}
        </div>
        {canFinish ? (
          done ? (
            <span className="inline-flex items-center gap-2 font-semibold text-success" data-testid="element-done">
              <Icon name="check" className="size-5" />
              {t(`element.doneMark.${element.type}`)}
            </span>
          ) : (
            <div className="flex flex-col items-center gap-1">
              <Button
                size="lg"
                onClick={onFinish}
                disabled={busy || finishBlocked}
                aria-describedby={finishBlocked ? "element-finish-hint" : undefined}
                data-testid="element-finish"
              >
                <Icon name="check" className="size-5" />
                {element.isLast ? t("element.finishCourse") : t(`element.finish.${element.type}`)}
              </Button>
              {finishBlocked ? (
                <p id="element-finish-hint" className="text-sm text-muted" data-testid="element-finish-hint">
                  {t("test.finishHint")}
                </p>
              ) : null}
            </div>
          )
        ) : null}
        <div className="min-w-0">
          {element.next ? (
            <Link
              to={element.next.path}
              rel="next"
              className="inline-flex items-center gap-2 font-medium text-primary-strong hover:underline"
              data-testid="element-next"
            >
              <span>
                <span className="sr-only">{t("element.next")}: </span>
                {element.next.title}
              </span>
              <Icon name="arrow-end" className="size-4 rtl:-scale-x-100" />
            </Link>
          ) : null}
        </div>
      </div>
    </nav>
  );
}
