import { useEffect, useState } from "react";
import { FORM_FETCH_ERROR, type TForm } from "../../../domain/forms";
import type { ApiError } from "../../lib/api";
import { fetchForm } from "./api";

export type FormDefinition = { status: "loading" } | { status: "ready"; form: TForm } | { status: "error"; error: ApiError };

/** Loads a form in the page's language. */
export function useFormDefinition(formId: string, lang: string): FormDefinition {
  const [state, setState] = useState<FormDefinition>({ status: "loading" });
  useEffect(() => {
    const controller = new AbortController();
    setState({ status: "loading" });
    fetchForm(formId, lang, controller.signal)
      .then((res) => {
        if (controller.signal.aborted) return;
        if (!res.ok) console.error(FORM_FETCH_ERROR, res.error.message);
        setState(res.ok ? { status: "ready", form: res.data } : { status: "error", error: res.error });
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, [formId, lang]);
  return state;
}
