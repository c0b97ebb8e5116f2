import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { ZNoContent } from "../../../domain/api-replies";
import { guestUser, isSignedIn, type TUser, ZUser } from "../../../domain/user";
import { ApiFailure, api } from "../../lib/api";
import { AuthContext } from "./use-auth";

/**
 * The current user: server-rendered first, then kept in the browser. A 401 TOKEN-BAD means the
 * stored token is gone (the server already cleared the cookie): the visitor is a guest again.
 */
export function AuthProvider({ initial, children }: { initial: TUser; children: React.ReactNode }) {
  const [user, setUserState] = useState<TUser>(initial);
  const latestRef = useRef<TUser>(initial);
  const setUser = useCallback((next: TUser) => {
    latestRef.current = next;
    setUserState(next);
  }, []);
  const refresh = useCallback(async () => {
    const res = await api.get("/api/users/me", ZUser);
    // No reply at all says nothing about who is signed in: the caller learns of it, the user stays.
    if (!res.ok && res.error.kind === "network") throw new ApiFailure(res.error);
    const next = res.ok ? res.data : guestUser();
    setUser(next);
    return next;
  }, [setUser]);
  const signOut = useCallback(async () => {
    await api.post("/api/auth/logout", ZNoContent);
    setUser(guestUser());
  }, [setUser]);
  // A revalidated root loader (e.g. after a sign-in on the server) is the newer truth.
  useEffect(() => setUser(initial), [initial, setUser]);
  const latest = useCallback(() => latestRef.current, []);
  const value = useMemo(() => ({ user, signedIn: isSignedIn(user), refresh, signOut, latest }), [user, refresh, signOut, latest]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
