import { useState } from "react";
import { type CourseFacts, courseTarget } from "./course-target";
import { Button } from "../../components/ui/button";
import { cn } from "../../components/ui/cn";
import { useLang } from "../../root-data";
import { useScenario } from "../scenario/use-scenario";
import { useTranslation } from "../../i18n/use-translation";
import { alignClass, courseAction } from "./rules";

export interface CourseActionProps {
  course: CourseFacts & { button: { buttonText: string; buttonTextBuy: string; alignContent: string } };
  /** The course is finished (seed 000 §4 marker "finished"): the button goes over it again from the first element. */
  again?: boolean;
  /** Beside the main action (a finished course's certificate): outlined, not aligned on its own row. */
  secondary?: boolean;
}

/**
 * The course action button (seed 000 §4): buy-course for a commercial course not yet bought, else
 * start-free-lesson; the scenario signs the visitor in if needed and opens the opened element.
 */
export function CourseAction({ course, again = false, secondary = false }: CourseActionProps) {
  const lang = useLang();
  const engine = useScenario();
  const [busy, setBusy] = useState(false);
  const { t } = useTranslation("learn");
  const action = courseAction(course, course.button);
  const start = async () => {
    setBusy(true);
    try {
      await engine.start(action.scenario, { course: courseTarget(course, lang) });
    } finally {
      setBusy(false);
    }
  };
  // A finished course is not started again: its button says it goes over the course once more.
  const text = again ? t("course.actionAgain") : action.text.trim() || t(action.scenario === "buy-course" ? "course.actionBuy" : "course.actionStart");
  const button = (
    <Button
      size="lg"
      variant={secondary ? "outline" : undefined}
      onClick={start}
      disabled={busy}
      data-testid="course-action"
      data-scenario={action.scenario}
      data-again={again || undefined}
    >
      {text}
    </Button>
  );
  return secondary ? button : <div className={cn("flex", alignClass(course.button.alignContent))}>{button}</div>;
}
