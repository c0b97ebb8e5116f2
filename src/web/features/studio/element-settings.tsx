import { type TElementPatch, type TStudioElement, ZElementSettings } from "../../../domain/studio";
import { SettingsForm } from "./settings-form";
import { patchElement } from "./studio-calls";

function settingsOf(element: TStudioElement): Record<string, unknown> {
  const { title, duration, cover, discussionActive } = element;
  return { title, duration, ...(cover ? { cover } : {}), discussionActive };
}

/**
 * An element's title in every language, duration, cover and discussion switch, in the form generated
 * from ZElementSettings.
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
  return (
    <div className="border-t border-line pt-4">
      <SettingsForm
        schema={ZElementSettings}
        initial={settingsOf(element)}
        languages={languages}
        save={(patch) => patchElement(element.id, patch as TElementPatch)}
        settingsOf={settingsOf}
        onSaved={onSaved}
        testId="element-settings"
        helpScope="element"
        saveTestId="element-save"
        stateTestId="element-save-state"
      />
    </div>
  );
}
