/**
 * Seed 001 §2: "Scenario and step are added to the return address after sign-in", so a redirect
 * sign-in (Google, Facebook, messengers) comes back to the popup it left, at the step after login.
 */
export function scenarioReturnAddress(path: string, scenarioId: string | undefined, stepId?: string): string {
  if (!scenarioId || scenarioId === "login") return path;
  const url = new URL(path, "http://x");
  url.searchParams.set("scenario", scenarioId);
  if (stepId) url.searchParams.set("step", stepId);
  return `${url.pathname}${url.search}${url.hash}`;
}
