import { useState } from "react";
import { type TElementPatch, type TStudioElement, ZElementSettings } from "../../../domain/studio";
import { Button } from "../../components/ui/button";
import { loadKeyNamespace } from "../../i18n/key-namespace";
import { useTranslation } from "../../i18n/use-translation";
import { BlockPropsForm } from "./block-props-form";
import { type CourseSettings as Settings, serverIssuesOf, settingsPatch } from "./course-settings-value";
import type { PathIssue } from "./form-value";
import { SaveStatus, type SaveState } from "./save-status";
import { patchElement } from "./studio-calls";

function settingsOf(element: TStudioElement): Settings {
  const { title, duration, cover, discussionActive } = element;
  return { title, duration, ...(cover ? { cover } : {}), discussionActive };
}

/**
 * An element's title in every language, duration, cover and discussion switch, in the form generated
 * from ZElementSettings. Save sends what changed; a removed cover is sent as null.
 */
export function ElementSettings({
  element,
  languages,
  onSaved,
}: {
  element: TStudioElement;
  languages: readonly string[];
  onSaved: (e: TStudioElement) => void;
}) {
  const { t, i18n } = useTranslation("studio");
  const { t: tAny } = useTranslation();
  const [saved, setSaved] = useState<Settings>(() => settingsOf(element));
  const [value, setValue] = useState<Settings>(saved);
  const [state, setState] = useState<SaveState>({ kind: "idle" });
  const [serverIssues, setServerIssues] = useState<PathIssue[]>([]);
  const patch = settingsPatch<TElementPatch>(saved, value);
  if (saved.cover && value.cover === undefined) patch.cover = null;
  const dirty = Object.keys(patch).length > 0;

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    if (state.kind === "saving") return;
    if (!dirty) return setState({ kind: "nothing" });
    if (!ZElementSettings.safeParse(value).success) return setState({ kind: "failed", reason: t("form.hasIssues") });
    setState({ kind: "saving" });
    const res = await patchElement(element.id, patch);
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
    <form onSubmit={save} noValidate className="flex flex-col gap-4 border-t border-line pt-4" data-testid="element-settings">
      <BlockPropsForm
        schema={ZElementSettings}
        value={value}
        languages={languages}
        onChange={(next) => {
          setValue(next as Settings);
          setServerIssues([]);
          if (state.kind !== "saving") setState({ kind: "idle" });
        }}
        serverIssues={serverIssues}
      />
      <div className="flex flex-wrap items-center gap-4">
        <Button type="submit" disabled={state.kind === "saving"} data-testid="element-save">
          {t("course.save")}
        </Button>
        <SaveStatus state={state} dirty={dirty} testId="element-save-state" />
      </div>
    </form>
  );
}
