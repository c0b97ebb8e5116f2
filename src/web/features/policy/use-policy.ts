import { useEffect, useState } from "react";
import type { PolicyCategory, TPolicy } from "../../../domain/policy";

export type PolicyState = { status: "loading"; policy: TPolicy | null } | { status: "ready"; policy: TPolicy } | { status: "error"; policy: TPolicy | null };

/** Loads a policy document for the popup; the previous document stays on screen while the next loads. */
export function usePolicy(category: PolicyCategory, lang: string, enabled: boolean): PolicyState {
  const [state, setState] = useState<PolicyState>({ status: "loading", policy: null });
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    setState((s) => ({ status: "loading", policy: s.policy }));
    fetch(`/api/policies/${encodeURIComponent(category)}?lang=${encodeURIComponent(lang)}`, { signal: controller.signal, headers: { accept: "application/json" } })
      .then(async (res) => {
        if (!res.ok) {
          await res.body?.cancel();
          throw new Error(`HTTP ${res.status}`);
        }
        setState({ status: "ready", policy: (await res.json()) as TPolicy });
      })
      .catch((e: unknown) => {
        if (controller.signal.aborted) return;
        console.error("policy fetch failed", e);
        setState((s) => ({ status: "error", policy: s.policy }));
      });
    return () => controller.abort();
  }, [category, lang, enabled]);
  return state;
}
