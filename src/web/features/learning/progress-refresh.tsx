import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";
import { TIMERS } from "../../../domain/constants";
import { isSignedIn } from "../../../domain/user";
import { useAuth } from "../auth/use-auth";

/**
 * Seed 001 §4/§9: about 2 s after a sign-in the progress is upgraded (force, disciples only) and the
 * page refreshes (on a course page: states and the opened-element marker become the account's).
 */
export function ProgressRefreshAfterLogin() {
  const { user } = useAuth();
  const { revalidate } = useRevalidator();
  const seen = useRef(user.id);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef({ revalidate, signedIn: isSignedIn(user), disciple: user.roles.includes("disciple") });
  latest.current = { revalidate, signedIn: isSignedIn(user), disciple: user.roles.includes("disciple") };

  useEffect(() => {
    if (seen.current === user.id) return;
    seen.current = user.id;
    if (!latest.current.signedIn) return;
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(async () => {
      timer.current = null;
      if (latest.current.disciple) await (await import("./progress-calls")).upgradeProgress();
      await latest.current.revalidate();
    }, TIMERS.progressUpgradeMs);
  }, [user.id]);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  return null;
}
