import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { TIMERS } from "../../../domain/constants";
import { GUEST_ID } from "../../../domain/user";
import { useAuth } from "../auth/auth-context";
import { sendJson } from "../scenario/api";

function push(entry: Record<string, unknown>) {
  window.dataLayer ??= [];
  window.dataLayer.push(entry);
}

/**
 * Seed 001 §7: the tag manager gets the user id, and a page view 250 ms after each route (the
 * title and meta of the new route are in place by then). Seed 001 §4: 2 s after a learner signs
 * in, their progress is upgraded (force), for disciples only.
 */
export function useTagManagerAndProgressUpgrade() {
  const location = useLocation();
  const { user } = useAuth();

  useEffect(() => {
    const timer = setTimeout(
      () => push({ event: "page_view", page_path: location.pathname + location.search, page_title: document.title }),
      TIMERS.pageViewEventMs,
    );
    return () => clearTimeout(timer);
  }, [location.pathname, location.search]);

  const previous = useRef(user.id);
  useEffect(() => {
    if (user.id !== GUEST_ID) push({ userId: user.id });
    const signedInNow = previous.current !== user.id && user.status !== "session" && user.id !== GUEST_ID;
    previous.current = user.id;
    if (!signedInNow || !user.roles.includes("disciple")) return;
    const timer = setTimeout(() => {
      void sendJson("POST", "/api/progress/upgrade", { force: true }).then((res) => {
        if (!res.ok) console.warn("Progress upgrade after sign-in failed", res.error.message);
      });
    }, TIMERS.progressUpgradeMs);
    return () => clearTimeout(timer);
  }, [user.id, user.status, user.roles]);
}

export function TagManager() {
  useTagManagerAndProgressUpgrade();
  return null;
}
