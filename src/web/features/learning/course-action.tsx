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
}

/**
 * The course action button (seed 000 §4): buy-course for a commercial course not yet bought, else
 * start-free-lesson; the scenario signs the visitor in if needed and opens the opened element.
 */
export function CourseAction({ course }: CourseActionProps) {
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
  return (
    <div className={cn("flex", alignClass(course.button.alignContent))}>
      <Button size="lg" onClick={start} disabled={busy} data-testid="course-action" data-scenario={action.scenario}>
        {/* A course saved without a button text still gets a button that says what it does. */}
        {action.text.trim() || t(action.scenario === "buy-course" ? "course.actionBuy" : "course.actionStart")}
      </Button>
    </div>
  );
}
