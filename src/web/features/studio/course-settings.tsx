import { useState } from "react";
import { type TStudioCourse, ZCoursePatch } from "../../../domain/studio";
import { Button } from "../../components/ui/button";
import { loadKeyNamespace } from "../../i18n/key-namespace";
import { useTranslation } from "../../i18n/use-translation";
import { BlockPropsForm } from "./block-props-form";
import { type CourseSettings as Settings, serverIssuesOf, settingsOf, settingsPatch } from "./course-settings-value";
import type { PathIssue } from "./form-value";
import { SaveStatus, type SaveState } from "./save-status";
import { patchCourse } from "./studio-calls";

/**
 * A course's settings, in the form generated from ZCoursePatch (every language side by side). Save
 * sends only what changed; the server's refusals are shown at their fields and in the save state.
 */
export function CourseSettings({ course, languages, onSaved }: { course: TStudioCourse; languages: readonly string[]; onSaved: (c: TStudioCourse) => void }) {
  const { t, i18n } = useTranslation("studio");
  const { t: tAny } = useTranslation();
  const [saved, setSaved] = useState<Settings>(() => settingsOf(course));
  const [value, setValue] = useState<Settings>(saved);
  const [state, setState] = useState<SaveState>({ kind: "idle" });
  const [serverIssues, setServerIssues] = useState<PathIssue[]>([]);
  const patch = settingsPatch(saved, value);
  const dirty = Object.keys(patch).length > 0;

  const change = (next: unknown) => {
    setValue(next as Settings);
    setServerIssues([]);
    if (state.kind !== "saving") setState({ kind: "idle" });
  };

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    if (state.kind === "saving") return;
    if (!dirty) {
      setState({ kind: "nothing" });
      return;
    }
    // The form shows the schema's issues at their fields already: nothing goes to the server until they are fixed.
    if (!ZCoursePatch.safeParse(value).success) {
      setState({ kind: "failed", reason: t("form.hasIssues") });
      return;
    }
    setState({ kind: "saving" });
    const res = await patchCourse(course.id, patch);
    if (res.ok) {
      const next = settingsOf(res.data);
      setSaved(next);
      setValue(next);
      setState({ kind: "saved" });
      onSaved(res.data);
      return;
    }
    await loadKeyNamespace(i18n, res.error.key);
    setServerIssues(serverIssuesOf(res.error.validationErrors));
    setState({ kind: "failed", reason: tAny(res.error.key) });
  };

  return (
    <form onSubmit={save} noValidate className="flex flex-col gap-4" data-testid="course-settings">
      <BlockPropsForm schema={ZCoursePatch} value={value} languages={languages} onChange={change} serverIssues={serverIssues} />
      <div className="flex flex-wrap items-center gap-4 border-t border-line pt-4">
        <Button type="submit" disabled={state.kind === "saving"} data-testid="course-save">
          {t("course.save")}
        </Button>
        <SaveStatus state={state} dirty={dirty} testId="course-save-state" />
      </div>
    </form>
  );
}
