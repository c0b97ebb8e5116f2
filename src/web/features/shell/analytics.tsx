import { useEffect } from "react";
import { useLocation } from "react-router";
import { TIMERS } from "../../../domain/constants";
import { GUEST_ID } from "../../../domain/user";
import { useAuth } from "../auth/use-auth";

function push(entry: Record<string, unknown>) {
  window.dataLayer ??= [];
  window.dataLayer.push(entry);
}

/**
 * Seed 001 §7: the tag manager gets the user id, and a page view 250 ms after each route (the
 * title and meta of the new route are in place by then).
 */
export function TagManager() {
  const location = useLocation();
  const { user } = useAuth();

  useEffect(() => {
    const timer = setTimeout(
      () => push({ event: "page_view", page_path: location.pathname + location.search, page_title: document.title }),
      TIMERS.pageViewEventMs,
    );
    return () => clearTimeout(timer);
  }, [location.pathname, location.search]);

  useEffect(() => {
    if (user.id !== GUEST_ID) push({ userId: user.id });
  }, [user.id]);
  return null;
}
