import { createContext, useContext } from "react";
import type { TUser } from "../../../domain/user";

export interface AuthState {
  user: TUser;
  signedIn: boolean;
  /** Re-reads the current user from the server (after sign-in, sign-up, profile changes). */
  refresh(): Promise<TUser>;
  signOut(): Promise<void>;
  /** The newest user known, even before React re-renders (middleware runs right after a refresh). */
  latest(): TUser;
}

/** The current user; AuthProvider (auth-context.tsx) provides it. */
export const AuthContext = createContext<AuthState | null>(null);

export function useAuth(): AuthState {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error("useAuth outside AuthProvider");
  return ctx;
}
