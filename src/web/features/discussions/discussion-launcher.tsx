import { Suspense, useCallback, useLayoutEffect, useReducer, useState } from "react";
import { lazyPart } from "../../lib/lazy-part";
import { isSignedIn } from "../../../domain/user";
import { useAuth } from "../auth/use-auth";
import { DISCUSSION_OPEN_EVENT, type DiscussionOpenDetail } from "../learning/discussion-button";
import { closedPopup, popupReducer } from "./popup-state";

/** The popup, its thread, zod and the discussions pack load when a discussion is first opened (docs/decisions/0020-lean-client.md). */
const popup = lazyPart(() => import("./discussion-popup"));

/**
 * The discussion popup's part of an element page, next to the discussion button: it answers the
 * button's event (sent after the login scenario's finalize step) by opening the popup on that thread,
 * and holds the popup's state (seed 000 §3). Small on purpose: everything else loads on the first open.
 * It lives on the element page, not in the default layout, so that it shares the page's chunk instead
 * of adding a file to every course page's first load (decision 0034).
 */
export function DiscussionLauncher() {
  const { user } = useAuth();
  const [state, dispatch] = useReducer(popupReducer, closedPopup);
  const [wanted, setWanted] = useState(false);

  // Another account (signed out, or someone else signed in) does not see the thread of the one before;
  // signing in from a guest (the login scenario before the popup opens) keeps it.
  const [owner, setOwner] = useState({ id: user.id, signedIn: isSignedIn(user) });
  if (owner.id !== user.id) {
    setOwner({ id: user.id, signedIn: isSignedIn(user) });
    if (owner.signedIn && state.visible) dispatch({ type: "close" });
  }

  // A layout effect: listening before any page effect may send the event (a notification's link opens it on hydration).
  useLayoutEffect(() => {
    const onOpen = (e: Event) => {
      const detail = (e as CustomEvent<DiscussionOpenDetail>).detail;
      if (!detail?.courseId) return;
      e.preventDefault();
      setWanted(true);
      dispatch({ type: "open", courseId: detail.courseId, discussionId: detail.discussionId });
    };
    window.addEventListener(DISCUSSION_OPEN_EVENT, onOpen);
    return () => window.removeEventListener(DISCUSSION_OPEN_EVENT, onOpen);
  }, []);

  // Focus goes back to the discussion button that opened it.
  const onCloseAutoFocus = useCallback((e: Event) => {
    const button = document.querySelector<HTMLElement>('[data-testid="discussion-button"]');
    if (!button) return;
    e.preventDefault();
    button.focus();
  }, []);

  return wanted ? (
    <Suspense fallback={null}>
      <popup.Component key={owner.id} state={state} dispatch={dispatch} onCloseAutoFocus={onCloseAutoFocus} />
    </Suspense>
  ) : null;
}
