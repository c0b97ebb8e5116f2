import { useState } from "react";
import type { ApiResult } from "../../lib/api";
import { loadKeyNamespace } from "../../i18n/key-namespace";
import { useTranslation } from "../../i18n/use-translation";
import { serverIssuesOf } from "./course-settings-value";
import type { PathIssue } from "./form-value";
import type { SaveState } from "./save-status";

/**
 * The save of a generated studio form (an entity's settings, a back-office settings section): its
 * save state and the server's refusals at their fields. A save is skipped when nothing changed and
 * refused when the value fails its schema; an edit makes the server's issues stale.
 */
export function useFormSave() {
  const { t, i18n } = useTranslation("studio");
  const { t: tAny } = useTranslation();
  const [state, setState] = useState<SaveState>({ kind: "idle" });
  const [serverIssues, setServerIssues] = useState<PathIssue[]>([]);

  async function submit<R>({
    dirty,
    valid,
    send,
    onSaved,
  }: {
    dirty: boolean;
    valid: boolean;
    send: () => Promise<ApiResult<R>>;
    onSaved: (saved: R) => void;
  }) {
    if (state.kind === "saving") return;
    if (!dirty) return setState({ kind: "nothing" });
    if (!valid) return setState({ kind: "failed", reason: t("form.hasIssues") });
    setState({ kind: "saving" });
    const res = await send();
    if (res.ok) {
      onSaved(res.data);
      setState({ kind: "saved" });
      return;
    }
    await loadKeyNamespace(i18n, res.error.key);
    setServerIssues(serverIssuesOf(res.error.validationErrors));
    setState({ kind: "failed", reason: tAny(res.error.key) });
  }

  function edited() {
    setServerIssues([]);
    if (state.kind !== "saving") setState({ kind: "idle" });
  }

  return { state, serverIssues, submit, edited };
}
