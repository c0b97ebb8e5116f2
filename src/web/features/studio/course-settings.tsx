import { type TCoursePatch, type TStudioCourse, ZCoursePatch } from "../../../domain/studio";
import { settingsOf } from "./course-settings-value";
import { SettingsForm } from "./settings-form";
import { patchCourse } from "./studio-calls";

/** A course's settings, in the form generated from ZCoursePatch (every language side by side). */
export function CourseSettings({ course, languages, onSaved }: { course: TStudioCourse; languages: readonly string[]; onSaved: (c: TStudioCourse) => void }) {
  return (
    <SettingsForm
      schema={ZCoursePatch}
      initial={settingsOf(course)}
      languages={languages}
      save={(patch) => patchCourse(course.id, patch as TCoursePatch)}
      settingsOf={settingsOf}
      onSaved={onSaved}
      testId="course-settings"
      helpScope="course"
      saveTestId="course-save"
      stateTestId="course-save-state"
    />
  );
}
