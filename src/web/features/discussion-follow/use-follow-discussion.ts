import { useCallback, useRef, useState } from "react";
import type { ApiError } from "../../lib/api";
import { useLang } from "../../root-data";

export interface FollowState {
  /** What the button shows: the choice being saved, else the server's. */
  following: boolean;
  /** A change is on its way to the server. */
  pending: boolean;
  /** The last change failed (the button shows the previous state again); null after a success. */
  error: ApiError | null;
  /** Follows or unfollows; resolves true when the server kept it. */
  setFollowing(next: boolean): Promise<boolean>;
}

/**
 * Following one thread (docs/decisions/0044): `initial` is the thread reply's `following`. The change
 * shows at once and is undone when the server refuses it. A newer `initial` (the thread read again)
 * wins while nothing is being saved.
 */
export function useFollowDiscussion(discussionId: string, initial: boolean): FollowState {
  const lang = useLang();
  const [state, setState] = useState({ discussionId, initial, following: initial });
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const latest = useRef(0);
  let current = state;
  if (!pending && (state.discussionId !== discussionId || state.initial !== initial)) {
    current = { discussionId, initial, following: initial };
    setState(current);
  }
  const following = current.following;

  const setFollowing = useCallback(
    async (next: boolean) => {
      const call = ++latest.current;
      const before = following;
      setState((s) => ({ ...s, following: next }));
      setPending(true);
      setError(null);
      const { putFollow } = await import("./follow-calls");
      const res = await putFollow(discussionId, next, lang);
      // Only the newest click decides what is shown.
      if (call !== latest.current) return res.ok;
      setPending(false);
      if (res.ok) setState((s) => ({ ...s, following: res.data.following }));
      else {
        setState((s) => ({ ...s, following: before }));
        setError(res.error);
      }
      return res.ok;
    },
    [discussionId, following, lang],
  );
  return { following, pending, error, setFollowing };
}
