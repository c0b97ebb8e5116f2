import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { guestUser, isSignedIn, type TUser } from "../../../domain/user";
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
    const { fetchMe } = await import("./auth-calls");
    const next = await fetchMe();
    setUser(next);
    return next;
  }, [setUser]);
  const signOut = useCallback(async () => {
    const { logout } = await import("./auth-calls");
    await logout();
    setUser(guestUser());
  }, [setUser]);
  // A revalidated root loader (e.g. after a sign-in on the server) is the newer truth.
  useEffect(() => setUser(initial), [initial, setUser]);
  const latest = useCallback(() => latestRef.current, []);
  const value = useMemo(() => ({ user, signedIn: isSignedIn(user), refresh, signOut, latest }), [user, refresh, signOut, latest]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
