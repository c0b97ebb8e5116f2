import { createContext, useCallback, useContext, useMemo, useState } from "react";
import { guestUser, isSignedIn, type TUser } from "../../../domain/user";

interface AuthState {
  user: TUser;
  signedIn: boolean;
  /** Re-reads the current user from the server (after sign-in, sign-up, profile changes). */
  refresh(): Promise<TUser>;
  signOut(): Promise<void>;
}

const AuthContext = createContext<AuthState | null>(null);

/**
 * The current user: server-rendered first, then kept in the browser. A 401 TOKEN-BAD means the
 * stored token is gone (the server already cleared the cookie): the visitor is a guest again.
 */
export function AuthProvider({ initial, children }: { initial: TUser; children: React.ReactNode }) {
  const [user, setUser] = useState<TUser>(initial);
  const refresh = useCallback(async () => {
    const res = await fetch("/api/users/me", { headers: { accept: "application/json" } });
    const next = res.ok ? ((await res.json()) as TUser) : guestUser();
    setUser(next);
    return next;
  }, []);
  const signOut = useCallback(async () => {
    await fetch("/api/auth/logout", { method: "POST" }).catch(() => undefined);
    setUser(guestUser());
  }, []);
  const value = useMemo(() => ({ user, signedIn: isSignedIn(user), refresh, signOut }), [user, refresh, signOut]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error("useAuth outside AuthProvider");
  return ctx;
}
